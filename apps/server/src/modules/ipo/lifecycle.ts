import { Decimal, type NewShareState } from '@kabuto/contract';
import { drawLottery, LOTTERY_ALGORITHM, lotterySeed, notionalMinor, roundToTick } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { placeHolds, releaseHolds, settleHolds } from '../../ledger/holds';
import { randomFor } from '../../market/random';
import { listingSpec } from '../../market/universe';
import { messages } from '../messages/port';
import { allottedPosition } from '../trading/port';
import type { NewShare, Subscription } from './tables';
import './tables';
import {
  type AdvanceOptions,
  currencyOf,
  FIRST_PRICE_RANGE,
  type IpoContext,
  lotOf,
  SETTLE_BATCH,
} from './context';
import { listedMessage, wonMessage } from './messages';
import { release } from './service';

/** The moments of a new share (SPEC §6.6), moved by the jobs runner: draw, payment deadline, listing. */
// ---------------------------------------------------------------------------------------------
// The moments of a share, moved by the jobs runner.

/** The first traded price on listing day: the offer times a factor drawn from the market seed. */
export function firstPrice(seed: string, share: Pick<NewShare, 'code' | 'market' | 'price'>): string {
  const r = randomFor(seed, 'ipo-first-price', share.code).next();
  const factor = FIRST_PRICE_RANGE.low + r * (FIRST_PRICE_RANGE.high - FIRST_PRICE_RANGE.low);
  return roundToTick(share.market, new Decimal(share.price).times(factor));
}

/** Puts a listed share into the simulated market (at listing and again at every start). */
export function listInMarket(ctx: IpoContext, share: NewShare): void {
  if (share.first_price === null || ctx.market.instrument(share.code)) return;
  ctx.marketData.list(
    listingSpec({
      code: share.code,
      market: share.market,
      name: {
        cn: share.name.cn ?? share.code,
        us: share.name.us ?? share.code,
        jp: share.name.jp ?? share.code,
      },
      sector: share.sector,
      referencePrice: roundToTick(share.market, share.first_price),
      sharesOutstanding: share.shares_outstanding,
    }),
  );
}

export async function relistAll(ctx: IpoContext): Promise<number> {
  const listed = await ctx.db.selectFrom('new_shares').selectAll().where('state', '=', 'listed').execute();
  for (const share of listed) listInMarket(ctx, share);
  return listed.length;
}

/**
 * One pass of the moments (SPEC §5, §6.5): upcoming → subscribing at the opening, → closed at the
 * deadline, the draw at the lottery time, unpaid wins failed at the payment deadline, listed with
 * positions for the paid at the listing time. Every step checks its own state, so a pass that
 * died half-way is simply run again.
 */
export async function advance(
  ctx: IpoContext,
  now: Date,
  options: AdvanceOptions = { batch: SETTLE_BATCH },
): Promise<string> {
  const live = await ctx.db
    .selectFrom('new_shares')
    .selectAll()
    .where('state', '<>', 'listed')
    .where('opens_at', '<=', now)
    .orderBy('id')
    .execute();
  const done: string[] = [];
  for (const share of live) {
    const t = now.getTime();
    if (share.state === 'upcoming' && t < share.closes_at.getTime()) {
      await setState(ctx.db, share.id, 'upcoming', 'subscribing');
      done.push(`${share.code} subscribing`);
    }
    if ((share.state === 'upcoming' || share.state === 'subscribing') && t >= share.closes_at.getTime()) {
      await setState(ctx.db, share.id, share.state, 'closed');
      done.push(`${share.code} closed`);
    }
    if (t >= share.lottery_at.getTime()) {
      const drawn = await runDraw(ctx, share.id, now, options);
      if (drawn !== null) done.push(`${share.code} drawn (${drawn} winners)`);
    }
    if (t >= share.pay_until.getTime()) {
      const failed = await failUnpaid(ctx, share.id, now, options);
      if (failed > 0) done.push(`${share.code} ${failed} unpaid failed`);
    }
    if (t >= share.lists_at.getTime()) {
      const allotted = await listShare(ctx, share.id, now, options);
      done.push(`${share.code} listed (${allotted} positions)`);
    }
  }
  return done.length > 0 ? done.join('; ') : 'nothing due';
}

/**
 * The lottery's date of record: the share's announced lottery moment. The draw's inputs are fixed
 * when subscriptions close and its seed depends on them alone, so a draw that the jobs runner
 * reaches late (a restart, a first start after the date) has the same result and is the lottery
 * of that date; only a draw run before it (never, by `advance`) would carry its own time.
 */
