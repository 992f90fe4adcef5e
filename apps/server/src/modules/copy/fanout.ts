import { type Currency, MARKET_CURRENCY } from '@kabuto/contract';
import { mirrorPlanner } from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Tx } from '../../db/schema';
import { HOUSE, type PostingInput, postTransactions } from '../../ledger/ledger';
import type { PositionRow } from '../trading/port';
import { settle } from '../trading/port';
import type { CopyContext } from './context';
import { holdingCash, mirroredPositions } from './holdings';
import { type LeaderFill, leaderEquityMinor, liveBars, runDecision } from './leaders';
import { forgetFigures } from './products';
import type { FanoutRow, HoldingRow, LeaderRow } from './tables';

/** A leader's fills mirrored into every holding (SPEC §6.5), and the leaders' live trading. */
/** Holdings mirrored per database transaction (SPEC §6.5 fan-out in batches). */
export const FANOUT_BATCH = 500;
/**
 * Batches of one leader fill's opens run at once on PostgreSQL, each its own transaction on its
 * own connection (the embedded database runs one transaction at a time: one there).
 */
export const FANOUT_PARALLEL = 4;
/** How often the fan-out job looks for work left by a node that stopped half-way. */
export const FANOUT_SWEEP_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// Fan-out (SPEC §6.5: each leader fill mirrored into every active holding, in batches).

/** Records a leader's fill for fan-out; the work runs in batches off the caller's path. */
export async function recordFanout(
  ctx: CopyContext,
  leader: LeaderRow,
  fill: LeaderFill,
): Promise<FanoutRow> {
  forgetFigures(ctx, leader.id);
  return ctx.db
    .insertInto('copy_fanouts')
    .values({
      leader_id: leader.id,
      leader_position_id: fill.position.id,
      action: fill.action,
      price: fill.price,
      leader_quantity: fill.leaderQuantity,
      leader_equity_minor: fill.leaderEquityMinor,
      created_at: ctx.clock.now(),
      done_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Mirrors one batch of holdings of a fan-out; returns false when the fan-out is done. */
async function fanoutBatch(
  ctx: CopyContext,
  fanoutId: number,
): Promise<{ more: boolean; tracked: PositionRow[] }> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const fanout = await trx
      .selectFrom('copy_fanouts')
      .selectAll()
      .where('id', '=', fanoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!fanout || fanout.done_at) return { more: false, tracked: [] };
    const result =
      fanout.action === 'open'
        ? await mirrorOpens(ctx, trx, fanout, now)
        : await mirrorCloses(ctx, trx, fanout, now);
    await trx
      .updateTable('copy_fanouts')
      .set({
        cursor_id: result.cursor,
        mirrored: fanout.action === 'open' ? mirroredOf(fanout) : fanout.mirrored + result.positions.length,
        done_at: result.done ? now : null,
      })
      .where('id', '=', fanout.id)
      .execute();
    return { more: !result.done, tracked: result.positions };
  });
}

/** The holdings mirroring a leader fill's open so far (batches may have run out of cursor order). */
const mirroredOf = (fanout: FanoutRow) =>
  sql<number>`(SELECT count(*)::int FROM copy_mirrors WHERE leader_position_id = ${fanout.leader_position_id})`;

interface BatchResult {
  cursor: number;
  done: boolean;
  positions: PositionRow[];
}

/**
 * Opens the mirrored positions of one batch of active holdings (the next ones by id after the
 * cursor, or the listed ones): each holding's quantity is the leader's scaled by amount ÷ leader
 * equity, in whole shares its cash affords, paid from the holding's frozen funds with the
 * follower's own fee. A holding already mirroring the leader's position (a batch that ran ahead of
 * the cursor) is left as it is: checked under the holding's row lock, so never mirrored twice.
 */
