import type { Currency } from '@kabuto/contract';
import { inTransaction } from '../../db/database';
import { DomainError } from '../../errors';
import { settleHold } from '../../ledger/holds';
import { i18n } from '../identity/port';
import { messages } from '../messages/port';
import { settle } from '../trading/port';
import { type CopyContext, money } from './context';
import { holdingCash, mirroredPositions } from './holdings';

/** The end of a holding's lock-in (SPEC §6.5). */
/** How often the lock-in job looks for holdings whose lock-in has ended. */
export const LOCKIN_SWEEP_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// End of lock-in

const END_MESSAGE = {
  title: i18n('跟单已到期', 'Copy holding ended', 'コピートレードが満了しました'),
  body: (orderNo: string, product: string, amount: string) =>
    i18n(
      `跟单 ${orderNo}（${product}）锁定期结束，跟单持仓已按市价平仓，${amount} 已返还至可用资金。`,
      `Copy holding ${orderNo} (${product}) reached the end of its lock-in: its mirrored positions closed at market and ${amount} returned to your available funds.`,
      `コピートレード ${orderNo}（${product}）のロック期間が終了し、ミラー建玉を成行で決済しました。${amount} を利用可能資金に戻しました。`,
    ),
};

/**
 * SPEC §6.5 end of lock-in: the holding's mirrored positions close at the current price, the
 * hold settles (its cash returns to available, whatever it gained or lost) and the user gets a
 * message; state ended. One transaction per holding, state-guarded: safe to run again.
 */
export async function endLockIns(ctx: CopyContext): Promise<string> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom('copy_holdings')
    .select('id')
    .where('state', '=', 'active')
    .where('lock_until', '<=', now)
    .orderBy('lock_until')
    .limit(1_000)
    .execute();
  let ended = 0;
  for (const { id } of due) {
    const closed = await endHolding(ctx, id, now);
    if (closed) {
      ended++;
      for (const positionId of closed) ctx.trading.engine.untrack(positionId);
    }
  }
  return `${ended} ended`;
}

async function endHolding(ctx: CopyContext, id: number, now: Date): Promise<number[] | null> {
  return inTransaction(ctx.db, async (trx) => {
    const holding = await trx
      .selectFrom('copy_holdings')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (holding?.state !== 'active' || new Date(holding.lock_until).getTime() > now.getTime()) return null;
    const open = await trx
      .selectFrom('positions')
      .selectAll()
      .where('source', '=', 'copy')
      .where('source_id', '=', holding.id)
      .where('state', '=', 'holding')
      .orderBy('id')
      .forUpdate()
      .execute();
    const closedIds: number[] = [];
    for (const row of open) {
      const price = ctx.market.quote(row.code)?.price;
      // Without a price the holding waits for the next run.
      if (!price) throw new DomainError('price_unavailable', { code: row.code });
      await settle(ctx, trx, row, price, 'settlement', now);
      closedIds.push(row.id);
    }
    const positions = (await mirroredPositions(trx, [holding.id])).get(holding.id) ?? [];
    const cash = holdingCash(holding, positions);
    const currency = holding.currency as Currency;
    await settleHold(
      trx,
      holding.hold_id,
      {
        kind: 'copy_end',
        memo: holding.order_no,
        to: [
          { userId: holding.user_id, account: 'available', currency, amountMinor: cash },
          {
            userId: holding.user_id,
            account: 'frozen:copy',
            currency,
            amountMinor: holding.amount_minor - cash,
          },
        ].filter((p) => p.amountMinor !== 0) as Parameters<typeof settleHold>[2]['to'],
      },
      now,
    );
    await trx
      .updateTable('copy_holdings')
      .set({ state: 'ended', ended_at: now, returned_minor: cash })
      .where('id', '=', holding.id)
      .execute();
    const product = await trx
      .selectFrom('copy_products')
      .select('name')
      .where('id', '=', holding.product_id)
      .executeTakeFirstOrThrow();
    await messages.send(
      trx,
      {
        userId: holding.user_id,
        kind: 'copy_ended',
        title: END_MESSAGE.title,
        body: END_MESSAGE.body(holding.order_no, product.name, `${money(cash, currency)} ${currency}`),
      },
      now,
    );
    return closedIds;
  }).catch((error) => {
    if (error instanceof DomainError && error.key === 'price_unavailable') return null;
    throw error;
  });
}
