import { Decimal, MAX_ORDER_QUANTITY, type Market, PRICE_DECIMALS } from '@kabuto/contract';

/**
 * The order sheet's form rules (SPEC §4 order sheet, §6.2–§6.3), checked as the user types so
 * the sheet can name the wrong field before anything is sent. The server checks the same rules;
 * these only spare a round trip.
 */

export type OrderDirection = 'long' | 'short';
export type OrderKind = 'limit' | 'market';

/** SPEC §6.3 default leverage list, used while the config has none. */
export const DEFAULT_LEVERAGE_CHOICES: readonly number[] = [1, 2, 3, 5, 10];

/** Reads config `leverageChoices` ("1,2,3,5,10"); anything unusable falls back to the default list. */
export function parseLeverageChoices(value: string | undefined): number[] {
  const choices = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,4}$/.test(part))
    .map(Number)
    .filter((n) => n >= 1);
  const unique = [...new Set(choices)].sort((a, b) => a - b);
  return unique.length > 0 ? unique : [...DEFAULT_LEVERAGE_CHOICES];
}

/** The smallest price step of a market (its price grid, PRICE_DECIMALS). */
export function tickOf(market: Market): string {
  return new Decimal(10).pow(-PRICE_DECIMALS[market]).toFixed(PRICE_DECIMALS[market]);
}

const PRICE_TEXT = /^\d+(\.\d*)?$/;
const QUANTITY_TEXT = /^\d+$/;

/**
 * One tick up or down from the typed price, on the market's grid and never below one tick.
 * An empty or unreadable price starts from `fallback` (the live price).
 */
export function stepPrice(text: string, market: Market, steps: number, fallback?: string | null): string {
  const decimals = PRICE_DECIMALS[market];
  const tick = new Decimal(tickOf(market));
  const trimmed = text.trim();
  const base = PRICE_TEXT.test(trimmed)
    ? new Decimal(trimmed)
    : fallback && PRICE_TEXT.test(fallback)
      ? new Decimal(fallback)
      : tick;
  // Snap to the grid first so a stray extra digit does not survive a step.
  const snapped = base.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  const next = Decimal.max(snapped.plus(tick.times(steps)), tick);
  return next.toFixed(decimals);
}

/** One share more or fewer, inside 1…MAX_ORDER_QUANTITY. */
export function stepQuantity(text: string, steps: number): string {
  const trimmed = text.trim();
  const base = QUANTITY_TEXT.test(trimmed) ? Number(trimmed) : 0;
  const next = Math.min(Math.max(base + steps, 1), MAX_ORDER_QUANTITY);
  return String(next);
}

export interface OrderFormInput {
  market: Market;
  orderType: OrderKind;
  /** As typed. */
  price: string;
  /** As typed (shares; 1 lot = 1 share). */
  quantity: string;
  leverage: number;
  leverageChoices: readonly number[];
  limitUp?: string | null;
  limitDown?: string | null;
}

/** Keys of the `trading` namespace under `sheet.errors`. */
export type OrderFieldError =
  | 'priceRequired'
  | 'priceInvalid'
  | 'priceDecimals'
  | 'priceAbove'
  | 'priceBelow'
  | 'quantityRequired'
  | 'quantityInvalid'
  | 'quantityMax'
  | 'leverageInvalid';

export interface OrderFormErrors {
  price?: OrderFieldError;
  quantity?: OrderFieldError;
  leverage?: OrderFieldError;
}

function priceError(input: OrderFormInput): OrderFieldError | undefined {
  if (input.orderType !== 'limit') return undefined;
  const text = input.price.trim();
  if (text === '') return 'priceRequired';
  if (!PRICE_TEXT.test(text)) return 'priceInvalid';
  const price = new Decimal(text);
  if (price.lte(0)) return 'priceInvalid';
  if (price.decimalPlaces() > PRICE_DECIMALS[input.market]) return 'priceDecimals';
  // SPEC §6.2: an order price outside the day's limits is rejected.
  if (input.limitUp && price.gt(input.limitUp)) return 'priceAbove';
  if (input.limitDown && price.lt(input.limitDown)) return 'priceBelow';
  return undefined;
}

function quantityError(text: string): OrderFieldError | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'quantityRequired';
  if (!QUANTITY_TEXT.test(trimmed)) return 'quantityInvalid';
  const quantity = Number(trimmed);
  if (quantity < 1) return 'quantityInvalid';
  if (quantity > MAX_ORDER_QUANTITY) return 'quantityMax';
  return undefined;
}

/** Every wrong field of the form, by field; empty when the order can be previewed and sent. */
export function validateOrderForm(input: OrderFormInput): OrderFormErrors {
  const errors: OrderFormErrors = {};
  const price = priceError(input);
  if (price) errors.price = price;
  const quantity = quantityError(input.quantity);
  if (quantity) errors.quantity = quantity;
  if (!input.leverageChoices.includes(input.leverage)) errors.leverage = 'leverageInvalid';
  return errors;
}

export const hasErrors = (errors: OrderFormErrors) => Object.keys(errors).length > 0;

/** The body of /trade/preview and /trade/order for a valid form; null while a field is wrong. */
export function orderBody(
  code: string,
  direction: OrderDirection,
  input: OrderFormInput,
): {
  code: string;
  direction: OrderDirection;
  order_type: OrderKind;
  price?: string;
  quantity: string;
  leverage: string;
} | null {
  if (hasErrors(validateOrderForm(input))) return null;
  const body = {
    code,
    direction,
    order_type: input.orderType,
    quantity: String(Number(input.quantity.trim())),
    leverage: String(input.leverage),
  };
  return input.orderType === 'limit'
    ? { ...body, price: new Decimal(input.price.trim()).toFixed(PRICE_DECIMALS[input.market]) }
    : body;
}

/** The field a server refusal is about, so the sheet can show it under that field. */
export function fieldOfRefusal(key: string): keyof OrderFormErrors | null {
  if (key === 'price_limit') return 'price';
  if (key === 'quantity_invalid') return 'quantity';
  if (key === 'leverage_invalid') return 'leverage';
  return null;
}
