import { randomUUID } from 'node:crypto';
import type { Market } from '@kabuto/contract';
import { type Trail, type TriggerSide, trailingTrigger } from '@kabuto/domain';
import { afterCommit } from '../../db/ambient';
import type { TickBus } from '../../market/bus';
import type { Tick } from '../../market/types';
import { type BookEntry, type BookSide, PriceBook } from './book';
import type { MarketBoundContext } from './context';
import { dueExpiries, expireOrder, type FillOutcome, fillLimitOrder } from './orders';
import { type StopOutOutcome, stopOutPosition } from './positions';
import { stopOutLevel } from './stop-out';
import type { PositionRow } from './tables';
import { rowTriggers, type TriggerKind } from './trigger-rules';
import { closeByTrigger, fireTrigger, saveBests } from './triggers';

const entryKey = (e: Entry) => `${e.kind}:${e.side}:${e.level}:${e.expiresAtMs}:${e.trail?.best ?? ''}`;

function sameEntries(a: Entry[], b: Entry[]): boolean {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(entryKey));
  return b.every((e) => keys.has(entryKey(e)));
}

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
  /**
   * limit: a resting limit order; stop: a holding position's stop-out; entry: a waiting stop,
   * stop-limit or trailing stop (SPEC §13.2); tp / sl: a holding position's take-profit / stop-loss.
   */
  kind: 'limit' | 'stop' | TriggerKind;
  side: BookSide;
  level: number;
  /** Limit orders: when the order expires (ms). */
  expiresAtMs: number | null;
  /** A trailing trigger: its trail and the best price seen so far (its level follows it). */
  trail: { market: Market; spec: Trail; side: TriggerSide; best: string; holder: BestHolder } | null;
}

/** A trailing trigger filed by its best price, so a tick finds at once the ones it moves. */
interface BestHolder {
  id: number;
  level: number;
  side: BookSide;
  entry: Entry;
}

const bookSide = (side: TriggerSide): BookSide => (side === 'rise' ? 'atOrAbove' : 'atOrBelow');

