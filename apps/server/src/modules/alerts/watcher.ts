import { randomUUID } from 'node:crypto';
import type { AlertKind, AlertRepeat, Language, Market, MessageKey } from '@kabuto/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { afterCommit } from '../../db/ambient';
import { inTransaction } from '../../db/database';
import type { TickBus } from '../../market/bus';
import { TradingDayCache } from '../../market/service';
import type { MarketService, Tick } from '../../market/types';
import { messages, type OutgoingMessage, pickLanguage } from '../messages/port';
import { type BookEntry, type BookSide, PriceBook } from '../trading/port';
import { alertSide, alertThreshold, alertTouched, dayChangePercent, isPercentKind, valueView } from './rules';
import type { AlertRow } from './tables';
import './tables';

/** Limits of the alert watcher (CONVENTIONS §11). */
export const ALERT_WATCH_LIMITS = {
  /**
   * How often a node re-reads alerts changed since its last look: the backstop for news from
   * other nodes lost on the bus (a Redis outage, a node killed before it published).
   */
  pollMs: 5_000,
  /**
   * Rows are stamped when written but seen when their transaction commits, and each node stamps
   * with its own clock: every look re-reads this far behind the newest stamp it has seen.
   */
  pollOverlapMs: 60_000,
  /** Rows read per page of a look. */
  pollPage: 1_000,
  /** Alerts one fire transaction claims (their rows locked in id order). */
  fireBatch: 250,
  /** Most alert ids one bus message carries. */
  announceBatch: 500,
} as const;

/** The period a fire belongs to: one for a `once` alert; the trading day for a `daily` one. */
export const ONCE_PERIOD = 'once';

/** One active alert as this node files it. */
interface Watch extends BookEntry {
  code: string;
  kind: AlertKind;
  value: string;
  repeat: AlertRepeat;
  generation: number;
  side: BookSide;
  /** The exact price at which it fires; `level` is its float for the book's pre-filter. */
  threshold: string;
  /** book: waiting for its price; resting: a daily alert that fired today; firing: being written. */
  state: 'book' | 'resting' | 'firing';
  /** A resting daily alert: the trading day it fired on. */
  firedDay: string | null;
}

/** The alerts of one stock. */
interface CodeWatch {
  market: Market;
  book: PriceBook<Watch>;
  /** The previous close the rise / fall thresholds were computed from. */
  previousClose: string;
  /** Rise / fall alerts, whose thresholds move with the previous close. */
  percent: Set<Watch>;
  /** Daily alerts that fired on `firedDay`, back on the book from the next trading day. */
  resting: Set<Watch>;
  /** The trading day `resting` was last checked against (empty: check on the next tick). */
  checkedDay: string;
}

export interface AlertWatchStats {
  /** Active alerts indexed on this node, on a book, resting or being fired. */
  watching: number;
  onBooks: number;
  resting: number;
  firing: number;
  /** Fires this node wrote (its INSERT won). */
  fired: number;
  /** Fires another node wrote first (its INSERT lost). */
  lost: number;
}

type FireRow = AlertRow & { language: string };

/**
 * Price alerts on every tick (SPEC §13.3: an alert fires within one tick of its condition), as
 * cheap as the order books: per stock one PriceBook of thresholds, so a tick takes exactly the
 * alerts it triggers; rise / fall alerts are filed at the price their percentage means from the
 * day's previous close, refiled when that close moves.
 *
 * Every node watches every alert and sees every tick. The database is the truth: a fire is the
 * row (alert, generation, period) in `alert_fires`, inserted with ON CONFLICT DO NOTHING in a
 * transaction that locks the alert's row and checks it is still the version watched here. Only
 * the node whose insert wins marks the alert fired and writes the investor's message, so the
 * index here may be stale (an alert deleted on another node costs one query when it triggers)
 * but never fires twice.
 */
