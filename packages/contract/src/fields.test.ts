import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API } from './api';
import type { CallDef } from './api/define';
import { decimal, flag, int, isCleanText, optionalDecimal, password, text, typedInt } from './fields';

const refuses = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;

describe('text fields', () => {
  const name = text({ min: 1, max: 10 });

  it('refuses NUL, other control characters and unpaired surrogates', () => {
    for (const value of [
      'a\u0000b',
      'a\u0007',
      '\u001bx',
      'a\u007f',
      'a\u0085',
      'x\uD800',
      '\uDC00x',
      'a\nb',
    ])
      expect(refuses(name, value), JSON.stringify(value)).toBe(true);
  });

  it('accepts ordinary text in any script, paired surrogates included', () => {
    for (const value of ['Yamada', '山田 太郎', 'Ünïcødé', '😀😀', '  trimmed  '])
      expect(name.safeParse(value).success, value).toBe(true);
  });

  it('refuses text over its limit and wrong types', () => {
    for (const value of ['x'.repeat(11), 1, true, null, {}, ['a']]) expect(refuses(name, value)).toBe(true);
  });

  it('lets multi-line text carry line breaks and tabs but no other control characters', () => {
    const note = text({ max: 100, multiline: true });
    expect(note.safeParse('line 1\nline 2\tend').success).toBe(true);
    expect(refuses(note, 'line\u0000')).toBe(true);
  });

  it('keeps white space in passwords and refuses control characters in them', () => {
    expect(password().parse(' pass word ')).toBe(' pass word ');
    expect(refuses(password(), 'pass\u0000')).toBe(true);
    expect(isCleanText('pass word')).toBe(true);
  });
});

describe('numbers', () => {
  const page = int({ min: 1, max: 1000 });

  it('accepts plain decimal digits and JSON integers', () => {
    expect(page.parse('16')).toBe(16);
    expect(page.parse('007')).toBe(7);
    expect(page.parse(16)).toBe(16);
  });

  it('refuses hexadecimal, exponents, signs, fractions, booleans, blanks and out-of-range values', () => {
    for (const value of [
      '0x10',
      '1e3',
      '+1',
      '-1',
      '1.0',
      ' 1',
      '',
      true,
      false,
      1.5,
      null,
      [],
      {},
      '0',
      1001,
    ])
      expect(refuses(page, value), JSON.stringify(value)).toBe(true);
  });

  it('hands typed quantities on as digits, empty when absent, and refuses anything else', () => {
    const quantity = typedInt();
    expect(quantity.parse(' 100 ')).toBe('100');
    expect(quantity.parse(100)).toBe('100');
    expect(quantity.parse(undefined)).toBe('');
    for (const value of ['0x10', '1e3', '-1', '1.5', true, -1, 1.5, []])
      expect(refuses(quantity, value), JSON.stringify(value)).toBe(true);
  });

  it('takes decimals as text of digits with an optional fraction only', () => {
    const amount = decimal({ integerDigits: 6, fractionDigits: 2 });
    expect(amount.parse(' 1234.5 ')).toBe('1234.5');
    for (const value of ['1e3', '0x10', '-1', '1.234', '1234567', '.5', '5.', 12, true, 'NaN', 'Infinity'])
      expect(refuses(amount, value), JSON.stringify(value)).toBe(true);
    const typed = optionalDecimal({ integerDigits: 6, fractionDigits: 2 });
    expect(typed.parse(undefined)).toBe('');
    expect(typed.parse('')).toBe('');
    expect(refuses(typed, '1e3')).toBe(true);
  });
});

describe('flags', () => {
  it('reads ticked and unticked boxes and refuses other values', () => {
    const agree = flag();
    for (const value of [true, 1, '1', 'true', 'on', 'yes']) expect(agree.parse(value)).toBe(true);
    for (const value of [false, 0, '0', '', 'false', 'off', 'no', undefined])
      expect(agree.parse(value)).toBe(false);
    for (const value of ['maybe', '\u0000', 2, {}, []]) expect(refuses(agree, value)).toBe(true);
  });
});

describe('every call of the contract', () => {
  const hostile = [
    'a\u0000b',
    'x\uD800',
    'x'.repeat(100_000),
    { __proto__: { polluted: 1 } },
    ['1'],
    { a: 1 },
  ];

  /** File parts are not text: anything else reads as absent and the server answers file_invalid. */
  const isUpload = (field: z.ZodType) =>
    (z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as { format?: string }).format ===
    'binary';

  for (const [name, call] of Object.entries(API) as Array<[string, CallDef]>) {
    const shape = (call.request as z.ZodObject).shape;
    const fields = Object.entries(shape).filter(([, field]) => !isUpload(field as z.ZodType));
    if (fields.length === 0) continue;
    it(`${name}: every field refuses control characters, unpaired surrogates, oversized text and wrong types`, () => {
      for (const [field, schema] of fields) {
        for (const value of hostile) {
          expect(
            refuses(schema as z.ZodType, value),
            `${field} = ${JSON.stringify(value).slice(0, 20)}`,
          ).toBe(true);
        }
      }
    });
  }
});
