import type { Currency, Market } from '@kabuto/contract';
import { CURRENCIES, Decimal, MARKET_TIMEZONE, PRICE_DECIMALS } from '@kabuto/contract';
import {
  type Bar,
  type CorporateAction,
  dailyPriceLimit,
  tradingDay as domainTradingDay,
  type PriceLimits,
  previousTradingDay,
  isOpen as sessionIsOpen,
  zonedInstant,
} from '@kabuto/domain';
import type { HoursMode } from '../config';
import type { FxTable, PriceSource } from './simulator';
import type { BarClosed, Instrument, MarketService, Quote, Tick } from './types';
import { FX_PER_USD, type InstrumentSpec } from './universe';

const MINUTE_MS = 60_000;

/** SPEC §0.8 and §4: change against the previous close, in price units and in percent (2 decimals, half up). */
export function priceChange(previousClose: string, price: string): { change: string; changePercent: string } {
  const prev = new Decimal(previousClose);
  const change = new Decimal(price).minus(prev);
  const percent = prev.isZero() ? new Decimal(0) : change.dividedBy(prev).times(100);
  const decimals = Math.max(decimalsOf(previousClose), decimalsOf(price));
  return {
    change: change.toFixed(decimals),
    changePercent: percent.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * The trading day of an instant, remembered as the span of instants that share it (from the end
 * of the previous trading day to the end of this one), so the tick path does not redo calendar
 * arithmetic for every tick.
 */
export class TradingDayCache {
  private readonly spans = new Map<Market, { from: number; to: number; day: string }>();

  get(market: Market, at: Date): string {
    const t = at.getTime();
    const span = this.spans.get(market);
    if (span && span.from <= t && t < span.to) return span.day;
    const day = domainTradingDay(market, at);
    const zone = MARKET_TIMEZONE[market];
    this.spans.set(market, {
      day,
      from: zonedInstant(zone, previousTradingDay(market, day), '24:00').getTime(),
      to: zonedInstant(zone, day, '24:00').getTime(),
    });
    return day;
  }
}

interface MinuteState {
  start: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: Decimal;
}

interface CodeState {
  spec: InstrumentSpec;
  day: string;
  previousClose: string;
  price: string;
  open: string;
  high: string;
  low: string;
  /** Whether a trade happened on `day` yet (before that, open/high/low show the previous close). */
  traded: boolean;
  volume: number;
  turnover: Decimal;
  limits: PriceLimits | null;
  time: string;
  minute: MinuteState | null;
  quote: Quote;
}

/** What the store knows about an instrument's recent days when the service starts. */
export interface StoredDayState {
  code: string;
  /** Close of the last stored day before the current trading day. */
  previousClose: string | null;
  /** The current trading day's bar when one is stored (a restart during the day). */
  today: { open: string; high: string; low: string; close: string; volume: number; turnover: string } | null;
}

export interface MarketServiceOptions {
  instruments: readonly InstrumentSpec[];
  hours: HoursMode;
  now: () => Date;
  simulated: boolean;
  onListenerError?: (error: unknown) => void;
}

/**
 * The in-memory market of one node (ARCHITECTURE "Market"): quotes, the current day's bar and the
 * current minute of every instrument, fed only through `ingest`, so it runs the same on the leader
 * (fed by its own simulator through the bus) and on every other node. No timers: tests move prices
 * with `ingest`.
 */
export class InMemoryMarket implements MarketService, PriceSource {
  private readonly states = new Map<string, CodeState>();
  private readonly tickListeners = new Set<(tick: Tick) => void>();
  private readonly barListeners = new Set<(bar: BarClosed) => void>();
  private fx: FxTable = { ...FX_PER_USD };
  private readonly actions = new Map<string, CorporateAction[]>();
  private readonly days = new TradingDayCache();

  constructor(private readonly options: MarketServiceOptions) {
    for (const spec of options.instruments) this.addSpec(spec);
  }

  private addSpec(spec: InstrumentSpec): void {
    const day = this.days.get(spec.market, this.options.now());
    const state: CodeState = {
      spec,
      day,
      previousClose: spec.referencePrice,
      price: spec.referencePrice,
      open: spec.referencePrice,
      high: spec.referencePrice,
      low: spec.referencePrice,
      traded: false,
      volume: 0,
      turnover: new Decimal(0),
      limits: this.limitsFor(spec, spec.referencePrice),
      time: this.options.now().toISOString(),
      minute: null,
      quote: undefined as unknown as Quote,
    };
    state.quote = this.buildQuote(state);
    this.states.set(spec.code, state);
  }

  private limitsFor(spec: InstrumentSpec, previousClose: string): PriceLimits | null {
    return spec.kind === 'stock'
      ? dailyPriceLimit(spec.market, spec.code, spec.name.cn, previousClose)
      : null;
  }

  private buildQuote(s: CodeState): Quote {
    const { change, changePercent } = priceChange(s.previousClose, s.price);
    return {
      code: s.spec.code,
      market: s.spec.market,
      kind: s.spec.kind,
      name: s.spec.name,
      sector: s.spec.sector,
      price: s.price,
      previousClose: s.previousClose,
      open: s.open,
      high: s.high,
      low: s.low,
      change,
      changePercent,
      volume: s.volume,
      turnover: s.turnover.toFixed(PRICE_DECIMALS[s.spec.market]),
      limitUp: s.limits?.limitUp ?? null,
      limitDown: s.limits?.limitDown ?? null,
      time: s.time,
      simulated: this.options.simulated,
    };
  }

  instruments(market?: Market): Instrument[] {
    const list: Instrument[] = [];
    for (const { spec } of this.states.values()) if (!market || spec.market === market) list.push(spec);
    return list;
  }

  instrument(code: string): Instrument | null {
    return this.states.get(code)?.spec ?? null;
  }

  /** The full description (profile, shares outstanding, model parameters). */
  spec(code: string): InstrumentSpec | null {
    return this.states.get(code)?.spec ?? null;
  }

  quote(code: string): Quote | null {
    return this.states.get(code)?.quote ?? null;
  }

  lastPrice(code: string): string | null {
    return this.states.get(code)?.price ?? null;
  }

  isOpen(market: Market, at: Date): boolean {
    return this.options.hours === 'always' || sessionIsOpen(market, at);
  }

  tradingDay(market: Market, at: Date): string {
    return this.days.get(market, at);
  }

  priceBand(code: string, at: Date): PriceLimits | null {
    const s = this.states.get(code);
    if (!s) return null;
    const day = this.days.get(s.spec.market, at);
    return day === s.day ? s.limits : this.limitsFor(s.spec, s.price);
  }

  onTick(listener: (tick: Tick) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  onBar(listener: (bar: BarClosed) => void): () => void {
    this.barListeners.add(listener);
    return () => this.barListeners.delete(listener);
  }

  ingest(tick: Tick): void {
    const s = this.states.get(tick.code);
    if (!s) return;
    const at = Date.parse(tick.time);
    if (Number.isNaN(at)) return;
    const day = this.days.get(s.spec.market, new Date(at));
    const minuteStart = Math.floor(at / MINUTE_MS) * MINUTE_MS;
    if (s.minute && s.minute.start !== minuteStart) this.closeMinute(s);
    if (day !== s.day) {
      // A new trading day: yesterday's last price is the base of today's change and limits (SPEC §6.2).
      s.previousClose = s.price;
      s.limits = this.limitsFor(s.spec, s.previousClose);
      s.day = day;
      s.traded = false;
      s.volume = 0;
      s.turnover = new Decimal(0);
    }
    const price = tick.price;
    const value = new Decimal(price).times(tick.volume);
    if (!s.traded) {
      s.open = price;
      s.high = price;
      s.low = price;
      s.traded = true;
    } else {
      if (Number(price) > Number(s.high)) s.high = price;
      if (Number(price) < Number(s.low)) s.low = price;
    }
    s.price = price;
    s.volume += tick.volume;
    s.turnover = s.turnover.plus(value);
    s.time = tick.time;
    if (!s.minute) {
      s.minute = {
        start: minuteStart,
        open: price,
        high: price,
        low: price,
        close: price,
        volume: 0,
        turnover: new Decimal(0),
      };
    }
    const m = s.minute;
    if (Number(price) > Number(m.high)) m.high = price;
    if (Number(price) < Number(m.low)) m.low = price;
    m.close = price;
    m.volume += tick.volume;
    m.turnover = m.turnover.plus(value);
    s.quote = this.buildQuote(s);
    for (const listener of this.tickListeners) {
      try {
        listener(tick);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
  }

  /** Turnover is price × volume summed, exact in the price's decimals (no rounding happens). */
  private money(spec: InstrumentSpec, value: Decimal): string {
    return value.toFixed(PRICE_DECIMALS[spec.market]);
  }

  private minuteBar(spec: InstrumentSpec, m: MinuteState): Bar {
    return {
      time: new Date(m.start).toISOString(),
      open: m.open,
      high: m.high,
      low: m.low,
      close: m.close,
      volume: m.volume,
      turnover: this.money(spec, m.turnover),
    };
  }

  /** Today's bar from the ticks seen (null before the first trade of the day). */
  dayBar(code: string): (Bar & { day: string }) | null {
    const s = this.states.get(code);
    if (!s?.traded) return null;
    return { day: s.day, time: '', ...this.daySoFar(s) };
  }

  /** The day's bar so far: open, high, low, the last price, volume and turnover. */
  private daySoFar(s: CodeState) {
    return {
      open: s.open,
      high: s.high,
      low: s.low,
      close: s.price,
      volume: s.volume,
      turnover: this.money(s.spec, s.turnover),
    };
  }

  /** The minute still being built (not yet closed). */
  openMinute(code: string): Bar | null {
    const s = this.states.get(code);
    return s?.minute ? this.minuteBar(s.spec, s.minute) : null;
  }

  private closeMinute(s: CodeState): void {
    const m = s.minute;
    if (!m) return;
    s.minute = null;
    const event: BarClosed = {
      code: s.spec.code,
      market: s.spec.market,
      day: s.day,
      minute: this.minuteBar(s.spec, m),
      dayBar: this.daySoFar(s),
    };
    for (const listener of this.barListeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.onListenerError?.(error);
      }
    }
  }

  /** Closes every open minute (shutdown, so the store keeps the last minute and the day's bar). */
  closeAllMinutes(): void {
    for (const s of this.states.values()) this.closeMinute(s);
  }

  /** Sets quotes from the stored history (start and after seeding). */
  prime(rows: readonly StoredDayState[]): void {
    const now = this.options.now();
    for (const row of rows) {
      const s = this.states.get(row.code);
      if (!s || (!row.previousClose && !row.today)) continue;
      const previousClose = row.previousClose ?? row.today!.open;
      s.day = this.days.get(s.spec.market, now);
      s.previousClose = previousClose;
      s.limits = this.limitsFor(s.spec, previousClose);
      s.minute = null;
      if (row.today) {
        s.open = row.today.open;
        s.high = row.today.high;
        s.low = row.today.low;
        s.price = row.today.close;
        s.volume = row.today.volume;
        s.turnover = new Decimal(row.today.turnover);
        s.traded = true;
      } else {
        s.open = s.high = s.low = s.price = previousClose;
        s.volume = 0;
        s.turnover = new Decimal(0);
        s.traded = false;
      }
      s.time = now.toISOString();
      s.quote = this.buildQuote(s);
    }
  }

  corporateActions(code: string): CorporateAction[] {
    return this.actions.get(code) ?? [];
  }

  setCorporateActions(byCode: ReadonlyMap<string, CorporateAction[]>): void {
    this.actions.clear();
    for (const [code, list] of byCode)
      this.actions.set(
        code,
        [...list].sort((a, b) => (a.exDate < b.exDate ? -1 : 1)),
      );
  }

  /** Adds an instrument at run time (a new share on its listing day). */
  list(spec: InstrumentSpec): void {
    if (!this.states.has(spec.code)) this.addSpec(spec);
  }

  fxRate(from: Currency, to: Currency): string | null {
    const perUsdFrom = this.fx[from];
    const perUsdTo = this.fx[to];
    if (!perUsdFrom || !perUsdTo) return null;
    if (from === to) return '1';
    return new Decimal(perUsdTo).dividedBy(perUsdFrom).toSignificantDigits(10).toFixed();
  }

  fxRates(): FxTable {
    return { ...this.fx };
  }

  ingestFx(table: Partial<FxTable>): void {
    for (const currency of CURRENCIES) {
      const rate = table[currency];
      if (rate && Number(rate) > 0) this.fx[currency] = rate;
    }
  }
}