function lotteryMoment(share: Pick<NewShare, 'lottery_at'>, now: Date): Date {
  return share.lottery_at.getTime() <= now.getTime() ? share.lottery_at : now;
}

async function setState(db: Executor, id: number, from: NewShareState, to: NewShareState) {
  await db
    .updateTable('new_shares')
    .set({ state: to })
    .where('id', '=', id)
    .where('state', '=', from)
    .execute();
}

async function lockShare(trx: Tx, id: number): Promise<NewShare> {
  return trx.selectFrom('new_shares').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The draw (SPEC §0.7, §6.5): the seed is the hash of the share's id and its sorted application
 * ids, fixed before the draw; the winners come from `drawLottery`; seed, inputs digest,
 * algorithm, applications and winners are recorded. Losers are released at once; a partial win
 * keeps frozen only what was won. Returns the number of winners, or null when already drawn.
 */
export async function runDraw(
  ctx: AppContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions = { batch: SETTLE_BATCH },
): Promise<number | null> {
  return inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const existing = await trx
      .selectFrom('ipo_draws')
      .select('share_id')
      .where('share_id', '=', shareId)
      .executeTakeFirst();
    if (existing) return null;
    const subs = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'applied')
      .orderBy('id')
      .execute();
    const applications = subs.map((s) => ({ id: s.id, quantity: s.quantity }));
    const seed = lotterySeed(
      share.id,
      applications.map((a) => a.id),
    );
    const input = { seed, offeredShares: share.offered_quantity, lotSize: lotOf(share), applications };
    const drawnAt = lotteryMoment(share, now);
    const result = drawLottery(input);
    await trx
      .insertInto('ipo_draws')
      .values({
        share_id: share.id,
        seed,
        inputs_digest: result.inputsDigest,
        algorithm: LOTTERY_ALGORITHM,
        offered_quantity: share.offered_quantity,
        lot_size: lotOf(share),
        applications: JSON.stringify(applications.map((a) => [a.id, a.quantity])),
        winners: JSON.stringify(result.winners.map((w) => [w.id, w.allottedShares])),
        drawn_at: drawnAt,
      })
      .execute();
    const won = new Map(result.winners.map((w) => [w.id, w.allottedShares]));
    for (const batch of batches(subs, options.batch)) {
      await release(
        trx,
        batch.filter((sub) => !won.has(sub.id)),
        share,
        'not_won',
        now,
        { drawnAt },
      );
      await recordWins(trx, share, batch, won, now);
    }
    if (share.state !== 'listed' && share.state !== 'closed')
      await trx.updateTable('new_shares').set({ state: 'closed' }).where('id', '=', share.id).execute();
    return result.winners.length;
  });
}

/** Splits the subscriptions to settle into the batches written one statement per step. */
function batches<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}

/**
 * The winners of a batch: a full win keeps its hold; a partial win has the whole application
 * released and what was won frozen again (two ledger transactions). Each gets its message.
 */
async function recordWins(
  trx: Tx,
  share: NewShare,
  subs: readonly Subscription[],
  won: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  const wins = subs
    .filter((sub) => won.has(sub.id))
    .map((sub) => {
      const wonQuantity = won.get(sub.id)!;
      return { sub, wonQuantity, wonMinor: notionalMinor(share.market, share.price, wonQuantity) };
    });
  if (wins.length === 0) return;
  const partial = wins.filter((w) => w.wonMinor < w.sub.amount_minor && w.sub.hold_id !== null);
  await releaseHolds(
    trx,
    partial.map((w) => ({
      holdId: w.sub.hold_id!,
      kind: 'ipo_release' as const,
      memo: `${share.code} not won in part`,
    })),
    now,
  );
  const placed = await placeHolds(
    trx,
    partial.map((w) => ({
      userId: w.sub.user_id,
      currency: currencyOf(share),
      purpose: 'ipo' as const,
      amountMinor: w.wonMinor,
      kind: 'ipo_freeze' as const,
      refType: 'ipo_subscription',
      refId: w.sub.id,
      memo: `${share.code} won ${w.wonQuantity}`,
    })),
    now,
  );
  const newHold = new Map(partial.map((w, i) => [w.sub.id, placed[i]!.holdId]));
  const rows = await sql<Subscription>`
    UPDATE ipo_subscriptions s
    SET state = 'won', won_quantity = x.q, won_minor = x.m, hold_id = x.h, drawn_at = ${lotteryMoment(share, now)}
    FROM unnest(${wins.map((w) => w.sub.id)}::int8[], ${wins.map((w) => w.wonQuantity)}::int8[],
                ${wins.map((w) => w.wonMinor)}::int8[], ${wins.map((w) => newHold.get(w.sub.id) ?? w.sub.hold_id)}::int8[])
      AS x(id, q, m, h)
    WHERE s.id = x.id AND s.id = ANY(${wins.map((w) => w.sub.id)}::int8[])
    RETURNING s.*`.execute(trx);
  const byId = new Map(rows.rows.map((row) => [Number(row.id), subscriptionRow(row)]));
  await messages.sendMany(
    trx,
    wins.map((w) => wonMessage(byId.get(w.sub.id)!, share)),
    now,
  );
}

