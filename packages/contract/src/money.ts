import Decimal from 'decimal.js';
import { CURRENCY_DECIMALS, type Currency, LANGUAGE_LOCALE, type Language } from './enums';

/**
 * Money is an integer count of the currency's minor unit (JPY 1 yen, USD 1 cent) inside the
 * product and a decimal string on the wire. This module is the one place that converts.
 */
export type MinorUnits = number;

const DECIMAL_PATTERN = /^-?\d{1,18}(\.\d{1,8})?$/;

export class MoneyError extends Error {}

/** Largest magnitude a ledger amount may take: JavaScript integers stay exact below 2^53. */
export const MAX_MINOR = Number.MAX_SAFE_INTEGER;

export function assertMinor(value: number, what = 'amount'): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`${what} is not a safe integer: ${value}`);
  return value;
}

/** True when `text` is a plain decimal number (no exponent, no separators). */
export function isDecimalString(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

/**
 * Parses a decimal string into minor units. Refuses more fractional digits than the currency
 * has (no silent rounding of money a user typed). Returns null when the text is not a number.
 */
export function parseMinor(text: string, currency: Currency): MinorUnits | null {
  const trimmed = text.trim();
  if (!isDecimalString(trimmed)) return null;
  const scaled = new Decimal(trimmed).times(new Decimal(10).pow(CURRENCY_DECIMALS[currency]));
  if (!scaled.isInteger()) return null;
  const n = scaled.toNumber();
  return Number.isSafeInteger(n) ? n : null;
}

/** Formats minor units as a decimal string with exactly the currency's decimals: 123456 USD → "1234.56". */
export function minorToDecimal(minor: MinorUnits, currency: Currency): string {
  assertMinor(minor);
  return new Decimal(minor)
    .dividedBy(new Decimal(10).pow(CURRENCY_DECIMALS[currency]))
    .toFixed(CURRENCY_DECIMALS[currency]);
}

/** Converts a decimal (string or Decimal) to minor units with an explicit rounding mode. */
export function decimalToMinor(
  value: Decimal.Value,
  currency: Currency,
  rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP,
): MinorUnits {
  const scaled = new Decimal(value)
    .times(new Decimal(10).pow(CURRENCY_DECIMALS[currency]))
    .toDecimalPlaces(0, rounding);
  return assertMinor(scaled.toNumber());
}

/**
 * Display formatting (SPEC §1): the currency's decimals, thousands separators, the language's
 * conventions. Empty, '-' or invalid input shows as zero.
 */
export function formatMoney(
  value: string | number | null | undefined,
  currency: Currency,
  language: Language,
  options: { sign?: boolean } = {},
): string {
  const decimals = CURRENCY_DECIMALS[currency];
  let amount = new Decimal(0);
  if (typeof value === 'number' && Number.isFinite(value)) amount = new Decimal(value);
  else if (typeof value === 'string' && isDecimalString(value.trim())) amount = new Decimal(value.trim());
  const text = new Intl.NumberFormat(LANGUAGE_LOCALE[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: options.sign ? 'exceptZero' : 'auto',
  }).format(amount.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toNumber());
  return text;
}

export { Decimal };
