import { Decimal, MAX_ORDER_QUANTITY, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import {
  entryTriggerSide,
  MAX_TRAIL_PERCENT,
  stopLossSide,
  type TriggerSide,
  takeProfitSide,
  trailingTrigger,
  triggerOnItsSide,
} from '@kabuto/domain';

/**
 * The order sheet's form rules (SPEC §4 order sheet, §6.2–§6.3), checked as the user types so
 * the sheet can name the wrong field before anything is sent. The server checks the same rules;
 * these only spare a round trip.
 */

export type OrderDirection = 'long' | 'short';
/** SPEC §6.3 market and limit; SPEC §13.2 stop, stop-limit and trailing stop wait for a trigger. */
export const ORDER_KINDS = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export type TrailMode = 'amount' | 'percent';
export type OrderValidity = 'day' | 'gtc';

/** Whether an order of this kind carries a limit price, a fixed trigger, a trail. */
export const hasLimit = (kind: OrderKind) => kind === 'limit' || kind === 'stop_limit';
export const hasTrigger = (kind: OrderKind) => kind === 'stop' || kind === 'stop_limit';
export const isTrailing = (kind: OrderKind) => kind === 'trailing_stop';
/** A market order fills at once: it has no validity. */
export const waits = (kind: OrderKind) => kind !== 'market';

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

/** Half a percent more or less, never below 0.5 % nor above 50 %. */
export function stepPercent(text: string, steps: number): string {
  const base = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : 0;
  const next = Math.min(Math.max(Math.round((base + steps * 0.5) * 100) / 100, 0.5), 50);
  return next.toFixed(2);
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
  /** SPEC §13.2 fields; absent means none. */
  direction?: OrderDirection;
  /** The live price, against which triggers are placed on their side. */
  current?: string | null;
  trigger?: string;
  trailMode?: TrailMode;
  trail?: string;
  validity?: OrderValidity;
  /** Attached to the position the order opens (IFD / IFDOCO); empty for none. */
  takeProfit?: string;
  stopLoss?: string;
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

/** What is wrong with a trigger, trail, take-profit or stop-loss as typed (`protect.level.*`, named with the field). */
export type LevelError = 'required' | 'invalid' | 'decimals' | 'above' | 'below' | 'trailMax';

export interface OrderFormErrors {
  price?: OrderFieldError;
  quantity?: OrderFieldError;
  leverage?: OrderFieldError;
  trigger?: LevelError;
  trail?: LevelError;
  takeProfit?: LevelError;
  stopLoss?: LevelError;
}

/** A positive price as typed, on the market's grid: what is wrong with it, if anything. */
export function priceTextProblem(text: string, decimals: number): 'required' | 'invalid' | 'decimals' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  if (!PRICE_TEXT.test(trimmed)) return 'invalid';
  const price = new Decimal(trimmed);
  if (price.lte(0)) return 'invalid';
  if (price.decimalPlaces() > decimals) return 'decimals';
  return null;
}

/** A level must lie strictly on its side of `reference` (SPEC §13.2 `trigger_invalid`). */
export function levelProblem(
  text: string,
  decimals: number,
  side: TriggerSide,
  reference: string | null | undefined,
): LevelError | null {
  const problem = priceTextProblem(text, decimals);
  if (problem) return problem;
  if (reference && PRICE_TEXT.test(reference) && !triggerOnItsSide(side, text.trim(), reference))
    return side === 'rise' ? 'above' : 'below';
  return null;
}

/** A trail by amount (on the price grid, at most half the price) or by percent (0 < p ≤ 50, 2 decimals). */
export function trailProblem(
  text: string,
  mode: TrailMode,
  market: Market,
  current: string | null | undefined,
): LevelError | null {
  const problem = priceTextProblem(text, mode === 'percent' ? 2 : PRICE_DECIMALS[market]);
  if (problem) return problem;
  const value = new Decimal(text.trim());
  if (mode === 'percent') return value.gt(MAX_TRAIL_PERCENT) ? 'trailMax' : null;
  if (current && PRICE_TEXT.test(current) && value.gt(new Decimal(current).times(MAX_TRAIL_PERCENT).div(100)))
    return 'trailMax';
  return null;
}

/** The trigger where a trailing stop starts: the trail away from the live price, on the price's side. */
export function startingTrailTrigger(input: OrderFormInput): string | null {
  if (!isTrailing(input.orderType) || !input.current) return null;
  const mode = input.trailMode ?? 'amount';
  if (trailProblem(input.trail ?? '', mode, input.market, input.current)) return null;
  const trail = input.trail!.trim();
  return trailingTrigger(
    input.market,
    entryTriggerSide(input.direction ?? 'long'),
    input.current,
    mode === 'amount' ? { amount: trail } : { percent: trail },
  );
}

/**
 * The price the position would open at, against which a take-profit and stop-loss are placed
 * (as the server checks them): the limit, else the trigger, else the live price.
 */
export function opensAtOf(input: OrderFormInput): string | null {
  const clean = (text: string | undefined) =>
    text && priceTextProblem(text, PRICE_DECIMALS[input.market]) === null ? text.trim() : null;
  if (hasLimit(input.orderType)) return clean(input.price);
  if (hasTrigger(input.orderType)) return clean(input.trigger);
  if (isTrailing(input.orderType)) return startingTrailTrigger(input);
  return input.current ?? null;
}

/** The reference a field's side is checked against: the live price for a trigger, the opening price for TP/SL. */
export function referenceOf(
  input: OrderFormInput,
  field: 'trigger' | 'takeProfit' | 'stopLoss',
): string | null {
  return field === 'trigger' ? (input.current ?? null) : opensAtOf(input);
}

function levelErrors(input: OrderFormInput): Partial<OrderFormErrors> {
  const errors: Partial<OrderFormErrors> = {};
  const decimals = PRICE_DECIMALS[input.market];
  const direction = input.direction ?? 'long';
  if (hasTrigger(input.orderType)) {
    const problem = levelProblem(input.trigger ?? '', decimals, entryTriggerSide(direction), input.current);
    if (problem) errors.trigger = problem;
  }
  if (isTrailing(input.orderType)) {
    const problem = trailProblem(input.trail ?? '', input.trailMode ?? 'amount', input.market, input.current);
    if (problem) errors.trail = problem;
  }
  const opensAt = opensAtOf(input);
  const optional = (text: string | undefined, side: TriggerSide) =>
    text?.trim() ? levelProblem(text, decimals, side, opensAt) : null;
  const tp = optional(input.takeProfit, takeProfitSide(direction));
  if (tp) errors.takeProfit = tp;
  const sl = optional(input.stopLoss, stopLossSide(direction));
  if (sl) errors.stopLoss = sl;
  return errors;
}

function priceError(input: OrderFormInput): OrderFieldError | undefined {
  if (!hasLimit(input.orderType)) return undefined;
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
  return { ...errors, ...levelErrors(input) };
}

export const hasErrors = (errors: OrderFormErrors) => Object.keys(errors).length > 0;

/** The body of /trade/preview and /trade/order. */
export interface OrderBody {
  code: string;
  direction: OrderDirection;
  order_type: OrderKind;
  price?: string;
  quantity: string;
  leverage: string;
  trigger_price?: string;
  trail_amount?: string;
  trail_percent?: string;
  validity?: OrderValidity;
  take_profit?: string;
  stop_loss?: string;
}

const onGrid = (text: string, market: Market) => new Decimal(text.trim()).toFixed(PRICE_DECIMALS[market]);

/** The body of /trade/preview and /trade/order for a valid form; null while a field is wrong. */
export function orderBody(code: string, direction: OrderDirection, input: OrderFormInput): OrderBody | null {
  if (hasErrors(validateOrderForm({ ...input, direction }))) return null;
  const body: OrderBody = {
    code,
    direction,
    order_type: input.orderType,
    quantity: String(Number(input.quantity.trim())),
    leverage: String(input.leverage),
  };
  const kind = input.orderType;
  if (hasLimit(kind)) body.price = onGrid(input.price, input.market);
  if (hasTrigger(kind)) body.trigger_price = onGrid(input.trigger ?? '', input.market);
  if (isTrailing(kind)) {
    const trail = new Decimal((input.trail ?? '').trim()).toFixed();
    if ((input.trailMode ?? 'amount') === 'amount') body.trail_amount = trail;
    else body.trail_percent = trail;
  }
  if (waits(kind) && input.validity && input.validity !== 'day') body.validity = input.validity;
  if (input.takeProfit?.trim()) body.take_profit = onGrid(input.takeProfit, input.market);
  if (input.stopLoss?.trim()) body.stop_loss = onGrid(input.stopLoss, input.market);
  return body;
}

/** The field a server refusal is about, so the sheet can show it under that field. */
export function fieldOfRefusal(key: string, field?: string): keyof OrderFormErrors | null {
  if (key === 'price_limit') return 'price';
  if (key === 'quantity_invalid') return 'quantity';
  if (key === 'leverage_invalid') return 'leverage';
  if (key === 'trail_invalid') return 'trail';
  if (key === 'trigger_invalid' || key === 'bad_request') {
    if (field === 'trigger_price') return 'trigger';
    if (field === 'take_profit') return 'takeProfit';
    if (field === 'stop_loss') return 'stopLoss';
    if (field === 'trail_amount' || field === 'trail_percent') return 'trail';
    if (field === 'price') return 'price';
    if (field === 'quantity') return 'quantity';
  }
  return null;
}
