import type { FastifyInstance } from 'fastify';
import { type ApiAnswer, fund, type Session, setFundPassword, type TestApp } from '../../../test/helpers';
import type { AppContext } from '../../context';
import { HOUSE, userBalances } from '../../ledger/ledger';
import { addTestCard, jpegImage, multipartApi, verifiedUser } from '../identity/testing';

/** Test support for the money calls. */

export const FUND_PASSWORD = 'fund1234';

/** A verified user with a fund password and a bound card. */
export async function moneyUser(
  t: TestApp,
  token: string,
  cardNumber?: string,
): Promise<{ session: Session; cardId: number }> {
  const session = await verifiedUser(t, token);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  const cardId = await addTestCard(
    t.app,
    session,
    cardNumber ?? `62${String(session.userId).padStart(14, '0')}`,
  );
  return { session, cardId };
}

export async function depositWithReceipt<T = unknown>(
  app: FastifyInstance,
  session: Session,
  fields: Record<string, string | number>,
  options: { receipt?: Uint8Array | null; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const receipt = options.receipt === undefined ? await jpegImage() : options.receipt;
  return multipartApi<T>(
    app,
    '/user/deposit',
    { fund_password: FUND_PASSWORD, ...fields },
    receipt ? { receipt: { data: receipt } } : {},
    { session, ...(options.headers ? { headers: options.headers } : {}) },
  );
}

/** Everything a refused call must leave untouched: balances, business rows, ledger transactions. */
export async function moneySnapshot(ctx: AppContext, userId: number) {
  const count = async (table: 'deposits' | 'withdrawals' | 'exchanges' | 'stored_files') => {
    const column = table === 'stored_files' ? 'owner_user_id' : 'user_id';
    const rows = await ctx.db.selectFrom(table).select('id').where(column, '=', userId).execute();
    return rows.length;
  };
  const ledger = await ctx.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  const house = await ctx.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('p.id')
    .where('a.user_id', '=', HOUSE)
    .execute();
  return {
    balances: await userBalances(ctx.db, userId),
    deposits: await count('deposits'),
    withdrawals: await count('withdrawals'),
    exchanges: await count('exchanges'),
    files: await count('stored_files'),
    ledgerTransactions: ledger.length,
    housePostings: house.length,
  };
}

export { fund };
