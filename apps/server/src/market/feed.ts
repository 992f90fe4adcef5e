import { performance } from 'node:perf_hooks';
import type { DB } from '../db/schema';
import type { TickBus } from './bus';
import type { InMemoryMarket } from './service';
import { type DayBarRow, LiveSimulator, type MinuteBarRow } from './simulator';
import { barStore } from './store';
import type { BarClosed } from './types';
import type { InstrumentSpec } from './universe';

/**
 * The feed publishes each step in this many slices spread over the step, as a real feed delivers
 * ticks through the second rather than all at once: every instrument still ticks once per step,
 * and a burst reaches only a slice's subscribers (docs/benchmarks.md "Quote stream").
 */
export const FEED_SLICES = 30;

/** Longest a closed minute waits before it is written (and the most rows one write carries). */
export const BAR_FLUSH_MS = 2_000;
export const BAR_FLUSH_MAX_ROWS = 5_000;

/**
 * The leader's feed: every `stepMs` it asks the simulator for one tick per instrument of each
 * open market (SPEC §6.2 `marketHours`), in FEED_SLICES slices, and an FX move, and publishes
 * them on the bus. It keeps
 * no quotes of its own: it walks on from the prices the market service holds.
 */
export class SimulatedFeed {
  private timer: NodeJS.Timeout | null = null;
  private readonly simulator: LiveSimulator;
  private publishing = false;
  private slice = 0;

  private get slices(): number {
    return Math.max(1, Math.floor(this.options.slices ?? FEED_SLICES));
  }

  constructor(
    private readonly market: InMemoryMarket,
    private readonly bus: TickBus,
    specs: readonly InstrumentSpec[],
    private readonly options: {
      seed: string;
      stepMs: number;
      /** Default FEED_SLICES. */
      slices?: number;
      now: () => Date;
      onError: (error: unknown) => void;
    },
  ) {
    this.simulator = new LiveSimulator(options.seed, specs, options.stepMs, options.now());
  }

  start(): void {
    if (this.timer) return;
    const sliceMs = this.options.stepMs / this.slices;
    const startedAt = performance.now();
    let done = 0;
    let running = false;
    // Timers drift and skip when the event loop is busy; the slices due by the clock run anyway
    // (at most one step's worth at a time), so every instrument keeps ticking once per step.
    this.timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        const due = Math.floor((performance.now() - startedAt) / sliceMs);
        if (due - done > this.slices) done = due - this.slices;
        while (done < due && this.timer) {
          done += 1;
          await this.step();
          // Let sockets and requests in between slices that run late.
          if (done < due) await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        running = false;
      }
    }, sliceMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One slice of a step (also called directly by tests and benchmarks); returns the ticks published. */
  async step(): Promise<number> {
    // A slow bus must not pile up steps behind it.
    if (this.publishing) return 0;
    this.publishing = true;
    try {
      const now = this.options.now();
      const index = this.slice;
      this.slice = (this.slice + 1) % this.slices;
      const ticks = this.simulator.step(now, this.market, (m) => this.market.isOpen(m, now), {
        index,
        count: this.slices,
      });
      if (ticks.length > 0) await this.bus.publish({ kind: 'ticks', ticks });
      if (index === 0) await this.bus.publish({ kind: 'fx', rates: this.simulator.stepFx() });
      return ticks.length;
    } catch (error) {
      this.options.onError(error);
      return 0;
    } finally {
      this.publishing = false;
    }
  }
}

/**
 * Writes the bars the live market builds (the leader only): each closed minute, and the day's
 * bar as of that minute, batched every BAR_FLUSH_MS.
 */
export class BarPersister {
  private minutes: MinuteBarRow[] = [];
  private readonly days = new Map<string, DayBarRow>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DB,
    private readonly market: InMemoryMarket,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.market.onBar((bar) => this.add(bar));
    this.timer = setInterval(() => void this.flush(), BAR_FLUSH_MS);
    this.timer.unref();
  }

  private add(bar: BarClosed): void {
    this.minutes.push({ code: bar.code, ...bar.minute });
    this.days.set(`${bar.code}|${bar.day}`, { code: bar.code, day: bar.day, ...bar.dayBar });
    if (this.minutes.length >= BAR_FLUSH_MAX_ROWS) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.minutes.length === 0 && this.days.size === 0) return;
      const minutes = this.minutes;
      const days = [...this.days.values()];
      this.minutes = [];
      this.days.clear();
      try {
        await barStore.upsertLive(this.db, minutes, days);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.flushing;
  }

  /** Stops and writes what is left, including the minutes still open. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.market.closeAllMinutes();
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flush();
  }
}
