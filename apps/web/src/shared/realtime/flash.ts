import { Decimal } from '@kabuto/contract';

/** Which way a price just moved: shown as a brief highlight (SPEC §12). */
export type Flash = 'up' | 'down' | null;

const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/** The flash for a price that changed from `before` to `after`; null when unchanged or unknown. */
export function flashOf(before: string | null | undefined, after: string | null | undefined): Flash {
  if (!before || !after || !DECIMAL_TEXT.test(before) || !DECIMAL_TEXT.test(after)) return null;
  const cmp = new Decimal(after).comparedTo(new Decimal(before));
  if (cmp > 0) return 'up';
  if (cmp < 0) return 'down';
  return null;
}