export class AlertWatcher {
  private readonly codes = new Map<string, CodeWatch>();
  private readonly watches = new Map<number, Watch>();
  /** Alerts changed here or by a fire while a read was on its way (their state is newer). */
  private readonly reads = new Set<Set<number>>();
  /** Alerts changed while being fired: re-read once the fire is settled. */
  private readonly changedWhileFiring = new Set<number>();
  private readonly days = new TradingDayCache();
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private readonly counters = { fired: 0, lost: 0 };
  /** The newest `updated_at` seen (ms): each look re-reads from a little before it. */
  private cursorMs = 0;
  /** This watcher's name on the bus. */
  private readonly node = randomUUID();
  private bus: TickBus | null = null;
  private unsubscribeBus: (() => void) | null = null;
  private announcing: Set<number> | null = null;

  constructor(private readonly ctx: AppContext & { market: MarketService }) {}

  /** Loads the active alerts and listens to ticks. */
  async attach(): Promise<void> {
    await this.refresh();
    this.unsubscribe ??= this.ctx.market.onTick((tick) => this.onTick(tick));
  }

  /**
   * Shares alert news with the other nodes' watchers over the bus (ARCHITECTURE "Scale-out"),
   * as the matching engine shares position news: an alert added, edited or deleted here is
   * re-read at once by every other node.
   */
  connect(bus: TickBus): void {
    if (this.bus) return;
    this.bus = bus;
    this.unsubscribeBus = bus.subscribe((message) => {
      if (message.kind !== 'alerts' || message.node === this.node) return;
      this.reload(message.ids).catch((error) =>
        this.ctx.log.error({ err: error }, 'alert watcher could not read alerts changed on another node'),
      );
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeBus?.();
    this.unsubscribeBus = null;
    this.bus = null;
    await this.idle();
  }

  /** Resolves when every fire queued so far is written (or failed and back on its book). */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.chain;
      await current;
      if (current === this.chain) return;
    }
  }

  stats(): AlertWatchStats {
    let onBooks = 0;
    let resting = 0;
    let firing = 0;
    for (const watch of this.watches.values()) {
      if (watch.state === 'book') onBooks++;
      else if (watch.state === 'resting') resting++;
      else firing++;
    }
    return { watching: this.watches.size, onBooks, resting, firing, ...this.counters };
  }

  // ---- the index ----

  /** Indexes an alert as it now is, after the change that wrote it committed. */
  track(row: AlertRow): void {
    afterCommit(() => {
      this.touch(row.id);
      this.apply(row.id, row);
      this.announce(row.id);
    });
  }

  /** Drops a deleted alert, after the delete committed. */
  untrack(id: number): void {
    afterCommit(() => {
      this.touch(id);
      this.apply(id, undefined);
      this.announce(id);
    });
  }

