import { CURRENCY_DECIMALS, type Currency, parseMinor } from '@kabuto/contract';

/** What is wrong with an amount as typed, if anything. */
export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'below' | 'above' | 'balance';

/** Limits of an amount field, in minor units: a minimum, a maximum and the money available. */
export interface AmountLimits {
  minMinor?: number | null;
  maxMinor?: number | null;
  /** What the reader has to spend: an amount above it is refused as "more than you have". */
  balanceMinor?: number | null;
}

/** Longest amount text the contract accepts (`zAmountText`). */
export const AMOUNT_TEXT_MAX = 40;

/**
 * The amount as the server expects it: full-width digits from a Japanese or Chinese keyboard
 * become ASCII ("３０，０００" → "30000"), thousands separators and spaces go.
 */
export function normalizeAmount(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s,_]/g, '')
    .replace(/^\+/, '')
    .replace(/^\./, '0.');
}

/** The amount in minor units, or null when it is not a plain positive number of this currency. */
export function amountMinor(text: string, currency: Currency): number | null {
  const normalized = normalizeAmount(text);
  if (!normalized) return null;
  return parseMinor(normalized, currency);
}

/**
 * SPEC §6.4 and §12: checks an amount while the user types — present, a number, no more decimals
 * than the currency has (JPY, KRW, VND none; others two), and within the limits given (minor units).
 * Every amount form checks with this before any confirmation is shown.
 */
export function amountProblem(
  text: string | undefined,
  currency: Currency,
  limits: AmountLimits = {},
): AmountProblem | null {
  const normalized = normalizeAmount(text ?? '');
  if (!normalized) return 'required';
  if (normalized.length > AMOUNT_TEXT_MAX || !/^\d+(\.\d+)?$/.test(normalized)) return 'invalid';
  const fraction = normalized.split('.')[1] ?? '';
  if (
    fraction.length > CURRENCY_DECIMALS[currency] &&
    /[1-9]/.test(fraction.slice(CURRENCY_DECIMALS[currency]))
  )
    return 'decimals';
  const minor = parseMinor(trimFraction(normalized, currency), currency);
  if (minor === null) return 'invalid';
  if (minor === 0) return 'required';
  if (limits.minMinor != null && minor < limits.minMinor) return 'below';
  if (limits.maxMinor != null && minor > limits.maxMinor) return 'above';
  if (limits.balanceMinor != null && minor > limits.balanceMinor) return 'balance';
  return null;
}

/** "30000.00" in JPY is 30000: trailing zero decimals beyond the currency's are harmless. */
export function trimFraction(normalized: string, currency: Currency): string {
  const [whole, fraction = ''] = normalized.split('.');
  const decimals = CURRENCY_DECIMALS[currency];
  const kept = fraction.slice(0, decimals);
  return kept ? `${whole}.${kept}` : (whole ?? '');
}

/** The text sent on the wire for a valid amount (normalized, no excess zero decimals). */
export function amountForWire(text: string, currency: Currency): string {
  return trimFraction(normalizeAmount(text), currency);
}
