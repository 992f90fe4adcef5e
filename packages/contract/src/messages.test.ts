import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './enums';
import { MESSAGE_KEYS, MESSAGE_TEMPLATES, plainParam, renderMessage } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('names the same figures in every language of each message', () => {
    for (const key of MESSAGE_KEYS) {
      const [first, ...rest] = LANGUAGES.map((language) => MESSAGE_TEMPLATES[key][language]);
      for (const other of rest) {
        expect(placeholders(other.body), key).toEqual(placeholders(first!.body));
        expect(placeholders(other.title), key).toEqual(placeholders(first!.title));
      }
    }
  });

  it('fills every placeholder with the formatter given, in the language asked', () => {
    const template = {
      key: 'deposit_approved',
      params: { order: { text: 'D123' }, amount: { money: '5000000', currency: 'JPY' as const } },
    };
    const us = renderMessage(template, 'us', (param) => JSON.stringify(param));
    expect(us).toEqual({
      title: 'Deposit credited',
      body: 'Your deposit {"text":"D123"} ({"money":"5000000","currency":"JPY"}) was approved and credited to your account.',
    });
    expect(renderMessage(template, 'jp', plainParam)?.body).toBe(
      'ご入金 D123（5,000,000 JPY）が承認され、口座に反映されました。',
    );
  });

  it('answers null for a key this version does not know', () => {
    expect(renderMessage({ key: 'no_such_message', params: {} }, 'cn', plainParam)).toBeNull();
  });

  it('writes figures plainly for a reader that does not know the key', () => {
    expect(plainParam({ money: '-1234567.50', currency: 'USD' }, 'us')).toBe('-1,234,567.50 USD');
    expect(plainParam({ price: '3177.000000' }, 'us')).toBe('3,177.000000');
    expect(plainParam({ word: 'short' }, 'jp')).toBe('売り');
    expect(plainParam({ count: 300 }, 'cn')).toBe('300');
  });
});