async function mirrorOpens(
  ctx: CopyContext,
  trx: Tx,
  fanout: FanoutRow,
  now: Date,
  listed?: number[],
): Promise<BatchResult> {
  const leaderPosition = await trx
    .selectFrom('positions')
    .selectAll()
    .where('id', '=', fanout.leader_position_id)
    .executeTakeFirstOrThrow();
  const due = trx
    .selectFrom('copy_holdings')
    .innerJoin('copy_products', 'copy_products.id', 'copy_holdings.product_id')
    .selectAll('copy_holdings')
    .where('copy_products.leader_id', '=', fanout.leader_id)
    .where('copy_holdings.state', '=', 'active')
    .where('copy_holdings.created_at', '<=', fanout.created_at);
  const holdings = await (listed
    ? due.where('copy_holdings.id', 'in', listed)
    : due.where('copy_holdings.id', '>', fanout.cursor_id)
  )
    .orderBy('copy_holdings.id')
    .limit(FANOUT_BATCH)
    // The holdings only: batches running at once share the product row.
    .forUpdate('copy_holdings')
    .execute();
  if (holdings.length === 0) return { cursor: fanout.cursor_id, done: true, positions: [] };
  const ids = holdings.map((h) => h.id);
  const [existing, mirrored] = await Promise.all([
    mirroredPositions(trx, ids),
    trx
      .selectFrom('copy_mirrors')
      .select('holding_id')
      .where('leader_position_id', '=', fanout.leader_position_id)
      .where('holding_id', 'in', ids)
      .execute(),
  ]);
  const alreadyMirrored = new Set(mirrored.map((m) => m.holding_id));
  const market = leaderPosition.market;
  const currency = MARKET_CURRENCY[market];
  const planned: Array<{ holding: HoldingRow; quantity: number; marginMinor: number; feeMinor: number }> = [];
  const plan = mirrorPlanner({
    market,
    leaderQuantity: fanout.leader_quantity,
    leaderEquityMinor: fanout.leader_equity_minor,
    price: fanout.price,
    leverage: leaderPosition.leverage,
    feeRateBps: ctx.config.feeRateBps,
    minFeeMinor: ctx.config.minFeeMinor[market],
  });
  for (const holding of holdings) {
    if (alreadyMirrored.has(holding.id)) continue;
    const mirror = plan(holding.amount_minor, holdingCash(holding, existing.get(holding.id) ?? []));
    if (mirror.quantity > 0) planned.push({ holding, ...mirror });
  }
  const orderNos = await postMirrorOpens(trx, planned, leaderPosition.code, fanout.price, currency, now);
  // The positions and their links to the leader's, in one statement whatever the batch's size.
  let inserted: PositionRow[] = [];
  if (planned.length > 0) {
    const { rows } = await sql<PositionRow>`
      WITH p AS (
        INSERT INTO positions (order_no, user_id, code, market, currency, direction, order_type, mode, leverage,
          quantity, open_price, opened_at, opened_trading_day, margin_minor, fee_minor, state, source, source_id,
          created_at, updated_at)
        SELECT x.order_no, x.user_id, ${leaderPosition.code}, ${market}, ${currency}, ${leaderPosition.direction},
          'market', 'normal', ${leaderPosition.leverage}::int, x.quantity, ${fanout.price}::numeric, ${now}::timestamptz,
          ${ctx.market.tradingDay(market, now)}, x.margin, x.fee, 'holding', 'copy', x.holding_id,
          ${now}::timestamptz, ${now}::timestamptz
        FROM unnest(${orderNos}::text[], ${planned.map((p) => p.holding.user_id)}::int8[],
                    ${planned.map((p) => p.quantity)}::int8[], ${planned.map((p) => p.marginMinor)}::int8[],
                    ${planned.map((p) => p.feeMinor)}::int8[], ${planned.map((p) => p.holding.id)}::int8[])
          WITH ORDINALITY AS x(order_no, user_id, quantity, margin, fee, holding_id, n)
        ORDER BY x.n
        RETURNING *
      ), linked AS (
        INSERT INTO copy_mirrors (position_id, leader_position_id, holding_id)
        SELECT p.id, ${fanout.leader_position_id}::int8, p.source_id FROM p
      )
      SELECT * FROM p ORDER BY id`.execute(trx);
    inserted = rows;
  }
  const cursor = holdings.at(-1)!.id;
  return { cursor, done: holdings.length < FANOUT_BATCH, positions: inserted };
}

/**
 * The ledger transactions of a batch's mirrored opens (each holding's margin and fee leave its
 * frozen funds: `frozen:copy` → `frozen:order` + `house:fees`), one per follower, written for the
 * whole batch at once (`postTransactions`). Answers the order numbers in the order of `planned`.
 */
