import { randomUUID } from 'node:crypto';
import { afterCommit } from '../../db/ambient';
import type { TickBus } from '../../market/bus';
import type { Tick } from '../../market/types';
import { type BookSide, PriceBook } from './book';
import type { MarketBoundContext } from './service';
import {
  dueExpiries,
  expireOrder,
  type FillOutcome,
  fillLimitOrder,
  type StopOutOutcome,
  stopOutPosition,
} from './service';
import { stopOutLevel } from './stop-out';
import type { PositionRow } from './tables';

/**
 * How often a node re-reads every live position (ARCHITECTURE "Scale-out"). With a bus between
 * nodes, positions placed or changed on another node arrive at once; the refresh is the backstop
 * for news lost on the way (a Redis outage, a node killed before it published).
 */
export const ENGINE_REFRESH_MS = 15_000;
/** Most position ids one bus message carries. */
const ANNOUNCE_BATCH = 500;
/** How often the expiry job looks for pending orders past their session's close. */
export const ENGINE_EXPIRY_SWEEP_MS = 5_000;
/** Expiries handled per database round trip. */
const EXPIRY_BATCH = 500;
/** Fills and stop-outs of one tick run this many at a time on PostgreSQL (the embedded database runs one). */
const POSTGRES_CONCURRENCY = 8;

interface Entry {
  id: number;
  code: string;
  kind: 'limit' | 'stop';
  side: BookSide;
  level: number;
  /** Limit orders: when the order expires (ms). */
  expiresAtMs: number | null;
}

export interface EngineStats {
  pendingOrders: number;
  watchedPositions: number;
  inFlight: number;
  fills: number;
  stopOuts: number;
  expiries: number;
}

/**
 * The matching engine (ARCHITECTURE "Market": the order engine listens to ticks).
 *
 * It keeps, per code, pending limit orders in a price book (longs by limit descending, shorts by
 * limit ascending) and holding positions by their stop-out price, so a tick takes exactly the
 * entries it triggers without scanning the rest. The database stays the truth: each fill,
 * stop-out and expiry runs in its own transaction with the position row locked and its state
 * checked, so the memory here is an index that may be stale but never double-books — on any
 * number of nodes, each with its own engine.
 */
export class MatchingEngine {
  private readonly limitBooks = new Map<string, PriceBook<Entry>>();
  private readonly stopBooks = new Map<string, PriceBook<Entry>>();
  private readonly tracked = new Map<number, Entry>();
  private readonly inFlight = new Set<number>();
  /** Ids tracked or untracked while a refresh was reading the database (their news is newer). */
  private touchedDuringRefresh: Set<number> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private readonly counters = { fills: 0, stopOuts: 0, expiries: 0 };
  /** This engine's name on the bus. */
  private readonly node = randomUUID();
  private bus: TickBus | null = null;
  private unsubscribeBus: (() => void) | null = null;
  /** Ids changed here since the last announcement (sent on the next microtask, together). */
  private announcing: Set<number> | null = null;
  /** Announcements queued or on their way to the bus. */
  private readonly publishing = new Set<Promise<void>>();

  constructor(private readonly ctx: MarketBoundContext) {}

  /**
   * Shares position news with the other nodes' engines over the bus (ARCHITECTURE "Scale-out"):
   * a position placed, filled, cancelled or closed here is re-read at once by every other node,
   * so an order placed through one node is matched by all of them — and still fills when the
   * node it was placed through dies.
   */
  connect(bus: TickBus): void {
    if (this.bus) return;
    this.bus = bus;
    this.unsubscribeBus = bus.subscribe((message) => {
      if (message.kind !== 'positions' || message.node === this.node) return;
      this.reload(message.ids).catch((error) =>
        this.ctx.log.error({ err: error }, 'engine could not read positions changed on another node'),
      );
    });
  }

  /** Tells the other nodes once the change is committed (a unit of work may still roll back). */
  private announce(id: number): void {
    if (!this.bus) return;
    afterCommit(() => this.queueAnnouncement(id));
  }

