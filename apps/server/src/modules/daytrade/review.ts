import {
  type Currency,
  type Market,
  plainParam,
  type ReasonKey,
  type ReasonTemplate,
  renderReason,
} from '@kabuto/contract';
import type { Updateable } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Tx } from '../../db/schema';
import { releaseHold, settleHold } from '../../ledger/holds';
import type { PostingInput } from '../../ledger/ledger';
import { type MessageContent, messages, moneyParam, reasonText } from '../messages/port';
import { decided, type ReviewKindHooks, reviewedBy } from '../reviews/port';
import { closeDayPosition, LIVE_STATES } from '../trading/port';
import type { DayTradeRow, DayTradesTable } from './tables';
import './tables';
import { type DayTradeContext, LIVE, money, positionTotals } from './service';

/** The operator's review of an application and the session close that settles the day (SPEC §6.7). */
// ---------------------------------------------------------------------------------------------
// Review.

const amountOf = (a: DayTradeRow, minor: number) => moneyParam(minor, a.currency as Currency);

const MESSAGES = {
  approved: (a: DayTradeRow): MessageContent => ({
    template: {
      key: 'daytrade_approved',
      params: {
        order: { text: a.order_no },
        amount: amountOf(a, a.amount_minor),
        day: { date: a.trading_day },
      },
    },
  }),
  rejected: (a: DayTradeRow, reason: string | null): MessageContent => ({
    template: {
      key: 'daytrade_rejected',
      params: { order: { text: a.order_no }, reason: { text: reasonText(reason) } },
    },
  }),
  failed: (a: DayTradeRow): MessageContent => ({
    template: {
      key: 'daytrade_failed',
      params: {
        order: { text: a.order_no },
        amount: amountOf(a, a.amount_minor),
        day: { date: a.trading_day },
      },
    },
  }),
  settled: (a: DayTradeRow, returned: number, pnl: number): MessageContent => ({
    template: {
      key: 'daytrade_settled',
      params: {
        order: { text: a.order_no },
        day: { date: a.trading_day },
        pnl: amountOf(a, pnl),
        returned: amountOf(a, returned),
      },
    },
  }),
};

/** Whether the day of an application is over (approval after the close fails the application). */
const dayOver = (a: DayTradeRow, now: Date) => now.getTime() >= a.close_at.getTime();

/** Marks an application failed and releases its participation (state-guarded by the caller's lock). */
/**
 * The server's own reason for a failed application: its plain English (the back office's
 * `reason`) and the key with the session close for the investor's app to write in their language.
 */
function closeReason(a: DayTradeRow, key: ReasonKey): { text: string; template: ReasonTemplate } {
  const template: ReasonTemplate = {
    key,
    params: { close: { date: a.close_at.toISOString(), market: a.market } },
  };
  return { text: renderReason(template, 'us', plainParam)!, template };
}

async function failApplication(trx: Tx, a: DayTradeRow, key: ReasonKey, now: Date): Promise<string> {
  const reason = closeReason(a, key);
  await releaseHold(
    trx,
    a.hold_id,
    { kind: 'daytrade_release', memo: `day trade ${a.order_no} failed` },
    now,
  );
  await trx
    .updateTable('day_trades')
    .set({
      state: 'failed',
      reason: reason.text,
      reason_template: JSON.stringify(reason.template),
      settled_at: now,
      returned_minor: a.amount_minor,
      pnl_minor: 0,
      fees_minor: 0,
    })
    .where('id', '=', a.id)
    .execute();
  return reason.text;
}

/** Writes a decision's fields on the application's row. */
async function recordReview(trx: Tx, a: DayTradeRow, fields: Updateable<DayTradesTable>): Promise<void> {
  await trx.updateTable('day_trades').set(fields).where('id', '=', a.id).execute();
}

/**
 * SPEC §9 review queue 'daytrade': approval lets the user trade in day mode that day (an approval
 * after the day's close fails the application and releases it); rejection releases.
 */
