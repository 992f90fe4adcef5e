import type { Market } from '@kabuto/contract';
import { previousTradingDay } from './calendar';
import { D } from './numeric';
import { feeMinor, marginMinor, notionalMinor } from './trading';

/**
 * Copy trading (SPEC §6.5): built-in strategies that decide orders from bars, the figures of a
 * product computed from its leader's equity, and the arithmetic of mirroring a leader's order
 * into a follower's holding. Pure: the server feeds bars and fills in and posts what comes out.
 */

// ---------------------------------------------------------------------------------------------
// Strategies

/** A daily bar as a strategy sees it: the trading day and its close. */
export interface StrategyBar {
  day: string;
  close: string;
}

/** What a strategy knows of one code: its bars up to and including the current one. */
export type StrategyInput = {
  /** Bars per code, oldest first, ending at the bar being decided on. */
  bars: Readonly<Record<string, readonly StrategyBar[]>>;
  /** Shares the leader holds per code (long only). */
  holdings: Readonly<Record<string, number>>;
  /** The leader's equity in minor units (cash + value of holdings at the current closes). */
  equityMinor: number;
  market: Market;
};

/** An order a strategy wants: buy or sell `quantity` shares of `code` at market. */
export interface StrategyOrder {
  code: string;
  side: 'buy' | 'sell';
  quantity: number;
}

