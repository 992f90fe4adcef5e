import { z } from 'zod';

/**
 * The builders every request field of the contract is made of (SPEC §8: malformed input answers
 * `bad_request` naming the field). Text refuses control characters and unpaired surrogates;
 * numbers accept only plain decimal digits. Each call definition in `api/*.ts` uses these, so a
 * rule about what the wire may carry is written once, here.
 */

/** C0 and C1 control characters and DEL (Unicode category Cc). */
const CONTROL = /\p{Cc}/u;
/** Line breaks and tabs, which multi-line text may hold. */
const LAYOUT = /[\t\n\r]/g;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text is free of control characters and unpaired surrogates (layout allowed when multi-line). */
export function isCleanText(value: string, multiline = false): boolean {
  const checked = multiline ? value.replace(LAYOUT, '') : value;
  return !CONTROL.test(checked) && !UNPAIRED_SURROGATE.test(checked);
}

export interface TextOptions {
  /** Longest accepted, in UTF-16 code units (CONVENTIONS §11: a limit on everything). */
  max: number;
  min?: number;
  /** Surrounding white space is dropped first (default); passwords keep theirs. */
  trim?: boolean;
  /** Line breaks and tabs allowed (messages, reasons). */
  multiline?: boolean;
  /** The shape the text must have once trimmed. */
  pattern?: RegExp;
  /** Says what `pattern` expects (shown in the OpenAPI document and the zod issue). */
  patternHint?: string;
}

/** A text field: a string, bounded, without control characters or unpaired surrogates. */
export function text(options: TextOptions) {
  let schema = z.string();
  if (options.trim !== false) schema = schema.trim();
  schema = schema.max(options.max);
  if (options.min !== undefined) schema = schema.min(options.min);
  if (options.pattern) schema = schema.regex(options.pattern, options.patternHint);
  return schema.refine((value) => isCleanText(value, options.multiline), {
    message: 'control characters and unpaired surrogates are not accepted',
  });
}

/** A password as typed: any printable text, not trimmed. */
export const password = (min = 1, max = 128) => text({ min, max, trim: false });

/** Plain decimal digits: no sign, no exponent, no hexadecimal, no white space. */
const DIGITS = /^[0-9]{1,16}$/;

export interface IntOptions {
  min?: number;
  max?: number;
}

/**
 * A whole number: a JSON integer, or text of plain decimal digits (form fields are strings).
 * `0x10`, `1e3`, `+1`, `true`, `1.0` and `''` are refused.
 */
export function int(options: IntOptions = {}) {
  let target = z.number().int();
  if (options.min !== undefined) target = target.min(options.min);
  target = target.max(options.max ?? Number.MAX_SAFE_INTEGER);
  return z
    .union([z.number().int(), z.string().regex(DIGITS, 'decimal digits expected').transform(Number)])
    .pipe(target);
}

/**
 * A whole number typed by a user whose range the server checks with its own key
 * (`quantity_invalid`, `leverage_invalid`): plain digits or a JSON integer, handed over as text;
 * absent or empty is ''.
 */
export function typedInt(maxDigits = 16) {
  const digits = new RegExp(`^[0-9]{0,${maxDigits}}$`);
  return z
    .union([
      z.number().int().nonnegative().transform(String),
      z.string().trim().regex(digits, 'decimal digits expected'),
    ])
    .optional()
    .transform((value) => value ?? '');
}

export interface DecimalOptions {
  /** Digits before the point. */
  integerDigits: number;
  /** Digits after the point (0: none). */
  fractionDigits: number;
}

const decimalPattern = ({ integerDigits, fractionDigits }: DecimalOptions) =>
  new RegExp(`^[0-9]{1,${integerDigits}}${fractionDigits > 0 ? `(\\.[0-9]{1,${fractionDigits}})?` : ''}$`);

/**
 * A decimal as text (SPEC §8: money and prices travel as decimal strings): digits with an optional
 * fraction, no sign, no exponent. Surrounding white space is dropped.
 */
export function decimal(options: DecimalOptions) {
  return z.string().trim().regex(decimalPattern(options), 'decimal expected');
}

/**
 * A decimal a form may leave empty, answered by the server with its own key (`amount_required`)
 * rather than bad_request: '' or a decimal, absent reads as ''.
 */
export function optionalDecimal(options: DecimalOptions) {
  const pattern = new RegExp(`^$|${decimalPattern(options).source}`);
  return z.string().trim().regex(pattern, 'decimal expected').optional().default('');
}

/** Text accepted as a ticked box; the other listed words mean unticked; anything else is malformed. */
const TICKED = ['1', 'true', 'on', 'yes'] as const;
const UNTICKED = ['', '0', 'false', 'off', 'no'] as const;

/** A checkbox: true/false, 1/0, or one of the words a form sends. */
export function flag() {
  return z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum([...TICKED, ...UNTICKED])])
    .optional()
    .transform(
      (v) => v === true || v === 1 || (typeof v === 'string' && (TICKED as readonly string[]).includes(v)),
    );
}
