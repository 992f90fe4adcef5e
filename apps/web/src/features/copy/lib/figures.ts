import { type Currency, Decimal, type Market, minorToDecimal } from '@kabuto/contract';

/** A fraction sent as text ("0.0123") in percent units ("1.23"), for formatPercent. */
export function percentOf(fraction: string): string {
  try {
    return new Decimal(fraction).times(100).toString();
  } catch {
    return '0';
  }
}

/** `?id=` → the id, or null for anything that is not a positive integer. */
export function parseId(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Points of a line through `values` in a `width` × `height` box (SVG polyline). */
export function linePoints(values: readonly number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = pad + i * step;
      const y = pad + (height - 2 * pad) * (1 - (v - min) / span);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The fee each mirrored fill pays (SPEC §6.5: the follower's own fee), from /common/config's
 * `feeRateBps` and `minFeeMinor` ({"jpy":100,…} by market). Null when the config does not say.
 */
export function fillFee(
  config: Readonly<Record<string, string>>,
  market: Market,
  currency: Currency,
): { ratePercent: string; min: string } | null {
  const bps = Number(config.feeRateBps);
  if (!config.feeRateBps || !Number.isFinite(bps) || bps < 0) return null;
  let minMinor = 0;
  try {
    const parsed = JSON.parse(config.minFeeMinor ?? '{}') as Record<string, unknown>;
    const value = parsed[market];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) minMinor = value;
  } catch {
    // No minimum sent: none shown.
  }
  return { ratePercent: new Decimal(bps).dividedBy(100).toString(), min: minorToDecimal(minMinor, currency) };
}
