import { Decimal, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import { D } from './numeric';

export type PriceLimits = { limitUp: string; limitDown: string };

/**
 * Tokyo Stock Exchange daily price limit table (SPEC §6.2): [previous close strictly below, ±yen].
 * Above ¥1,000 the table repeats by decades (×300, 400, 500, 700, 1,000, 1,500 of 1,000, 1,500,
 * 2,000, 3,000, 5,000, 7,000); ¥50,000,000 and above moves ±¥10,000,000.
 */
export const JP_PRICE_LIMIT_TABLE: ReadonlyArray<readonly [below: number, width: number]> = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
];
export const JP_PRICE_LIMIT_TOP_WIDTH = 10_000_000;

/** Chinese limit ratios (SPEC §6.2): ChiNext (300/301) and STAR (688) boards ±20%, ST names ±5%. */
export const CN_WIDE_LIMIT_PREFIXES = ['300', '301', '688'] as const;
export const CN_LIMIT_RATIO = { main: '0.10', wide: '0.20', st: '0.05' } as const;

function tick(market: Market): Decimal {
  return new D(10).pow(-PRICE_DECIMALS[market]);
}

/** Rounds a price half-up to the market's price grid (PRICE_DECIMALS). */
export function roundToTick(market: Market, price: Decimal.Value): string {
  return new D(price)
    .toDecimalPlaces(PRICE_DECIMALS[market], Decimal.ROUND_HALF_UP)
    .toFixed(PRICE_DECIMALS[market]);
}

/** The yen width of the Japanese daily limit for a previous close. */
export function japanPriceLimitWidth(previousClose: Decimal.Value): number {
  const close = new D(previousClose);
  for (const [below, width] of JP_PRICE_LIMIT_TABLE) if (close.lt(below)) return width;
  return JP_PRICE_LIMIT_TOP_WIDTH;
}

/** The limit ratio of a Chinese stock by board and risk warning. */
export function chinaPriceLimitRatio(code: string, name: string): string {
  // The 20% boards keep 20% for their ST names too; the ST 5% band applies to the main boards.
  if (CN_WIDE_LIMIT_PREFIXES.some((prefix) => code.startsWith(prefix))) return CN_LIMIT_RATIO.wide;
  if (name.includes('ST')) return CN_LIMIT_RATIO.st;
  return CN_LIMIT_RATIO.main;
}

/**
 * The day's price band from the previous close (SPEC §6.2), or null where the market has none (US).
 * Prices are strings on the market's price grid.
 */
export function dailyPriceLimit(
  market: Market,
  code: string,
  name: string,
  previousClose: Decimal.Value,
): PriceLimits | null {
  const close = new D(previousClose);
  if (!close.isFinite() || close.lte(0))
    throw new RangeError(`previous close must be positive, got ${previousClose}`);
  const decimals = PRICE_DECIMALS[market];
  switch (market) {
    case 'usd':
      return null;
    case 'jpy': {
      const width = japanPriceLimitWidth(close);
      return {
        limitUp: roundToTick(market, close.plus(width)),
        limitDown: D.max(close.minus(width), tick(market))
          .toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP)
          .toFixed(decimals),
      };
    }
    case 'cny': {
      const ratio = new D(chinaPriceLimitRatio(code, name));
      return {
        limitUp: roundToTick(market, close.times(ratio.plus(1))),
        limitDown: D.max(
          close.times(new D(1).minus(ratio)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP),
          tick(market),
        ).toFixed(decimals),
      };
    }
  }
}

/** True when `price` lies inside the band (inclusive); always true without a band. */
export function isWithinPriceLimit(limits: PriceLimits | null, price: Decimal.Value): boolean {
  if (!limits) return true;
  const p = new D(price);
  return p.gte(limits.limitDown) && p.lte(limits.limitUp);
}