  /** Re-reads alerts another node changed (absent rows were deleted). */
  async reload(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.read(async () => {
      const rows = await this.ctx.db.selectFrom('price_alerts').selectAll().where('id', 'in', ids).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => [id, byId.get(id)] as const);
    });
  }

  /**
   * The backstop look at alerts changed on other nodes: rows stamped since a little before the
   * newest stamp seen, a page at a time in (updated_at, id) order. Deletions do not show here;
   * a deleted alert left indexed is dropped the first time it triggers.
   */
  async poll(): Promise<number> {
    let after = { at: new Date(this.cursorMs - ALERT_WATCH_LIMITS.pollOverlapMs), id: 0 };
    let seen = 0;
    for (;;) {
      const from = after;
      const rows = await this.read(async () => {
        const page = await this.ctx.db
          .selectFrom('price_alerts')
          .selectAll()
          .where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(from.at, from.id)))
          .orderBy('updated_at')
          .orderBy('id')
          .limit(ALERT_WATCH_LIMITS.pollPage)
          .execute();
        return page.map((row) => [row.id, row] as const);
      });
      seen += rows.length;
      const last = rows.at(-1)?.[1];
      if (!last) break;
      this.cursorMs = Math.max(this.cursorMs, last.updated_at.getTime());
      after = { at: last.updated_at, id: last.id };
      if (rows.length < ALERT_WATCH_LIMITS.pollPage) break;
    }
    return seen;
  }

  /**
   * Reads every active alert not yet indexed, each stock's book sorted once: at start (and for a
   * benchmark that writes its alerts in bulk).
   */
  async refresh(): Promise<void> {
    const newest = await this.ctx.db
      .selectFrom('price_alerts')
      .select(sql<Date | null>`max(updated_at)`.as('at'))
      .executeTakeFirstOrThrow();
    this.cursorMs = newest.at ? new Date(newest.at).getTime() : this.ctx.clock.now().getTime();
    const rows = await this.ctx.db
      .selectFrom('price_alerts')
      .selectAll()
      .where('active', '=', true)
      .execute();
    const filed = new Map<CodeWatch, Watch[]>();
    for (const row of rows) {
      if (this.watches.has(row.id)) continue;
      const placed = this.place(row);
      if (placed?.watch.state !== 'book') continue;
      const list = filed.get(placed.code) ?? [];
      list.push(placed.watch);
      filed.set(placed.code, list);
    }
    for (const [code, list] of filed) code.book.addMany(list);
  }

  /** Runs a read of alert rows and applies them, except those changed here meanwhile. */
  private async read<T extends readonly [number, AlertRow | undefined]>(
    fetch: () => Promise<T[]>,
  ): Promise<T[]> {
    const touched = new Set<number>();
    this.reads.add(touched);
    try {
      const rows = await fetch();
      for (const [id, row] of rows) if (!touched.has(id)) this.apply(id, row);
      return rows;
    } finally {
      this.reads.delete(touched);
    }
  }

  /** Tells the other nodes, once per microtask for every alert changed in it. */
  private announce(id: number): void {
    if (!this.bus) return;
    if (this.announcing) {
      this.announcing.add(id);
      return;
    }
    this.announcing = new Set([id]);
    queueMicrotask(() => {
      const ids = [...(this.announcing ?? [])];
      this.announcing = null;
      for (let at = 0; at < ids.length; at += ALERT_WATCH_LIMITS.announceBatch) {
        this.bus
          ?.publish({
            kind: 'alerts',
            node: this.node,
            ids: ids.slice(at, at + ALERT_WATCH_LIMITS.announceBatch),
          })
          .catch((error) => this.ctx.log.warn({ err: error }, 'alert watcher could not announce alerts'));
      }
    });
  }

  private touch(id: number): void {
    for (const touched of this.reads) touched.add(id);
  }

  /** Brings one alert's entry in line with its row (undefined: deleted). */
  private apply(id: number, row: AlertRow | undefined): void {
    const have = this.watches.get(id);
    if (have?.state === 'firing') {
      // The fire in flight locks the row and settles first; the news is read again after it.
      this.changedWhileFiring.add(id);
      return;
    }
    if (row && have && row.active && row.generation === have.generation) return;
    if (have) this.drop(have);
    if (row?.active) {
      const placed = this.place(row);
      if (placed?.watch.state === 'book') placed.code.book.add(placed.watch);
    }
  }

  /** The stock's alerts, made on its first alert. Null for a code this node does not list. */
  private codeWatch(code: string): CodeWatch | null {
    const known = this.codes.get(code);
    if (known) return known;
    const instrument = this.ctx.market.instrument(code);
    const quote = this.ctx.market.quote(code);
    if (!instrument || !quote) return null;
    const made: CodeWatch = {
      market: instrument.market,
      book: new PriceBook<Watch>(),
      previousClose: quote.previousClose,
      percent: new Set(),
      resting: new Set(),
      checkedDay: '',
    };
    this.codes.set(code, made);
    return made;
  }

  /**
   * Indexes an active alert without putting it on its book (the caller does, one at a time or
   * sorted together). A daily alert that already fired this trading day rests until the next.
   */
  private place(row: AlertRow): { code: CodeWatch; watch: Watch } | null {
    const code = this.codeWatch(row.code);
    if (!code) return null;
    if (isPercentKind(row.kind)) {
      // The book may not have followed the close while it held no rise / fall alert.
      const previousClose = this.ctx.market.quote(row.code)?.previousClose;
      if (previousClose !== undefined && previousClose !== code.previousClose)
        this.rebase(code, previousClose);
    }
    const threshold = alertThreshold(row.kind, row.value, code.previousClose);
    const watch: Watch = {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      repeat: row.repeat,
      generation: row.generation,
      side: alertSide(row.kind),
      threshold,
      level: Number(threshold),
      state: 'book',
      firedDay: null,
    };
    this.watches.set(watch.id, watch);
    if (isPercentKind(watch.kind)) code.percent.add(watch);
    if (watch.repeat === 'daily' && row.fired_at) {
      const firedDay = this.days.get(code.market, row.fired_at);
      if (firedDay === this.days.get(code.market, this.ctx.clock.now())) this.rest(code, watch, firedDay);
    }
    return { code, watch };
  }

  private rest(code: CodeWatch, watch: Watch, day: string): void {
    watch.state = 'resting';
    watch.firedDay = day;
    code.resting.add(watch);
    // Checked on the next tick: a fire settled late may belong to a day already past.
    code.checkedDay = '';
  }

  /** Forgets an alert (its entry is not firing). */
  private drop(watch: Watch): void {
    const code = this.codes.get(watch.code);
    this.watches.delete(watch.id);
    if (!code) return;
    if (watch.state === 'book') code.book.remove(watch.id, watch.side, watch.level);
    code.resting.delete(watch);
    code.percent.delete(watch);
  }

  // ---- ticks ----

  /** Synchronous and cheap: takes the alerts the price meets off their book and queues their fire. */
  onTick(tick: Tick): void {
    const code = this.codes.get(tick.code);
    if (!code) return;
    const price = Number(tick.price);
    if (!(price > 0)) return;
    if (code.percent.size > 0) {
      const previousClose = this.ctx.market.quote(tick.code)?.previousClose;
      if (previousClose !== undefined && previousClose !== code.previousClose)
        this.rebase(code, previousClose);
    }
    if (code.resting.size > 0) {
      const day = this.days.get(code.market, new Date(tick.time));
      if (day !== code.checkedDay) this.rearm(code, day);
    }
    const taken = code.book.take(price);
    if (taken.length === 0) return;
    const due: Watch[] = [];
    for (const watch of taken) {
      // The book compares floats; the rule is the exact decimal.
      if (alertTouched(watch.side, watch.threshold, tick.price)) {
        watch.state = 'firing';
        due.push(watch);
      } else code.book.add(watch);
    }
    if (due.length === 0) return;
    const day = this.days.get(code.market, new Date(tick.time));
    const previousClose = code.previousClose;
    this.enqueue(() => this.fire(code, due, tick.price, previousClose, day));
  }

  /** A new previous close (a new trading day): rise / fall thresholds move with it. */
  private rebase(code: CodeWatch, previousClose: string): void {
    code.previousClose = previousClose;
    const onBook: Watch[] = [];
    for (const watch of code.book.entries()) if (!isPercentKind(watch.kind)) onBook.push(watch);
    for (const watch of code.percent) {
      watch.threshold = alertThreshold(watch.kind, watch.value, previousClose);
      watch.level = Number(watch.threshold);
      if (watch.state === 'book') onBook.push(watch);
    }
    code.book = new PriceBook<Watch>();
    code.book.addMany(onBook);
  }

  /** Daily alerts that fired on an earlier trading day watch again (SPEC §13.3: once a day). */
  private rearm(code: CodeWatch, day: string): void {
    code.checkedDay = day;
    for (const watch of code.resting) {
      if (watch.firedDay === day) continue;
      code.resting.delete(watch);
      watch.state = 'book';
      watch.firedDay = null;
      code.book.add(watch);
    }
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((error) => {
      this.ctx.log.error({ err: error }, 'alert watcher task failed');
    });
  }

  // ---- fires ----

  private async fire(
    code: CodeWatch,
    due: Watch[],
    price: string,
    previousClose: string,
    day: string,
  ): Promise<void> {
    for (let at = 0; at < due.length; at += ALERT_WATCH_LIMITS.fireBatch) {
      const batch = due.slice(at, at + ALERT_WATCH_LIMITS.fireBatch);
      let outcome: { won: Set<number>; current: Set<number> };
      try {
        outcome = await this.claim(code, batch, price, previousClose, day);
      } catch (error) {
        // A fault, not a refusal: back on the book, so the next tick that meets them retries.
        this.ctx.log.error({ err: error }, 'alert watcher could not write fires');
        const changed: number[] = [];
        for (const watch of batch) {
          watch.state = 'book';
          code.book.add(watch);
          if (this.changedWhileFiring.delete(watch.id)) changed.push(watch.id);
        }
        if (changed.length > 0) await this.reload(changed);
        continue;
      }
      const reread = new Set<number>();
      for (const watch of batch) {
        this.touch(watch.id);
        if (outcome.won.has(watch.id)) this.counters.fired++;
        else if (outcome.current.has(watch.id)) this.counters.lost++;
        if (!outcome.current.has(watch.id)) {
          // Edited, fired for good or deleted since this node read it: the row says which.
          this.forget(code, watch);
          reread.add(watch.id);
        } else if (watch.repeat === 'daily') this.rest(code, watch, day);
        // A `once` alert's period is over, whichever node wrote it.
        else this.forget(code, watch);
        if (this.changedWhileFiring.delete(watch.id)) reread.add(watch.id);
      }
      if (reread.size > 0) await this.reload([...reread]);
    }
  }

  private forget(code: CodeWatch, watch: Watch): void {
    this.watches.delete(watch.id);
    code.percent.delete(watch);
    code.resting.delete(watch);
  }

  /**
   * One transaction for a batch of alerts a tick met: their rows locked in id order (nodes firing
   * the same alerts wait for each other, never deadlock), those still the version watched here
   * get their fire row, and only the rows whose insert won are marked fired and messaged.
   */
  private async claim(
    code: CodeWatch,
    batch: Watch[],
    price: string,
    previousClose: string,
    day: string,
  ): Promise<{ won: Set<number>; current: Set<number> }> {
    const byId = new Map(batch.map((watch) => [watch.id, watch]));
    return inTransaction(this.ctx.db, async (trx) => {
      const now = this.ctx.clock.now();
      const rows: FireRow[] = await trx
        .selectFrom('price_alerts')
        .innerJoin('users', 'users.id', 'price_alerts.user_id')
        .selectAll('price_alerts')
        .select('users.language')
        .where('price_alerts.id', 'in', [...byId.keys()])
        .orderBy('price_alerts.id')
        .forUpdate('price_alerts')
        .execute();
      const current = rows.filter((row) => row.active && row.generation === byId.get(row.id)?.generation);
      const currentIds = new Set(current.map((row) => row.id));
      if (current.length === 0) return { won: new Set(), current: currentIds };
      const inserted = await trx
        .insertInto('alert_fires')
        .values(
          current.map((row) => ({
            alert_id: row.id,
            generation: row.generation,
            period: row.repeat === 'daily' ? day : ONCE_PERIOD,
            price,
            fired_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['alert_id', 'generation', 'period']).doNothing())
        .returning('alert_id')
        .execute();
      const won = new Set(inserted.map((row) => row.alert_id));
      if (won.size === 0) return { won, current: currentIds };
      await trx
        .updateTable('price_alerts')
        .set({ fired_at: now, fired_price: price, active: sql<boolean>`repeat = 'daily'` })
        .where('id', 'in', [...won])
        .execute();
      const winners = current.filter((row) => won.has(row.id));
      await messages.sendMany(
        trx,
        winners.map((row) => this.message(code, row, price, previousClose)),
        now,
      );
      return { won, current: currentIds };
    });
  }

  /** The investor's message: the stock (named in their language), the condition and the price. */
  private message(code: CodeWatch, row: FireRow, price: string, previousClose: string): OutgoingMessage {
    const language: Language = pickLanguage(row.language, 'jp');
    const instrument = this.ctx.market.instrument(row.code);
    const key: MessageKey = `alert_${row.kind}`;
    const value = isPercentKind(row.kind)
      ? { text: valueView(code.market, row.kind, row.value) }
      : { price: valueView(code.market, row.kind, row.value) };
    return {
      userId: row.user_id,
      kind: 'alert',
      template: {
        key,
        params: {
          name: { text: instrument?.name[language] ?? row.code },
          code: { text: row.code },
          price: { price },
          value,
          ...(isPercentKind(row.kind) ? { change: { text: dayChangePercent(previousClose, price) } } : {}),
        },
      },
    };
  }
}
