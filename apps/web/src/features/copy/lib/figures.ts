import { Decimal } from '@kabuto/contract';

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