export interface EngineStats {
  pendingOrders: number;
  watchedPositions: number;
  inFlight: number;
  fills: number;
  stopOuts: number;
  expiries: number;
  /** Positions closed by their take-profit or stop-loss. */
  triggerCloses: number;
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
  /** Waiting entries, take-profits and stop-losses (SPEC §13.2). */
  private readonly triggerBooks = new Map<string, PriceBook<Entry>>();
  /**
   * Trailing triggers by their best price: a fall trigger's best is the highest price, filed
   * `atOrAbove` (a tick at or above it moves it), a rise trigger's the lowest, filed `atOrBelow`.
   */
  private readonly bestBooks = new Map<string, PriceBook<BestHolder>>();
  private readonly tracked = new Map<number, Entry[]>();
  private readonly inFlight = new Set<number>();
  /** Ids tracked or untracked while a refresh was reading the database (their news is newer). */
  private touchedDuringRefresh: Set<number> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private readonly counters = { fills: 0, stopOuts: 0, expiries: 0, triggerCloses: 0 };
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
      this.removeAll(id);
      const row = byId.get(id);
      if (row) for (const entry of this.entriesFor(row)) this.insert(entry);
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
    for (const entries of this.tracked.values())
      for (const entry of entries) {
        if (entry.kind === 'limit' || entry.kind === 'entry') pendingOrders++;
        else if (entry.kind === 'stop') watchedPositions++;
      }
    return { pendingOrders, watchedPositions, inFlight: this.inFlight.size, ...this.counters };
  }

  // ---- the index ----

  private entriesFor(row: PositionRow): Entry[] {
    const out: Entry[] = [];
    const resting =
      row.order_type === 'limit' || (row.order_type === 'stop_limit' && row.triggered_at !== null);
    if (row.state === 'pending' && row.limit_price !== null && resting) {
      out.push({
        id: row.id,
        code: row.code,
        kind: 'limit',
        side: row.direction === 'long' ? 'atOrBelow' : 'atOrAbove',
        level: Number(row.limit_price),
        expiresAtMs: row.expires_at ? row.expires_at.getTime() : null,
        trail: null,
      });
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
      out.push({
        id: row.id,
        code: row.code,
        kind: 'stop',
        side: row.direction === 'long' ? 'atOrBelow' : 'atOrAbove',
        level: level.toNumber(),
        expiresAtMs: null,
        trail: null,
      });
    }
    for (const trigger of rowTriggers(row)) {
      const entry: Entry = {
        id: row.id,
        code: row.code,
        kind: trigger.kind,
        side: bookSide(trigger.side),
        level: Number(trigger.level),
        expiresAtMs: trigger.kind === 'entry' && row.expires_at ? row.expires_at.getTime() : null,
        trail: null,
      };
      if (trigger.trail && trigger.best !== null) {
        const holder: BestHolder = {
          id: row.id,
          level: Number(trigger.best),
          side: trigger.side === 'fall' ? 'atOrAbove' : 'atOrBelow',
          entry,
        };
        entry.trail = {
          market: row.market,
          spec: trigger.trail,
          side: trigger.side,
          best: trigger.best,
          holder,
        };
      }
      out.push(entry);
    }
    return out;
  }

  private static bookOf<E extends BookEntry>(books: Map<string, PriceBook<E>>, code: string): PriceBook<E> {
    let book = books.get(code);
    if (!book) {
      book = new PriceBook<E>();
      books.set(code, book);
    }
    return book;
  }

  private booksFor(kind: Entry['kind']): Map<string, PriceBook<Entry>> {
    return kind === 'limit' ? this.limitBooks : kind === 'stop' ? this.stopBooks : this.triggerBooks;
  }

  /** Files many entries at once, each book sorted once (the start-up load of every resting order). */
  private insertMany(entries: readonly Entry[]): void {
    const byBook = new Map<PriceBook<Entry>, Entry[]>();
    const bests = new Map<PriceBook<BestHolder>, BestHolder[]>();
    for (const entry of entries) {
      const book = MatchingEngine.bookOf(this.booksFor(entry.kind), entry.code);
      const filed = byBook.get(book) ?? [];
      filed.push(entry);
      byBook.set(book, filed);
      if (entry.trail) {
        const best = MatchingEngine.bookOf(this.bestBooks, entry.code);
        const list = bests.get(best) ?? [];
        list.push(entry.trail.holder);
        bests.set(best, list);
      }
      const list = this.tracked.get(entry.id);
      if (list) list.push(entry);
      else this.tracked.set(entry.id, [entry]);
    }
    for (const [book, list] of byBook) book.addMany(list);
    for (const [book, list] of bests) book.addMany(list);
  }

  private insert(entry: Entry): void {
    MatchingEngine.bookOf(this.booksFor(entry.kind), entry.code).add(entry);
    if (entry.trail) MatchingEngine.bookOf(this.bestBooks, entry.code).add(entry.trail.holder);
    const list = this.tracked.get(entry.id);
    if (list) list.push(entry);
    else this.tracked.set(entry.id, [entry]);
  }

  /** Takes an entry off its books (`onBook` false: a tick already took it off its price book). */
  private unfile(entry: Entry, onBook = true): void {
    if (onBook) this.booksFor(entry.kind).get(entry.code)?.remove(entry.id, entry.side, entry.level);
    if (entry.trail) {
      const holder = entry.trail.holder;
      this.bestBooks.get(entry.code)?.remove(holder.id, holder.side, holder.level);
    }
  }

  private removeAll(id: number): void {
    const list = this.tracked.get(id);
    if (!list) return;
    for (const entry of list) this.unfile(entry);
    this.tracked.delete(id);
  }

  /** Forgets one entry of a position, already off its price book. */
  private forget(entry: Entry): void {
    this.unfile(entry, false);
    const list = this.tracked.get(entry.id);
    if (!list) return;
    const rest = list.filter((e) => e !== entry);
    if (rest.length > 0) this.tracked.set(entry.id, rest);
    else this.tracked.delete(entry.id);
  }

  /** Indexes a position after its state changed (placed, filled, created by another module). */
  track(row: PositionRow): void {
    this.touchedDuringRefresh?.add(row.id);
    this.removeAll(row.id);
    for (const entry of this.entriesFor(row)) this.insert(entry);
    this.announce(row.id);
  }

  /** Drops a position from the index (cancelled, closed). */
  untrack(id: number): void {
    this.touchedDuringRefresh?.add(id);
    this.removeAll(id);
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
      const fresh: Entry[] = [];
      for (const row of rows) {
        seen.add(row.id);
        if (touched.has(row.id) || this.inFlight.has(row.id)) continue;
        const want = this.entriesFor(row);
        const have = this.tracked.get(row.id) ?? [];
        if (sameEntries(have, want)) continue;
        this.removeAll(row.id);
        fresh.push(...want);
      }
      this.insertMany(fresh);
      for (const id of [...this.tracked.keys()]) {
        if (!seen.has(id) && !touched.has(id) && !this.inFlight.has(id)) this.removeAll(id);
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
    const bests = this.bestBooks.get(tick.code);
    if (bests && bests.size > 0) this.follow(bests, tick.price, price);
    const limits = this.limitBooks.get(tick.code)?.take(price) ?? [];
    const stops = this.stopBooks.get(tick.code)?.take(price) ?? [];
    const triggers = this.triggerBooks.get(tick.code)?.take(price) ?? [];
    if (limits.length === 0 && stops.length === 0 && triggers.length === 0) return;
    const work = [...limits, ...stops, ...triggers];
    for (const entry of work) {
      this.forget(entry);
      this.inFlight.add(entry.id);
    }
    this.enqueue(() => this.process(work, tick.price));
  }

  /**
   * Moves the trailing triggers whose best price this tick beats (SPEC §13.2: the trigger follows
   * the best price since placement and never moves back), and stores the new best — GREATEST or
   * LEAST, so a slower node's write never moves it back either.
   */
  private follow(bests: PriceBook<BestHolder>, priceText: string, price: number): void {
    const moved = bests.take(price);
    if (moved.length === 0) return;
    const saves = new Map<
      string,
      { column: 'trail_best' | 'sl_trail_best'; side: TriggerSide; ids: number[] }
    >();
    for (const holder of moved) {
      const entry = holder.entry;
      const trail = entry.trail!;
      if (Number(trail.best) !== price) {
        this.triggerBooks.get(entry.code)?.remove(entry.id, entry.side, entry.level);
        trail.best = priceText;
        entry.level = Number(trailingTrigger(trail.market, trail.side, priceText, trail.spec));
        MatchingEngine.bookOf(this.triggerBooks, entry.code).add(entry);
        const column = entry.kind === 'entry' ? 'trail_best' : 'sl_trail_best';
        const key = `${column}:${trail.side}`;
        const save = saves.get(key) ?? { column, side: trail.side, ids: [] };
        save.ids.push(entry.id);
        saves.set(key, save);
      }
      holder.level = price;
      bests.add(holder);
    }
    if (saves.size === 0) return;
    this.enqueue(async () => {
      for (const save of saves.values())
        await saveBests(this.ctx.db, save.ids, save.column, save.side, priceText);
    });
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
          else if (entry.kind === 'stop')
            this.afterStopOut(entry, await stopOutPosition(this.ctx, entry.id, price));
          else if (entry.kind === 'entry')
            this.afterFill(entry, await fireTrigger(this.ctx, entry.id, price, entry.trail?.best ?? null));
          else
            this.afterStopOut(
              entry,
              await closeByTrigger(this.ctx, entry.id, entry.kind, price, entry.trail?.best ?? null),
            );
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
    if (this.tracked.get(entry.id)?.some((e) => e.kind === entry.kind)) return;
    this.insert(entry);
  }

  private afterFill(entry: Entry, outcome: FillOutcome): void {
    switch (outcome.kind) {
      case 'filled':
        this.counters.fills++;
        this.track(outcome.row);
        return;
      case 'triggered':
        this.track(outcome.row);
        return;
      case 'expired':
        this.counters.expiries++;
        this.untrack(entry.id);
        return;
      case 'unfunded':
        this.untrack(entry.id);
        return;
      case 'not_crossed':
        this.reinsert(entry);
        return;
      case 'gone':
        return;
    }
  }

  private afterStopOut(entry: Entry, outcome: StopOutOutcome): void {
    if (outcome.kind === 'stopped') {
      if (entry.kind === 'stop') this.counters.stopOuts++;
      else this.counters.triggerCloses++;
      // The position's other triggers end with it (the OCO).
      this.untrack(entry.id);
    } else if (outcome.kind === 'not_reached') this.reinsert(entry);
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
