import type { Currency, Market } from '@kabuto/contract';
import { CURRENCIES, Decimal, MARKET_TIMEZONE, PRICE_DECIMALS } from '@kabuto/contract';
import {
  type Bar,
  type CorporateAction,
  dailyPriceLimit,
  type PriceLimits,
  sessionMinutes,
  tradingDay,
  zonedInstant,
} from '@kabuto/domain';
import { type Random, randomFor } from './random';
import type { Tick } from './types';
import { type CorporateActionSpec, FX_PER_USD, type InstrumentSpec } from './universe';

/**
 * The simulated feed's model (ARCHITECTURE "Market"): a mean-reverting random walk in log price
 * around each instrument's reference price, driven by a shared factor per market and an
 * idiosyncratic shock per instrument. Every random draw comes from a stream named by the market
 * seed, the instrument and the day, so the same MARKET_SEED gives the same history. Prices are
 * rounded to the tick grid and clamped to the daily limits through the domain rules (SPEC §6.2).
 */

/** Daily volatility of each market's common factor. */
const MARKET_VOLATILITY: Record<Market, number> = { jpy: 0.011, usd: 0.01, cny: 0.012 };
/** Daily pull of the log price back towards its target path (keeps prices realistic over years). */
const MEAN_REVERSION_PER_DAY = 0.03;
const TRADING_DAYS_PER_YEAR = 245;
/** Seconds of a regular session used to scale daily volatility to a one-second step. */
const SESSION_SECONDS = 23_400;

export interface DayBarRow {
  code: string;
  day: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
}

export interface MinuteBarRow {
  code: string;
  /** ISO instant of the minute's start. */
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
}

/** The bar of a market-local day, timed at its local midnight (so its local date is the day). */
export function dayBarTime(market: Market, day: string): string {
  return zonedInstant(MARKET_TIMEZONE[market], day, '00:00').toISOString();
}

export function toBar(market: Market, row: DayBarRow): Bar {
  return {
    time: dayBarTime(market, row.day),
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    turnover: row.turnover,
  };
}

/** The first trading day on or after `months` calendar months before `today` (same day of month, clamped). */
export function monthsBefore(market: Market, today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
  // tradingDay of the local noon of that date: the date itself when it trades, else the next trading day.
  return tradingDay(market, zonedInstant(MARKET_TIMEZONE[market], day, '12:00'));
}

/** Corporate actions of the universe dated against the first start's trading day. */
export function planCorporateActions(
  specs: readonly InstrumentSpec[],
  actions: readonly CorporateActionSpec[],
  todayByMarket: Record<Market, string>,
): Map<string, CorporateAction[]> {
  const byCode = new Map<string, CorporateAction[]>();
  const known = new Map(specs.map((s) => [s.code, s]));
  for (const action of actions) {
    const spec = known.get(action.code);
    if (!spec) continue;
    const exDate = monthsBefore(spec.market, todayByMarket[spec.market], action.monthsAgo);
    const list = byCode.get(action.code) ?? [];
    list.push({
      exDate,
      ...(action.splitRatio ? { splitRatio: action.splitRatio } : {}),
      ...(action.cashDividend ? { cashDividend: action.cashDividend } : {}),
    });
    byCode.set(action.code, list);
  }
  return byCode;
}

function limitsOf(spec: InstrumentSpec, base: string): PriceLimits | null {
  return spec.kind === 'stock' ? dailyPriceLimit(spec.market, spec.code, spec.name.cn, base) : null;
}

/**
 * The model works in whole ticks of the market's price grid (PRICE_DECIMALS): a latent price
 * becomes the nearest grid point inside the day's band, so every generated price is on the grid
 * and within the limits by construction.
 */
export class TickGrid {
  readonly scale: number;
  constructor(readonly decimals: number) {
    this.scale = 10 ** decimals;
  }
  /** Ticks of a decimal string already on the grid. */
  ticksOf(price: string): number {
    return Math.round(Number(price) * this.scale);
  }
  format(ticks: number): string {
    const negative = ticks < 0;
    const digits = String(Math.abs(ticks)).padStart(this.decimals + 1, '0');
    const text =
      this.decimals === 0 ? digits : `${digits.slice(0, -this.decimals)}.${digits.slice(-this.decimals)}`;
    return negative ? `-${text}` : text;
  }
  /** Turnover = price × volume, exact (BigInt), in the price's decimals. */
  value(priceTicks: number, volume: number): string {
    return formatBig(BigInt(priceTicks) * BigInt(volume), this.decimals);
  }
}