async function postMirrorOpens(
  trx: Tx,
  planned: Array<{ holding: HoldingRow; quantity: number; marginMinor: number; feeMinor: number }>,
  code: string,
  price: string,
  currency: Currency,
  now: Date,
): Promise<string[]> {
  const posted = await postTransactions(
    trx,
    planned.map((p) => ({
      kind: 'copy_open' as const,
      userId: p.holding.user_id,
      refType: 'copy_holding',
      refId: p.holding.id,
      memo: `${p.holding.order_no}: long ${p.quantity} ${code} @ ${price}`,
      postings: [
        {
          userId: p.holding.user_id,
          account: 'frozen:copy' as const,
          currency,
          amountMinor: -(p.marginMinor + p.feeMinor),
        },
        { userId: p.holding.user_id, account: 'frozen:order' as const, currency, amountMinor: p.marginMinor },
        { userId: HOUSE, account: 'house:fees' as const, currency, amountMinor: p.feeMinor },
        // A zero margin or fee posts nothing.
      ].filter((posting) => posting.amountMinor !== 0) as PostingInput[],
    })),
    now,
  );
  return posted.map((t) => t.orderNo);
}

/** Closes one batch of the positions mirroring a leader position the leader closed, at its price. */
async function mirrorCloses(ctx: CopyContext, trx: Tx, fanout: FanoutRow, now: Date): Promise<BatchResult> {
  const rows = await trx
    .selectFrom('positions')
    .innerJoin('copy_mirrors', 'copy_mirrors.position_id', 'positions.id')
    .selectAll('positions')
    .where('copy_mirrors.leader_position_id', '=', fanout.leader_position_id)
    .where('positions.id', '>', fanout.cursor_id)
    .orderBy('positions.id')
    .limit(FANOUT_BATCH)
    .forUpdate()
    .execute();
  if (rows.length === 0) return { cursor: fanout.cursor_id, done: true, positions: [] };
  const closed: PositionRow[] = [];
  for (const row of rows) {
    if (row.state !== 'holding') continue;
    closed.push((await settle(ctx, trx, row, fanout.price, 'user', now)).row);
  }
  return { cursor: rows.at(-1)!.id, done: rows.length < FANOUT_BATCH, positions: closed };
}

/**
 * Runs pending fan-outs to the end, batch by batch, oldest first. Each batch is one transaction
 * that advances the fan-out's cursor, so a node stopping half-way leaves the rest to the next run.
 * The opens of a fan-out first go in batches of listed holdings, FANOUT_PARALLEL at once on
 * PostgreSQL, then the cursor moves past them and the batches after the cursor finish the rest.
 */
export async function drainFanouts(ctx: CopyContext): Promise<number> {
  let mirrored = 0;
  const track = (rows: PositionRow[]) => {
    mirrored += rows.length;
    for (const row of rows) {
      if (row.state === 'holding') ctx.trading.engine.track(row);
      else ctx.trading.engine.untrack(row.id);
    }
  };
  for (;;) {
    const pending = await ctx.db
      .selectFrom('copy_fanouts')
      .select('id')
      .where('done_at', 'is', null)
      .orderBy('id')
      .limit(10)
      .execute();
    if (pending.length === 0) return mirrored;
    for (const { id } of pending) {
      await openListed(ctx, id, track);
      for (;;) {
        const { more, tracked } = await fanoutBatch(ctx, id);
        track(tracked);
        if (!more) break;
      }
    }
  }
}

/**
 * The opens of a fan-out for the holdings due when it starts, in batches of listed holdings
 * (several at once on PostgreSQL: each batch locks its own holdings, then its accounts in the
 * ledger's key order, so batches never deadlock); then the cursor moves past them. A node
 * stopping half-way leaves batches done ahead of the cursor: the next run passes over their
 * holdings, already mirrored.
 */