/** A subscription row read through raw SQL (bigints as the driver gives them) in the table's types. */
function subscriptionRow(row: Subscription): Subscription {
  return {
    ...row,
    id: Number(row.id),
    share_id: Number(row.share_id),
    user_id: Number(row.user_id),
    quantity: Number(row.quantity),
    amount_minor: Number(row.amount_minor),
    won_quantity: Number(row.won_quantity),
    won_minor: Number(row.won_minor),
    paid_minor: Number(row.paid_minor),
    hold_id: row.hold_id === null ? null : Number(row.hold_id),
    position_id: row.position_id === null ? null : Number(row.position_id),
  };
}

/** SPEC §5: won and unpaid at the payment deadline → failed, released. */
async function failUnpaid(
  ctx: AppContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions,
): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const unpaid = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'won')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const batch of batches(unpaid, options.batch)) await release(trx, batch, share, 'failed', now);
    return unpaid.length;
  });
}

/**
 * Listing day: the share is listed, starts trading in the simulated market from its first price,
 * and every paid subscription becomes a holding position (long, 1×) at the subscription price —
 * the frozen purchase money becomes the position's margin.
 */
async function listShare(
  ctx: IpoContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions,
): Promise<number> {
  const { share, positions } = await inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const price = share.first_price ?? firstPrice(ctx.config.marketSeed, share);
    const paid = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'paid')
      .orderBy('id')
      .forUpdate()
      .execute();
    const positions: number[] = [];
    for (const batch of batches(paid, options.batch))
      positions.push(...(await allot(ctx, trx, share, batch, now)));
    const listed = await trx
      .updateTable('new_shares')
      .set({ state: 'listed', first_price: price })
      .where('id', '=', shareId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { share: listed, positions };
  });
  listInMarket(ctx, share);
  if (positions.length > 0) await ctx.trading.engine.reload(positions);
  return positions.length;
}

/** A batch of paid wins converted: each frozen purchase settled into `frozen:order` as a position's margin. */
async function allot(
  ctx: IpoContext,
  trx: Tx,
  share: NewShare,
  paid: readonly Subscription[],
  now: Date,
): Promise<number[]> {
  const currency = currencyOf(share);
  const price = new Decimal(share.price).toFixed();
  const posted = await settleHolds(
    trx,
    paid.map((sub) => ({
      holdId: sub.hold_id!,
      kind: 'ipo_allot' as const,
      memo: `${share.code} × ${sub.won_quantity} @ ${price}`,
      to: [{ userId: sub.user_id, account: 'frozen:order' as const, currency, amountMinor: sub.won_minor }],
    })),
    now,
  );
  const tradingDay = ctx.market.tradingDay(share.market, now);
  const inserted = await trx
    .insertInto('positions')
    .values(
      paid.map((sub, i) =>
        allottedPosition(
          {
            orderNo: posted[i]!.orderNo,
            userId: sub.user_id,
            code: share.code,
            market: share.market,
            currency,
            quantity: sub.won_quantity,
            price,
            costMinor: sub.won_minor,
            tradingDay,
            source: 'ipo',
            sourceId: sub.id,
          },
          now,
        ),
      ),
    )
    .returning(['id', 'source_id'])
    .execute();
  const positionOf = new Map(inserted.map((p) => [Number(p.source_id), p.id]));
  const rows = await sql<Subscription>`
    UPDATE ipo_subscriptions s SET state = 'allotted', position_id = x.p, resolved_at = ${now}
    FROM unnest(${paid.map((sub) => sub.id)}::int8[], ${paid.map((sub) => positionOf.get(sub.id)!)}::int8[]) AS x(id, p)
    WHERE s.id = x.id AND s.id = ANY(${paid.map((sub) => sub.id)}::int8[])
    RETURNING s.*`.execute(trx);
  await messages.sendMany(
    trx,
    rows.rows.map((row) => listedMessage(subscriptionRow(row), share)),
    now,
  );
  return paid.map((sub) => positionOf.get(sub.id)!);
}