/** A band in ticks; null bounds mean no limit (US stocks, indices). */
interface TickBand {
  down: number;
  up: number;
}

function bandOf(grid: TickGrid, limits: PriceLimits | null): TickBand {
  return limits
    ? { down: grid.ticksOf(limits.limitDown), up: grid.ticksOf(limits.limitUp) }
    : { down: 1, up: Number.MAX_SAFE_INTEGER };
}

function quantize(grid: TickGrid, latent: number, band: TickBand): number {
  const ticks = Math.round(latent * grid.scale);
  return Math.min(Math.max(ticks, band.down, 1), band.up);
}

/** Intraday volume profile: busier at the open and the close (a U shape). */
function volumeShape(position: number): number {
  const x = position * 2 - 1;
  return 0.6 + 0.9 * x * x;
}

export interface HistoryInput {
  seed: string;
  spec: InstrumentSpec;
  /** Trading days to generate, ascending. */
  days: readonly string[];
  /** Days that also get 1-minute bars (the daily bar is then built from them). */
  minuteDays: ReadonlySet<string>;
  actions: readonly CorporateAction[];
  /** Previous close before the first day (continuing stored history); default: the target path. */
  startClose?: string;
  /** Index of days[0] counted back from the reference day (for the drift of the target path). */
  daysBeforeReference?: number;
}

/** Standard normal draw of a market's common factor on a day (the same for every instrument). */
export function marketFactor(seed: string, market: Market, day: string): number {
  return randomFor(seed, 'factor', market, day).normal();
}

/**
 * Daily (and some 1-minute) history of one instrument. Splits and dividends move the base price
 * on their ex-date, so unadjusted history shows them as real markets do (SPEC §6.2).
 */
export function generateHistory(input: HistoryInput): { days: DayBarRow[]; minutes: MinuteBarRow[] } {
  const { seed, spec, days } = input;
  const market = spec.market;
  const grid = new TickGrid(PRICE_DECIMALS[market]);
  const noBand = bandOf(grid, null);
  const reference = Number(spec.referencePrice);
  const actionsByDay = new Map(input.actions.map((a) => [a.exDate, a]));
  const total = input.daysBeforeReference ?? days.length;

  // Splits still ahead of a day multiply its price relative to today's basis.
  const splitsAfter = (day: string) =>
    input.actions.reduce((m, a) => (a.exDate > day ? m * (a.splitRatio ?? 1) : m), 1);
  const target = (index: number, day: string) =>
    Math.log(reference * splitsAfter(day)) + (spec.driftPerYear * (index - total)) / TRADING_DAYS_PER_YEAR;

  const dayRows: DayBarRow[] = [];
  const minuteRows: MinuteBarRow[] = [];
  let previousClose = input.startClose
    ? grid.ticksOf(input.startClose)
    : quantize(grid, Math.exp(target(0, days[0] ?? '')), noBand);

  days.forEach((day, index) => {
    const random = randomFor(seed, 'day', spec.code, day);
    const factor = marketFactor(seed, market, day);
    let baseLatent = previousClose / grid.scale;
    const action = actionsByDay.get(day);
    if (action) {
      baseLatent = (baseLatent - Number(action.cashDividend ?? 0)) / (action.splitRatio ?? 1);
    }
    const base = quantize(grid, baseLatent, noBand);
    const band = bandOf(grid, limitsOf(spec, grid.format(base)));
    const common = spec.beta * MARKET_VOLATILITY[market] * factor;
    const idio = spec.volatility * random.normal();
    const pull = MEAN_REVERSION_PER_DAY * (target(index, day) - Math.log(baseLatent));
    const dayReturn = pull + spec.driftPerYear / TRADING_DAYS_PER_YEAR + common + idio;
    const closeLatent = baseLatent * Math.exp(dayReturn);
    const openLatent = baseLatent * Math.exp(0.3 * common + 0.25 * spec.volatility * random.normal());
    const daySigma = Math.hypot(spec.volatility, spec.beta * MARKET_VOLATILITY[market]);
    const volume = Math.max(
      1,
      Math.round(
        spec.averageDailyVolume *
          Math.exp(0.3 * random.normal()) *
          (1 + Math.abs(dayReturn) / (2 * daySigma)) *
          0.7,
      ),
    );

    let row: DayBarRow;
    if (input.minuteDays.has(day)) {
      const { rows, bar } = generateMinutes(
        spec,
        grid,
        day,
        random,
        openLatent,
        closeLatent,
        daySigma,
        volume,
        band,
      );
      minuteRows.push(...rows);
      row = { code: spec.code, day, ...bar };
      previousClose = grid.ticksOf(bar.close);
    } else {
      const open = quantize(grid, openLatent, band);
      const close = quantize(grid, closeLatent, band);
      const wick = () => Math.abs(random.normal()) * daySigma * 0.5;
      const high = Math.max(
        quantize(grid, Math.max(openLatent, closeLatent) * Math.exp(wick()), band),
        open,
        close,
      );
      const low = Math.min(
        quantize(grid, Math.min(openLatent, closeLatent) * Math.exp(-wick()), band),
        open,
        close,
      );
      const vwap = Math.round((high + low + 2 * close) / 4);
      row = {
        code: spec.code,
        day,
        open: grid.format(open),
        high: grid.format(high),
        low: grid.format(low),
        close: grid.format(close),
        volume,
        turnover: grid.value(vwap, volume),
      };
      previousClose = close;
    }
    dayRows.push(row);
  });
  return { days: dayRows, minutes: minuteRows };
}

