import { assertMinor, CURRENCY_DECIMALS, type Currency, Decimal } from '@kabuto/contract';

/**
 * Decimal with enough significant digits that products of a safe-integer amount and a price or
 * rate are exact before the one explicit rounding each rule performs (the default precision of 20
 * digits could round a 16-digit amount times a 6-digit rate before it reaches the rounding step).
 */
export const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

export const ROUND_HALF_UP = Decimal.ROUND_HALF_UP;
export const ROUND_UP = Decimal.ROUND_CEIL;
export const ROUND_DOWN = Decimal.ROUND_FLOOR;

/** Scales a major-unit amount to an integer count of the currency's minor unit with `rounding`. */
export function toMinorUnits(value: Decimal.Value, currency: Currency, rounding: Decimal.Rounding): number {
  const scaled = new D(value).times(new D(10).pow(CURRENCY_DECIMALS[currency])).toDecimalPlaces(0, rounding);
  return normalizeZero(assertMinor(scaled.toNumber()));
}

/** Minor units back to a major-unit Decimal (exact). */
export function fromMinorUnits(minor: number, currency: Currency): Decimal {
  return new D(assertMinor(minor)).dividedBy(new D(10).pow(CURRENCY_DECIMALS[currency]));
}

/** Avoids handing out -0, which prints as "0" but compares oddly with Object.is. */
export function normalizeZero(n: number): number {
  return n === 0 ? 0 : n;
}

export function assertPositiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${what} must be a positive safe integer, got ${value}`);
  }
  return value;
}

export function assertNonNegativeInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}`);
  }
  return value;
}

/** Parses a price or rate, refusing NaN, infinities and non-positive values. */
export function positiveDecimal(value: Decimal.Value, what: string): Decimal {
  const d = new D(value);
  if (!d.isFinite() || d.lte(0))
    throw new RangeError(`${what} must be a positive finite number, got ${value}`);
  return d;
}