async function openListed(ctx: CopyContext, fanoutId: number, track: (rows: PositionRow[]) => void) {
  const fanout = await ctx.db
    .selectFrom('copy_fanouts')
    .selectAll()
    .where('id', '=', fanoutId)
    .executeTakeFirst();
  if (!fanout || fanout.done_at || fanout.action !== 'open') return;
  const ids = (
    await ctx.db
      .selectFrom('copy_holdings')
      .innerJoin('copy_products', 'copy_products.id', 'copy_holdings.product_id')
      .select('copy_holdings.id')
      .where('copy_products.leader_id', '=', fanout.leader_id)
      .where('copy_holdings.state', '=', 'active')
      .where('copy_holdings.id', '>', fanout.cursor_id)
      .where('copy_holdings.created_at', '<=', fanout.created_at)
      .orderBy('copy_holdings.id')
      .execute()
  ).map((h) => h.id);
  if (ids.length === 0) return;
  const batches: number[][] = [];
  for (let from = 0; from < ids.length; from += FANOUT_BATCH)
    batches.push(ids.slice(from, from + FANOUT_BATCH));
  let next = 0;
  let failed = false;
  const workers = ctx.database.kind === 'postgres' ? FANOUT_PARALLEL : 1;
  await Promise.all(
    Array.from({ length: Math.min(workers, batches.length) }, async () => {
      while (next < batches.length && !failed) {
        const batch = batches[next++]!;
        try {
          const result = await inTransaction(ctx.db, (trx) =>
            mirrorOpens(ctx, trx, fanout, ctx.clock.now(), batch),
          );
          track(result.positions);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  await ctx.db
    .updateTable('copy_fanouts')
    .set({ cursor_id: ids.at(-1)!, mirrored: mirroredOf(fanout) })
    .where('id', '=', fanout.id)
    .where('done_at', 'is', null)
    .where('cursor_id', '<', ids.at(-1)!)
    .execute();
}

/**
 * Runs fan-outs off the caller's path (never the tick loop), one drain at a time per node; a
 * request arriving during a drain runs another drain after it.
 */
export class FanoutRunner {
  private running: Promise<void> | null = null;
  private again = false;
  constructor(private readonly ctx: CopyContext) {}

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await drainFanouts(this.ctx);
        } catch (error) {
          this.ctx.log.error({ err: error }, 'copy fan-out failed');
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

// ---------------------------------------------------------------------------------------------
// Live trading

/**
 * The strategies' live decision (jobs runner): once per trading day each leader decides on the
 * stored bars and today's price, its orders go through the engine, and its fills are fanned out.
 */
export async function runLeaders(ctx: CopyContext, fanout: FanoutRunner): Promise<string> {
  const leaders = await ctx.db
    .selectFrom('copy_leaders')
    .selectAll()
    .where('live_from', 'is not', null)
    .execute();
  let fills = 0;
  for (const leader of leaders) {
    const today = ctx.market.tradingDay(leader.market, ctx.clock.now());
    if (leader.last_decided_day !== null && leader.last_decided_day >= today) continue;
    if (!ctx.market.isOpen(leader.market, ctx.clock.now())) continue;
    fills += (await tradeLeader(ctx, leader, today, fanout)).length;
  }
  return `${fills} leader fills`;
}

export async function tradeLeader(
  ctx: CopyContext,
  leader: LeaderRow,
  today: string,
  fanout: FanoutRunner,
): Promise<LeaderFill[]> {
  const claimed = await ctx.db
    .updateTable('copy_leaders')
    .set({ last_decided_day: today })
    .where('id', '=', leader.id)
    .where((eb) => eb.or([eb('last_decided_day', 'is', null), eb('last_decided_day', '<', today)]))
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return [];
  const fills = await runDecision(ctx, leader, await liveBars(ctx, leader, today));
  await mirrorFills(ctx, leader, fills, fanout);
  return fills;
}

/** Tells the engine of a leader's fills and queues their fan-out. */
export async function mirrorFills(
  ctx: CopyContext,
  leader: LeaderRow,
  fills: LeaderFill[],
  fanout: FanoutRunner,
): Promise<void> {
  for (const fill of fills) {
    if (fill.action === 'open') ctx.trading.engine.track(fill.position);
    else ctx.trading.engine.untrack(fill.position.id);
    await recordFanout(ctx, leader, fill);
  }
  if (fills.length > 0) fanout.kick();
}

export { leaderEquityMinor };
