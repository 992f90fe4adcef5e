import {
  CURRENCIES,
  type Currency,
  type exchangeCall,
  type exchangeListCall,
  minorToDecimal,
  type ParsedRequestOf,
  type ratesCall,
} from '@kabuto/contract';
import { convertMinor } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { nextId, parseAmount, takeFundLock } from '../../ledger/funds';
import { HOUSE, postTransaction, userBalances } from '../../ledger/ledger';
import type { MoneyContext } from './common';
import type { Exchange } from './tables';

/**
 * The market's mid rate (units of `to` per one `from`), read at call time: the market service
 * may be built after this module, and rates move with the feed.
 */
export function midRate(ctx: MoneyContext, from: Currency, to: Currency): string | null {
  return ctx.market.fxRate(from, to);
}

/** SPEC §6.4: every pair's mid rate and the customer's rate after the configured spread. */
export function rates(ctx: MoneyContext, body: ParsedRequestOf<typeof ratesCall>) {
  const spreadBps = ctx.config.exchangeSpreadBps;
  const list: Array<{ from: Currency; to: Currency; mid: string; rate: string }> = [];
  for (const from of body.from ? [body.from] : CURRENCIES) {
    for (const to of CURRENCIES) {
      if (from === to) continue;
      const mid = midRate(ctx, from, to);
      if (mid === null) continue;
      const { appliedRate } = convertMinor({ amountMinor: 0, from, to, rate: mid, spreadBps });
      list.push({ from, to, mid, rate: appliedRate });
    }
  }
  return { spreadBps, list };
}

export function exchangeView(e: Exchange) {
  const from = e.from_currency as Currency;
  const to = e.to_currency as Currency;
  return {
    id: e.id,
    orderNo: e.order_no,
    from,
    to,
    fromAmount: minorToDecimal(e.from_minor, from),
    toAmount: minorToDecimal(e.to_minor, to),
    mid: String(e.mid_rate),
    rate: String(e.rate),
    spreadBps: e.spread_bps,
    createdAt: e.created_at.toISOString(),
  };
}

/**
 * SPEC §6.4 exchange: two different currencies, an amount, the fund password; the current rate
 * less the spread, rounded down in the domain (a conversion never creates money). Both legs are
 * one ledger transaction: user available(from) −a, house:fx(from) +a, house:fx(to) −b, user available(to) +b.
 */
export async function exchange(ctx: MoneyContext, user: User, body: ParsedRequestOf<typeof exchangeCall>) {
  const { from, to } = body;
  if (from === to) throw new DomainError('same_currency', { field: 'to' });
  const fromMinor = parseAmount(body.amount, from);
  const mid = midRate(ctx, from, to);
  if (mid === null) throw new DomainError('price_unavailable', { from, to });
  const spreadBps = ctx.config.exchangeSpreadBps;
  const { toMinor, appliedRate } = convertMinor({ amountMinor: fromMinor, from, to, rate: mid, spreadBps });
  if (toMinor <= 0) throw new DomainError('amount_below_min', { field: 'amount' });
  if ((await userBalances(ctx.db, user.id))[from].available < fromMinor) {
    throw new DomainError('balance_insufficient', { currency: from });
  }
  await verifyFundPassword(ctx, user.id, body.fund_password);

  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const id = await nextId(trx, 'exchanges');
    const posted = await postTransaction(
      trx,
      {
        kind: 'exchange',
        userId: user.id,
        refType: 'exchange',
        refId: id,
        memo: `exchange ${from}→${to} at ${appliedRate}`,
        postings: [
          { userId: user.id, account: 'available', currency: from, amountMinor: -fromMinor },
          { userId: HOUSE, account: 'house:fx', currency: from, amountMinor: fromMinor },
          { userId: HOUSE, account: 'house:fx', currency: to, amountMinor: -toMinor },
          { userId: user.id, account: 'available', currency: to, amountMinor: toMinor },
        ],
      },
      now,
    );
    return trx
      .insertInto('exchanges')
      .values({
        id,
        user_id: user.id,
        order_no: posted.orderNo,
        from_currency: from,
        to_currency: to,
        from_minor: fromMinor,
        to_minor: toMinor,
        mid_rate: mid,
        rate: appliedRate,
        spread_bps: spreadBps,
        ledger_transaction_id: posted.transactionId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return exchangeView(row);
}

export async function listExchanges(
  ctx: AppContext,
  userId: number,
  body: ParsedRequestOf<typeof exchangeListCall>,
) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('exchanges')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(body.size)
      .offset((body.page - 1) * body.size)
      .execute(),
    ctx.db
      .selectFrom('exchanges')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(exchangeView), page: body.page, size: body.size, total: Number(total.n) };
}
