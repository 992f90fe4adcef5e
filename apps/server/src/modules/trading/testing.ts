import { api, createTestApp, fund, registerUser, type Session, type TestApp } from '../../../test/helpers';
import type { Config } from '../../config';
import { userBalances } from '../../ledger/ledger';

/** Instruments the trading tests use: Toyota (¥2,850.0), Apple ($228.50), Moutai (¥1,520.00), CATL (¥255.00), the Nikkei 225. */
export const CODES = { jpy: '7203', usd: 'AAPL', cny: '600519', cnyWide: '300750', index: '^N225' } as const;

/**
 * An app with every feature, over a market of the few instruments above, without a feed or
 * history: prices move only when a test ingests a tick (`tick`).
 */
export async function createTradingApp(
  options: { config?: Partial<Config>; now?: string } = {},
): Promise<TestApp> {
  return createTestApp({ ...options, config: { marketCodes: Object.values(CODES), ...options.config } });
}

/** Moves a price and waits for the engine to finish what the tick triggered. */
export async function tick(t: TestApp, code: string, price: string, volume = 100): Promise<void> {
  const instrument = t.ctx.market.instrument(code);
  if (!instrument) throw new Error(`unknown code ${code}`);
  t.ctx.market.ingest({
    code,
    market: instrument.market,
    price,
    volume,
    time: t.clock.now().toISOString(),
  });
  await t.ctx.trading.engine.idle();
}

/** A registered user with funds in a currency. */
export async function fundedUser(
  t: TestApp,
  currency: 'JPY' | 'USD' | 'CNY',
  minor: number,
): Promise<Session> {
  const session = await registerUser(t.app);
  await fund(t.ctx, session.userId, currency, minor);
  return session;
}

export interface PositionAnswer {
  id: number;
  orderNo: string;
  state: string;
  status: number;
  margin: string;
  openFee: string;
  frozen: string;
  openPrice: string | null;
  closePrice: string | null;
  closeFee: string | null;
  realisedPnl: string | null;
  houseAbsorbed: string | null;
  closeReason: string | null;
  pnl: string;
  money: string;
  yingkui: string;
  nowprice: string;
  stock_num: number;
  buy_price: string;
  [key: string]: unknown;
}

export const order = (
  t: TestApp,
  session: Session,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => api<PositionAnswer>(t.app, '/trade/order', body, { session, ...(headers ? { headers } : {}) });

/** Everything a refused call must leave unchanged for a user. */
export async function snapshot(t: TestApp, userId: number) {
  const [balances, positions, transactions] = await Promise.all([
    userBalances(t.ctx.db, userId),
    t.ctx.db.selectFrom('positions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    t.ctx.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { balances, positions, transactions: Number(transactions.n) };
}

/** The user's balance of one account in minor units. */
export async function balanceOf(t: TestApp, userId: number, currency: 'JPY' | 'USD' | 'CNY') {
  const b = (await userBalances(t.ctx.db, userId))[currency];
  return { available: b.available, frozenOrder: b.frozen.order };
}

/** Sum of a house account's postings in a currency. */
export async function houseBalance(t: TestApp, account: `house:${string}`, currency: string) {
  const row = await t.ctx.db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<string>('ledger_postings.amount_minor'), eb.val('0')).as('total'),
    )
    .where('ledger_accounts.user_id', '=', 0)
    .where('ledger_accounts.name', '=', account)
    .where('ledger_accounts.currency', '=', currency)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