/** 1-minute bars of one session day (a bridge from the open to the day's close) and the day's bar they make. */
function generateMinutes(
  spec: InstrumentSpec,
  grid: TickGrid,
  day: string,
  random: Random,
  openLatent: number,
  closeLatent: number,
  daySigma: number,
  dayVolume: number,
  band: TickBand,
): { rows: MinuteBarRow[]; bar: Omit<DayBarRow, 'code' | 'day'> } {
  const starts = sessionMinutes(spec.market, day);
  const n = starts.length;
  const sigma = daySigma / Math.sqrt(Math.max(1, n));
  const rows: MinuteBarRow[] = [];
  let latent = openLatent;
  let open = quantize(grid, openLatent, band);
  const dayOpen = open;
  let dayHigh = open;
  let dayLow = open;
  let volumeSum = 0;
  let turnoverTicks = 0n;
  const logTarget = Math.log(closeLatent);
  starts.forEach((start, j) => {
    const remaining = n - j;
    latent *= Math.exp((logTarget - Math.log(latent)) / remaining + sigma * random.normal());
    latent = Math.min(Math.max(latent, band.down / grid.scale), band.up / grid.scale);
    const close = quantize(grid, latent, band);
    const wick = () => Math.abs(random.normal()) * sigma * 0.4;
    const high = Math.max(
      quantize(grid, (Math.max(open, close) / grid.scale) * Math.exp(wick()), band),
      open,
      close,
    );
    const low = Math.min(
      quantize(grid, (Math.min(open, close) / grid.scale) * Math.exp(-wick()), band),
      open,
      close,
    );
    const volume = Math.max(
      1,
      Math.round((dayVolume / n) * volumeShape(j / Math.max(1, n - 1)) * Math.exp(0.35 * random.normal())),
    );
    const vwap = Math.round((open + close) / 2);
    rows.push({
      code: spec.code,
      time: start.toISOString(),
      open: grid.format(open),
      high: grid.format(high),
      low: grid.format(low),
      close: grid.format(close),
      volume,
      turnover: grid.value(vwap, volume),
    });
    dayHigh = Math.max(dayHigh, high);
    dayLow = Math.min(dayLow, low);
    volumeSum += volume;
    turnoverTicks += BigInt(vwap) * BigInt(volume);
    open = close;
  });
  return {
    rows,
    bar: {
      open: grid.format(dayOpen),
      high: grid.format(dayHigh),
      low: grid.format(dayLow),
      close: grid.format(open),
      volume: volumeSum,
      turnover: formatBig(turnoverTicks, grid.decimals),
    },
  };
}

