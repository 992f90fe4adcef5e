import { describe, expect, it } from 'vitest';
import { plainParam } from './message-catalog';
import type { MessageParam } from './messages';
import { REASON_TEMPLATES, renderReason } from './reasons';

const NOT_REVIEWED = {
  key: 'daytrade_not_reviewed',
  params: { close: { date: '2026-11-30T06:30:00.000Z', market: 'jpy' as const } },
};

describe('server reasons by key', () => {
  it('writes a reason in each language with its figures', () => {
    const format = (param: MessageParam) => `<${'date' in param ? param.date : ''}>`;
    expect(renderReason(NOT_REVIEWED, 'cn', format)).toBe('在收盘（<2026-11-30T06:30:00.000Z>）前未完成审核');
    expect(renderReason(NOT_REVIEWED, 'jp', format)).toBe(
      '大引け（<2026-11-30T06:30:00.000Z>）までに審査が完了しませんでした',
    );
    expect(renderReason(NOT_REVIEWED, 'us', plainParam)).toBe(
      'not reviewed before the session close (2026-11-30T06:30:00.000Z)',
    );
  });

  it('answers null for a key this version does not know, so the plain text is shown', () => {
    expect(renderReason({ key: 'something_new', params: {} }, 'jp', plainParam)).toBeNull();
  });

  it('has every reason in the three languages, naming the same figures', () => {
    for (const texts of Object.values(REASON_TEMPLATES)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(texts.cn)).toEqual(names(texts.us));
      expect(names(texts.jp)).toEqual(names(texts.us));
      // No Latin words in the Chinese and Japanese texts.
      expect(texts.cn.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
      expect(texts.jp.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
    }
  });
});