export const dayTradeReview: ReviewKindHooks<DayTradeRow> = {
  kind: 'daytrade',
  async load(db, ids, forUpdate) {
    let query = db.selectFrom('day_trades').selectAll().where('id', 'in', ids);
    if (forUpdate) query = query.forUpdate();
    return query.execute();
  },
  details: (a) => ({
    orderNo: a.order_no,
    market: a.market,
    currency: a.currency,
    amount: money(a.amount_minor, a.currency),
    leverage: a.leverage,
    buyingPower: money(a.amount_minor * a.leverage, a.currency),
    tradingDay: a.trading_day,
    closeAt: a.close_at.toISOString(),
    state: a.state,
  }),
  async approve(trx, a, decision) {
    const { now } = decision;
    if (a.state !== 'pending') return recordReview(trx, a, reviewedBy(decision));
    if (dayOver(a, now)) {
      // Failed at the close: the server's own reason stays on the row.
      await failApplication(trx, a, 'daytrade_approved_after_close', now);
      const { reason: _, ...reviewer } = reviewedBy(decision);
      return recordReview(trx, a, reviewer);
    }
    await recordReview(trx, a, decided(decision));
  },
  async reject(trx, a, decision) {
    const { now, reason } = decision;
    if (a.state !== 'pending') return recordReview(trx, a, reviewedBy(decision));
    await recordReview(trx, a, decided(decision));
    await releaseHold(
      trx,
      a.hold_id,
      { kind: 'daytrade_release', memo: `day trade ${a.order_no} rejected${reason ? `: ${reason}` : ''}` },
      now,
    );
  },
  message: (a, { decision, reason, now }) => {
    if (decision === 'reject') return MESSAGES.rejected(a, reason);
    return a.state === 'pending' && dayOver(a, now) ? MESSAGES.failed(a) : MESSAGES.approved(a);
  },
};

// ---------------------------------------------------------------------------------------------
// The session close.

/**
 * SPEC §6.5 at a market's session close (a jobs-runner slot; a node that was down runs it at
 * start): every application whose close has passed is settled. Pending ones fail and release
 * (their review is withdrawn); approved or trading ones have their open day-mode positions closed
 * at market and pending day-mode orders cancelled, then participation ± realised P&L − fees
 * returns to available funds. Each step checks its state, so a run that died half-way reruns.
 */
export async function settleMarket(ctx: DayTradeContext, market: Market): Promise<string> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom('day_trades')
    .select('id')
    .where('market', '=', market)
    .where('state', 'in', [...LIVE])
    .where('close_at', '<=', now)
    .orderBy('id')
    .execute();
  let settled = 0;
  let failed = 0;
  let closed = 0;
  for (const { id } of due) {
    const positions = await ctx.db
      .selectFrom('positions')
      .select('id')
      .where('source', '=', 'daytrade')
      .where('source_id', '=', id)
      .where('state', 'in', [...LIVE_STATES])
      .orderBy('id')
      .execute();
    for (const p of positions) if ((await closeDayPosition(ctx, p.id, now)) === 'closed') closed++;
    const outcome = await inTransaction(ctx.db, async (trx) => {
      const a = await trx
        .selectFrom('day_trades')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!a || !(LIVE as readonly string[]).includes(a.state)) return 'gone';
      if (a.state === 'pending') {
        const reason = await failApplication(trx, a, 'daytrade_not_reviewed', now);
        await ctx.reviewQueue.withdraw(trx, 'daytrade', a.id, reason, now);
        await messages.send(trx, { userId: a.user_id, kind: 'day_trade', ...MESSAGES.failed(a) }, now);
        return 'failed';
      }
      const totals = await positionTotals(trx, a.id);
      if (totals.live > 0) throw new Error(`day trade ${a.id} still has open positions`);
      const returned = a.amount_minor + totals.pnl - totals.fees;
      const currency = a.currency as Currency;
      const to: PostingInput[] = [];
      if (a.amount_minor - returned !== 0)
        to.push({
          userId: a.user_id,
          account: 'frozen:daytrade',
          currency,
          amountMinor: a.amount_minor - returned,
        });
      if (returned > 0) to.push({ userId: a.user_id, account: 'available', currency, amountMinor: returned });
      if (returned > 0)
        await settleHold(
          trx,
          a.hold_id,
          { kind: 'daytrade_settle', memo: `day trade ${a.order_no} settled`, to },
          now,
        );
      // Nothing returns (the whole participation was lost): the hold is resolved without a posting.
      else
        await trx
          .updateTable('ledger_holds')
          .set({ state: 'settled', resolved_at: now })
          .where('id', '=', a.hold_id)
          .where('state', '=', 'held')
          .execute();
      await trx
        .updateTable('day_trades')
        .set({
          state: 'executed',
          settled_at: now,
          returned_minor: returned,
          pnl_minor: totals.pnl,
          fees_minor: totals.fees,
        })
        .where('id', '=', a.id)
        .execute();
      await messages.send(
        trx,
        { userId: a.user_id, kind: 'day_trade', ...MESSAGES.settled(a, returned, totals.pnl) },
        now,
      );
      return 'settled';
    });
    if (outcome === 'settled') settled++;
    if (outcome === 'failed') failed++;
  }
  return `${market}: ${settled} settled, ${failed} failed, ${closed} positions closed`;
}