function formatBig(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString();
  const digits = value.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** FX mid rates as units per US dollar. */
export type FxTable = Record<Currency, string>;

export interface PriceSource {
  /** Last traded price; null when unknown. */
  lastPrice(code: string): string | null;
  /** The band a price at `at` must respect (a new trading day bands around the last price). */
  priceBand(code: string, at: Date): PriceLimits | null;
}

/**
 * Live steps of the simulated feed: one tick per instrument of each open market per call, plus an
 * FX move. The walk continues from the last price the market service holds, so a restart or a
 * new leader picks up where the quotes are.
 */
export class LiveSimulator {
  private readonly latent = new Map<string, number>();
  private readonly fx: Map<Currency, number>;
  private readonly random: Random;
  private readonly grids: Record<Market, TickGrid> = {
    jpy: new TickGrid(PRICE_DECIMALS.jpy),
    usd: new TickGrid(PRICE_DECIMALS.usd),
    cny: new TickGrid(PRICE_DECIMALS.cny),
  };

  constructor(
    seed: string,
    private readonly specs: readonly InstrumentSpec[],
    private readonly stepMs: number,
    startedAt: Date,
  ) {
    this.random = randomFor(seed, 'live', startedAt.toISOString());
    this.fx = new Map(CURRENCIES.map((c) => [c, Number(FX_PER_USD[c])]));
  }

  /**
   * Ticks for every instrument (of one slice of the universe) whose market `isOpen` says trades
   * at `now`. Each instrument moves by one `stepMs` step per call that includes it.
   */
  step(
    now: Date,
    source: PriceSource,
    isOpen: (market: Market) => boolean,
    slice: { index: number; count: number } = { index: 0, count: 1 },
  ): Tick[] {
    const stepFraction = Math.sqrt(this.stepMs / 1000 / SESSION_SECONDS);
    const factors: Record<Market, number> = {
      jpy: this.random.normal(),
      usd: this.random.normal(),
      cny: this.random.normal(),
    };
    const time = now.toISOString();
    const ticks: Tick[] = [];
    for (let i = slice.index; i < this.specs.length; i += slice.count) {
      const spec = this.specs[i]!;
      if (!isOpen(spec.market)) continue;
      const grid = this.grids[spec.market];
      const last = grid.ticksOf(source.lastPrice(spec.code) ?? spec.referencePrice);
      let latent = this.latent.get(spec.code);
      // Follow the quoted price when something else moved it (a restart, another feed, a test).
      if (latent === undefined || Math.round(latent * grid.scale) !== last) latent = last / grid.scale;
      const pull =
        (MEAN_REVERSION_PER_DAY * (Math.log(Number(spec.referencePrice)) - Math.log(latent)) * this.stepMs) /
        1000 /
        SESSION_SECONDS;
      const shock =
        (spec.beta * MARKET_VOLATILITY[spec.market] * factors[spec.market] +
          spec.volatility * this.random.normal()) *
        stepFraction;
      latent *= Math.exp(pull + shock);
      const band = bandOf(grid, source.priceBand(spec.code, now));
      latent = Math.min(Math.max(latent, band.down / grid.scale), band.up / grid.scale);
      this.latent.set(spec.code, latent);
      const price = grid.format(quantize(grid, latent, band));
      const perStep = (spec.averageDailyVolume * this.stepMs) / 1000 / SESSION_SECONDS;
      const volume = Math.max(1, Math.round(perStep * Math.exp(0.5 * this.random.normal())));
      ticks.push({ code: spec.code, market: spec.market, price, volume, time });
    }
    return ticks;
  }

  /** Moves every FX rate slightly (mean-reverting to the reference) and returns units per USD. */
  stepFx(): FxTable {
    const table = {} as FxTable;
    for (const currency of CURRENCIES) {
      const reference = Number(FX_PER_USD[currency]);
      let rate = this.fx.get(currency) ?? reference;
      if (currency !== 'USD') {
        rate *= Math.exp(0.00003 * this.random.normal() + 0.001 * Math.log(reference / rate));
      }
      this.fx.set(currency, rate);
      table[currency] = new Decimal(rate).toSignificantDigits(8).toFixed();
    }
    table.USD = '1';
    return table;
  }
}
