import { z } from 'zod';
import { decimal, flag, int, password, text } from './fields';
import type { ErrorKey, SuccessKey } from './keys';

/** SPEC §8: every investor call answers HTTP 200 with this envelope. */
export type Ok<T> = { status: 1; msg: SuccessKey; data: T };
export type Refusal = { status: 0; msg: ErrorKey; data?: { field?: string; [k: string]: unknown } };
export type Envelope<T> = Ok<T> | Refusal;

/** Limits (CONVENTIONS §11): each a named constant. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

// ---- Request fields, made of the builders in fields.ts (strict text and numbers). ----

/** A decimal amount as typed by a user: digits with an optional fraction, no sign. */
export const zAmount = z.lazy(() => decimal({ integerDigits: 15, fractionDigits: 8 }));
/** A price: positive decimal. */
export const zPrice = z.lazy(() => decimal({ integerDigits: 12, fractionDigits: 6 }));
export const zId = z.lazy(() => int({ min: 1 }));
export const zPage = z.lazy(() => int({ min: 1, max: 100_000 }).default(1));
export const zSize = z.lazy(() => int({ min: 1, max: PAGE_SIZE_MAX }).default(PAGE_SIZE_DEFAULT));
/** A checkbox: '1', 'true', 'on', 'yes' (or true, 1) are ticked; '', '0', 'false', 'off', 'no' are not. */
export const zFlag = z.lazy(() => flag());
export const zPassword = z.lazy(() => password());
export const zStockCode = z.lazy(() =>
  text({
    max: 16,
    pattern: /^[A-Za-z0-9.\-^]{1,16}$/,
    patternHint: 'stock code expected',
  }),
);

/** Money and dates on the wire. */
export const zMoney = z.string().describe('decimal string');
export const zTime = z.string().describe('ISO 8601 with offset');

export const zPaged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