export const STRATEGY_KINDS = ['trend', 'meanReversion', 'basket'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

/**
 * A strategy: the codes it trades, how many bars it needs, and a deterministic decision from
 * bars (and the latest tick, which the server passes as the last bar's close) to orders.
 */
export interface Strategy {
  kind: StrategyKind;
  codes: readonly string[];
  /** Bars needed before the first decision. */
  warmup: number;
  decide(input: StrategyInput): StrategyOrder[];
}

function closes(bars: readonly StrategyBar[], n: number): number[] {
  return bars.slice(-n).map((b) => Number(b.close));
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function stdev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
}

/** Whole shares of `code` worth at most `budgetMinor` at `price` (yen and cents both: minor = price × 10^decimals). */
function sharesFor(budgetMinor: number, priceText: string, minorPerUnit: number): number {
  const price = new D(priceText).times(minorPerUnit);
  if (price.lte(0) || budgetMinor <= 0) return 0;
  return new D(budgetMinor).dividedBy(price).floor().toNumber();
}

const MINOR_PER_UNIT: Record<Market, number> = { jpy: 1, usd: 100, cny: 100 };

/**
 * Trend following: long a code while its fast moving average is above the slow one, flat
 * otherwise; each code gets an equal share of equity when it turns long.
 */
export function trendStrategy(codes: readonly string[], fast = 5, slow = 20): Strategy {
  return {
    kind: 'trend',
    codes,
    warmup: slow,
    decide({ bars, holdings, equityMinor, market }) {
      const orders: StrategyOrder[] = [];
      for (const code of codes) {
        const series = bars[code] ?? [];
        if (series.length < slow) continue;
        const up = mean(closes(series, fast)) > mean(closes(series, slow));
        const held = holdings[code] ?? 0;
        if (up && held === 0) {
          const quantity = sharesFor(
            Math.floor((equityMinor * 0.9) / codes.length),
            series.at(-1)!.close,
            MINOR_PER_UNIT[market],
          );
          if (quantity > 0) orders.push({ code, side: 'buy', quantity });
        } else if (!up && held > 0) orders.push({ code, side: 'sell', quantity: held });
      }
      return orders;
    },
  };
}

/**
 * Mean reversion: buy a code when its close falls more than `entry` standard deviations below
 * its moving average; sell when it returns to the average.
 */
export function meanReversionStrategy(codes: readonly string[], window = 20, entry = 1.5): Strategy {
  return {
    kind: 'meanReversion',
    codes,
    warmup: window,
    decide({ bars, holdings, equityMinor, market }) {
      const orders: StrategyOrder[] = [];
      for (const code of codes) {
        const series = bars[code] ?? [];
        if (series.length < window) continue;
        const values = closes(series, window);
        const average = mean(values);
        const sd = stdev(values);
        const last = values.at(-1)!;
        const held = holdings[code] ?? 0;
        if (held === 0 && sd > 0 && last < average - entry * sd) {
          const quantity = sharesFor(
            Math.floor((equityMinor * 0.9) / codes.length),
            series.at(-1)!.close,
            MINOR_PER_UNIT[market],
          );
          if (quantity > 0) orders.push({ code, side: 'buy', quantity });
        } else if (held > 0 && last >= average) orders.push({ code, side: 'sell', quantity: held });
      }
      return orders;
    },
  };
}

/**
 * Index-weighted basket: holds the codes in proportion to their weights, rebalancing on the first
 * trading day of each month (selling positions off weight, then buying back to weight).
 */
export function basketStrategy(weights: Readonly<Record<string, number>>): Strategy {
  const codes = Object.keys(weights);
  const total = Object.values(weights).reduce((s, w) => s + w, 0);
  return {
    kind: 'basket',
    codes,
    warmup: 1,
    decide({ bars, holdings, equityMinor, market }) {
      const series = bars[codes[0]!] ?? [];
      const last = series.at(-1);
      if (!last || codes.some((c) => !bars[c]?.length)) return [];
      // Rebalances on the first trading day of each month, and whenever it holds nothing. The first
      // day is the market calendar's: a day missing from the bars (not stored yet, or a gap in the
      // history) does not make the day after it look like the first of the month.
      const newMonth = previousTradingDay(market, last.day).slice(0, 7) !== last.day.slice(0, 7);
      if (!newMonth && codes.some((c) => (holdings[c] ?? 0) > 0)) return [];
      const orders: StrategyOrder[] = [];
      const buys: StrategyOrder[] = [];
      for (const code of codes) {
        const target = sharesFor(
          Math.floor((equityMinor * 0.95 * weights[code]!) / total),
          bars[code]!.at(-1)!.close,
          MINOR_PER_UNIT[market],
        );
        const held = holdings[code] ?? 0;
        // Mirrored positions are whole positions: a changed weight sells the old one and buys anew.
        if (held > 0 && held !== target) orders.push({ code, side: 'sell', quantity: held });
        if (target > 0 && held !== target) buys.push({ code, side: 'buy', quantity: target });
      }
      return [...orders, ...buys];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Performance

/** The equity at the end of one trading day, in minor units. */
export interface EquityPoint {
  day: string;
  equityMinor: number;
}

export interface Performance {
  /** Return of each day over the day before, as a fraction (first day excluded). */
  dailyReturns: number[];
  /** Mean of the daily returns (SPEC §4 "historical average daily return"). */
  averageDailyReturn: number;
  totalReturn: number;
  /** Largest fall from a peak, as a positive fraction of the peak. */
  maxDrawdown: number;
  /** Standard deviation of daily returns, annualised over 252 trading days. */
  volatility: number;
  /** Drawdown from the running peak for each point (≤ 0). */
  drawdowns: number[];
}

export const TRADING_DAYS_PER_YEAR = 252;

/** Figures of an equity curve (SPEC §0.5: computed, never typed in). */
export function performanceOf(curve: readonly EquityPoint[]): Performance {
  const dailyReturns: number[] = [];
  for (let i = 1; i < curve.length; i++) {
    const before = curve[i - 1]!.equityMinor;
    dailyReturns.push(before > 0 ? curve[i]!.equityMinor / before - 1 : 0);
  }
  let peak = 0;
  let maxDrawdown = 0;
  const drawdowns: number[] = [];
  for (const point of curve) {
    peak = Math.max(peak, point.equityMinor);
    const drawdown = peak > 0 ? point.equityMinor / peak - 1 : 0;
    drawdowns.push(drawdown);
    maxDrawdown = Math.max(maxDrawdown, -drawdown);
  }
  const first = curve[0]?.equityMinor ?? 0;
  const last = curve.at(-1)?.equityMinor ?? 0;
  return {
    dailyReturns,
    averageDailyReturn: dailyReturns.length > 0 ? mean(dailyReturns) : 0,
    totalReturn: first > 0 ? last / first - 1 : 0,
    maxDrawdown,
    volatility: stdev(dailyReturns) * Math.sqrt(TRADING_DAYS_PER_YEAR),
    drawdowns,
  };
}

/**
 * A leader's equity per day from its cash and fills: cash at the end of each day (from its
 * ledger) plus the market value of the positions open at that day's close.
 */
export function equityCurve<P extends { openedDay: string; closedDay: string | null }>(input: {
  days: readonly string[];
  /** Cash (available + frozen) at the end of each day, in minor units. */
  cashAt: (day: string) => number;
  /** Positions with the day they opened and closed (null while open). */
  positions: readonly P[];
  /** What an open position adds to the equity at `day`'s close, in minor units. */
  valueAt: (position: P, day: string) => number;
}): EquityPoint[] {
  return input.days.map((day) => {
    let equity = input.cashAt(day);
    for (const p of input.positions) {
      if (p.openedDay <= day && (p.closedDay === null || p.closedDay > day)) equity += input.valueAt(p, day);
    }
    return { day, equityMinor: equity };
  });
}

/** At most `points` evenly spaced points of a curve, always including the last (sparklines). */
export function sampleCurve<T>(curve: readonly T[], points: number): T[] {
  if (curve.length <= points) return [...curve];
  const out: T[] = [];
  const step = (curve.length - 1) / (points - 1);
  for (let i = 0; i < points; i++) out.push(curve[Math.round(i * step)]!);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Mirroring

export interface MirrorInput {
  market: Market;
  /** The leader's order quantity. */
  leaderQuantity: number;
  /** The leader's equity just before the order, in minor units. */
  leaderEquityMinor: number;
  /** The follower's buy amount (SPEC §6.5 scale = amount ÷ leader equity). */
  amountMinor: number;
  /** Cash of the follower's holding available for the order. */
  cashMinor: number;
  price: string;
  leverage: number;
  feeRateBps: number;
  minFeeMinor: number;
}

export interface MirrorPlan {
  quantity: number;
  marginMinor: number;
  feeMinor: number;
}

/** Margin + fee of `quantity` shares at `price`. */
function costOf(terms: MirrorTerms, quantity: number): { marginMinor: number; feeMinor: number } {
  const margin = marginMinor(terms.market, terms.price, quantity, terms.leverage);
  const notional = notionalMinor(terms.market, terms.price, quantity);
  return { marginMinor: margin, feeMinor: feeMinor(notional, terms.feeRateBps, terms.minFeeMinor) };
}

/** What a mirror depends on besides the holding: the leader's fill and the fee schedule. */
export type MirrorTerms = Omit<MirrorInput, 'amountMinor' | 'cashMinor'>;

const NOTHING: MirrorPlan = { quantity: 0, marginMinor: 0, feeMinor: 0 };

/** ⌊a × b ÷ c⌋ of non-negative integers, exactly. */
function scaledDown(a: number, b: number, c: number): number {
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b) && Number.isSafeInteger(c))
    return Number((BigInt(a) * BigInt(b)) / BigInt(c));
  return new D(a).times(b).dividedBy(c).floor().toNumber();
}

/**
 * `mirrorQuantity` for the many holdings of one leader fill: what depends on the fill alone is
 * worked out once, and the cost of each quantity is remembered between holdings.
 */
export function mirrorPlanner(terms: MirrorTerms): (amountMinor: number, cashMinor: number) => MirrorPlan {
  const marginPerShare = new D(terms.price).times(MINOR_PER_UNIT[terms.market]).dividedBy(terms.leverage);
  const costs = new Map<number, { marginMinor: number; feeMinor: number }>();
  const cost = (quantity: number) => {
    let known = costs.get(quantity);
    if (!known) {
      known = costOf(terms, quantity);
      costs.set(quantity, known);
    }
    return known;
  };
  return (amountMinor, cashMinor) => {
    if (terms.leaderEquityMinor <= 0 || terms.leaderQuantity <= 0 || amountMinor <= 0) return NOTHING;
    let quantity = scaledDown(terms.leaderQuantity, amountMinor, terms.leaderEquityMinor);
    // Margin alone bounds what the cash can buy (and keeps the arithmetic in the safe range).
    quantity = Math.min(quantity, new D(cashMinor).dividedBy(marginPerShare).floor().toNumber());
    if (quantity <= 0) return NOTHING;
    // Cost grows with the quantity: the largest affordable one by bisection.
    const fits = (q: number) => {
      const c = cost(q);
      return c.marginMinor + c.feeMinor <= cashMinor;
    };
    if (!fits(quantity)) {
      let lo = 0;
      let hi = quantity;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(mid)) lo = mid;
        else hi = mid - 1;
      }
      quantity = lo;
    }
    if (quantity <= 0) return NOTHING;
    return { quantity, ...cost(quantity) };
  };
}

/**
 * SPEC §6.5 mirroring: the leader's quantity scaled by amount ÷ leader equity, rounded down to
 * whole shares, then reduced until margin + fee fit in the holding's cash. Zero when not even
 * one share fits; the remainder stays as cash in the holding.
 */
export function mirrorQuantity(input: MirrorInput): MirrorPlan {
  return mirrorPlanner(input)(input.amountMinor, input.cashMinor);
}

/**
 * A holding's cash from its mirrored positions (SPEC §6.5: daily and total profit come from the
 * mirrored fills): the buy amount less every open fee and the margin still in open positions,
 * plus the realised P&L less close fees of the closed ones.
 */
export function holdingCashMinor(
  amountMinor: number,
  positions: ReadonlyArray<{
    open: boolean;
    marginMinor: number;
    feeMinor: number;
    realisedPnlMinor: number | null;
    closeFeeMinor: number | null;
  }>,
): number {
  let cash = amountMinor;
  for (const p of positions) {
    cash -= p.feeMinor;
    if (p.open) cash -= p.marginMinor;
    else cash += (p.realisedPnlMinor ?? 0) - (p.closeFeeMinor ?? 0);
  }
  return cash;
}