  private queueAnnouncement(id: number): void {
    if (this.announcing) {
      this.announcing.add(id);
      return;
    }
    this.announcing = new Set([id]);
    const sent = new Promise<void>((resolve) =>
      queueMicrotask(() => {
        const ids = [...(this.announcing ?? [])];
        this.announcing = null;
        const batches: Promise<void>[] = [];
        for (let at = 0; at < ids.length; at += ANNOUNCE_BATCH) {
          const publish = this.bus?.publish({
            kind: 'positions',
            node: this.node,
            ids: ids.slice(at, at + ANNOUNCE_BATCH),
          });
          if (publish)
            batches.push(
              publish.catch((error) =>
                this.ctx.log.warn({ err: error }, 'engine could not announce positions'),
              ),
            );
        }
        void Promise.all(batches).then(() => resolve());
      }),
    );
    this.publishing.add(sent);
    void sent.then(() => this.publishing.delete(sent));
  }

  /**
   * Resolves once every position change announced so far has reached the bus (or failed to), so
   * an answer sent after it means the other nodes will hear of the change even if this node dies.
   */
  async announced(): Promise<void> {
    if (this.publishing.size > 0) await Promise.all([...this.publishing]);
  }

  /** Re-reads positions another node changed and indexes them as they now are. */
  async reload(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.ctx.db.selectFrom('positions').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      if (this.inFlight.has(id)) continue;
      this.touchedDuringRefresh?.add(id);
      const existing = this.tracked.get(id);
      if (existing) this.removeEntry(existing);
      const row = byId.get(id);
      const entry = row ? this.entryFor(row) : null;
      if (entry) this.insert(entry);
    }
  }

  private get concurrency(): number {
    return this.ctx.database.kind === 'postgres' ? POSTGRES_CONCURRENCY : 1;
  }

  /**
   * Loads the live positions and listens to ticks. The periodic work (expiry, refresh) is the jobs
   * runner's (modules/trading/routes.ts); tests drive it with ticks, `idle()` and the runner.
   */
  async attach(): Promise<void> {
    await this.refresh();
    this.unsubscribe ??= this.ctx.market.onTick((tick) => this.onTick(tick));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeBus?.();
    this.unsubscribeBus = null;
    this.bus = null;
    await this.idle();
  }

  /** Resolves when every fill, stop-out and expiry queued so far has finished. */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.chain;
      await current;
      if (current === this.chain) return;
    }
  }

  stats(): EngineStats {
    let pendingOrders = 0;
    let watchedPositions = 0;
    for (const entry of this.tracked.values()) {
      if (entry.kind === 'limit') pendingOrders++;
      else watchedPositions++;
    }
    return { pendingOrders, watchedPositions, inFlight: this.inFlight.size, ...this.counters };
  }

  // ---- the index ----

  private entryFor(row: PositionRow): Entry | null {
    if (row.state === 'pending' && row.limit_price !== null) {
      return {
        id: row.id,
        code: row.code,
        kind: 'limit',
        side: row.direction === 'long' ? 'atOrBelow' : 'atOrAbove',
        level: Number(row.limit_price),
        expiresAtMs: row.expires_at ? row.expires_at.getTime() : null,
      };
    }
    if (row.state === 'holding' && row.open_price !== null) {
      const level = stopOutLevel({
        market: row.market,
        direction: row.direction,
        openPrice: row.open_price,
        quantity: row.quantity,
        marginMinor: row.margin_minor,
        stopOutPercent: this.ctx.config.stopOutPercent,
      });
      return {
        id: row.id,
        code: row.code,
        kind: 'stop',
        side: row.direction === 'long' ? 'atOrBelow' : 'atOrAbove',
        level: level.toNumber(),
        expiresAtMs: null,
      };
    }
    return null;
  }

  private insert(entry: Entry): void {
    const books = entry.kind === 'limit' ? this.limitBooks : this.stopBooks;
    let book = books.get(entry.code);
    if (!book) {
      book = new PriceBook<Entry>();
      books.set(entry.code, book);
    }
    book.add(entry);
    this.tracked.set(entry.id, entry);
  }

  private removeEntry(entry: Entry): void {
    const books = entry.kind === 'limit' ? this.limitBooks : this.stopBooks;
    books.get(entry.code)?.remove(entry.id, entry.side, entry.level);
    this.tracked.delete(entry.id);
  }

  /** Indexes a position after its state changed (placed, filled, created by another module). */
  track(row: PositionRow): void {
    this.touchedDuringRefresh?.add(row.id);
    const existing = this.tracked.get(row.id);
    if (existing) this.removeEntry(existing);
    const entry = this.entryFor(row);
    if (entry) this.insert(entry);
    this.announce(row.id);
  }

  /** Drops a position from the index (cancelled, closed). */
  untrack(id: number): void {
    this.touchedDuringRefresh?.add(id);
    const existing = this.tracked.get(id);
    if (existing) this.removeEntry(existing);
    this.announce(id);
  }

  /**
   * Re-reads live positions from the database: at start, and periodically so orders placed on
   * other nodes are watched here too. Entries changed locally while reading keep their newer state.
   */
  async refresh(): Promise<void> {
    const touched = new Set<number>();
    this.touchedDuringRefresh = touched;
    try {
      const rows = await this.ctx.db
        .selectFrom('positions')
        .selectAll()
        .where('state', 'in', ['pending', 'holding'])
        .execute();
      const seen = new Set<number>();
      for (const row of rows) {
        seen.add(row.id);
        if (touched.has(row.id) || this.inFlight.has(row.id)) continue;
        const want = this.entryFor(row);
        const have = this.tracked.get(row.id);
        if (
          have &&
          want &&
          have.kind === want.kind &&
          have.level === want.level &&
          have.side === want.side &&
          have.expiresAtMs === want.expiresAtMs
        )
          continue;
        if (have) this.removeEntry(have);
        if (want) this.insert(want);
      }
      for (const [id, entry] of this.tracked) {
        if (!seen.has(id) && !touched.has(id) && !this.inFlight.has(id)) this.removeEntry(entry);
      }
    } finally {
      this.touchedDuringRefresh = null;
    }
  }

  // ---- ticks ----

  /** Synchronous and cheap: takes the triggered entries off the books and queues their work. */
  onTick(tick: Tick): void {
    const price = Number(tick.price);
    if (!(price > 0)) return;
    const limits = this.limitBooks.get(tick.code)?.take(price) ?? [];
    const stops = this.stopBooks.get(tick.code)?.take(price) ?? [];
    if (limits.length === 0 && stops.length === 0) return;
    const work = [...limits, ...stops];
    for (const entry of work) {
      this.tracked.delete(entry.id);
      this.inFlight.add(entry.id);
    }
    this.enqueue(() => this.process(work, tick.price));
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => {
      this.ctx.log.error({ err: error }, 'matching engine task failed');
    });
  }

  private async process(work: Entry[], price: string): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < work.length) {
        const entry = work[next++]!;
        try {
          if (entry.kind === 'limit') this.afterFill(entry, await fillLimitOrder(this.ctx, entry.id, price));
          else this.afterStopOut(entry, await stopOutPosition(this.ctx, entry.id, price));
        } catch (error) {
          // A fault (not a refusal): keep the entry so the next tick retries it.
          this.ctx.log.error({ err: error, positionId: entry.id }, 'engine could not process a position');
          this.reinsert(entry);
        } finally {
          this.inFlight.delete(entry.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, work.length) }, worker));
  }

  private reinsert(entry: Entry): void {
    if (!this.tracked.has(entry.id)) this.insert(entry);
  }

  private afterFill(entry: Entry, outcome: FillOutcome): void {
    switch (outcome.kind) {
      case 'filled':
        this.counters.fills++;
        this.track(outcome.row);
        return;
      case 'expired':
        this.counters.expiries++;
        return;
      case 'not_crossed':
        this.reinsert(entry);
        return;
      case 'gone':
        return;
    }
  }

  private afterStopOut(entry: Entry, outcome: StopOutOutcome): void {
    if (outcome.kind === 'stopped') this.counters.stopOuts++;
    else if (outcome.kind === 'not_reached') this.reinsert(entry);
  }

  // ---- expiry ----

  /**
   * The expiry job (SPEC §6.3: unfilled limit orders expire at the session's close): every
   * pending order past its expiry is cancelled with reason `expired` and its funds released.
   * Each order is its own state-guarded transaction, so the job is safe on any node.
   */
  async expireDue(): Promise<number> {
    const now = this.ctx.clock.now();
    let expired = 0;
    for (;;) {
      const ids = await dueExpiries(this.ctx.db, now, EXPIRY_BATCH);
      for (const id of ids) {
        if (await expireOrder(this.ctx, id, now)) expired++;
        this.untrack(id);
      }
      if (ids.length < EXPIRY_BATCH) break;
    }
    this.counters.expiries += expired;
    return expired;
  }
}
