import { z } from 'zod';
import type { ErrorKey, SuccessKey } from './keys';

/** SPEC §8: every investor call answers HTTP 200 with this envelope. */
export type Ok<T> = { status: 1; msg: SuccessKey; data: T };
export type Refusal = { status: 0; msg: ErrorKey; data?: { field?: string; [k: string]: unknown } };
export type Envelope<T> = Ok<T> | Refusal;

/** Limits (CONVENTIONS §11): each a named constant. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

// ---- Field helpers. Form-encoded bodies carry strings, so numbers and flags are coerced here. ----

const trimmed = z.string().trim();

/** A decimal amount as typed by a user: digits with an optional fraction, no sign. */
export const zAmount = trimmed.regex(/^\d{1,15}(\.\d{1,8})?$/, 'decimal amount expected');
/** A price: positive decimal. */
export const zPrice = trimmed.regex(/^\d{1,12}(\.\d{1,6})?$/, 'decimal price expected');
export const zId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const zPage = z.coerce.number().int().min(1).max(100_000).default(1);
export const zSize = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT);
/** A checkbox: '1', 'true', 'on', 'yes' (or true) are ticked; anything else is not. */
export const zFlag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform(
    (v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on', 'yes'].includes(v)),
  );
export const zPassword = z.string().min(1).max(128);
export const zStockCode = trimmed.regex(/^[A-Za-z0-9.\-^]{1,16}$/, 'stock code expected');

/** Money and dates on the wire. */
export const zMoney = z.string().describe('decimal string');
export const zTime = z.string().describe('ISO 8601 with offset');

export const zPaged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });
