import { describe, expect, it } from 'vitest';
import { allBundles } from './index';
import { initI18n } from './setup';

const i18n = initI18n(await allBundles(), 'us');
type T = (key: string, options: Record<string, unknown>) => string;

describe('plural forms', () => {
  it("follow each language's own locale, whatever the browser's language", () => {
    const rules = (code: string) => i18n.services.pluralResolver.getRule(code) as Intl.PluralRules;
    expect(rules('us').resolvedOptions().pluralCategories).toEqual(['one', 'other']);
    expect(rules('cn').resolvedOptions().pluralCategories).toEqual(['other']);
    expect(rules('jp').resolvedOptions().pluralCategories).toEqual(['other']);
  });

  it('say "1 share" and "1 day", not "1 shares" or "1 days", in English', () => {
    const en = i18n.getFixedT('us') as unknown as T;
    expect(en('ipo:shares', { count: 1, n: '1' })).toBe('1 share');
    expect(en('ipo:shares', { count: 1000, n: '1,000' })).toBe('1,000 shares');
    expect(en('block:product.lots', { count: 1, n: '1' })).toBe('1 share');
    expect(en('copy:detail.lockDaysValue', { count: 1, n: 1 })).toBe('1 day');
    expect(en('copy:detail.lockDaysValue', { count: 30, n: 30 })).toBe('30 days');
    expect(en('market:watchlist.count', { count: 1 })).toBe('1 stock');
  });

  it('keep one form for every number in Chinese and Japanese', () => {
    const cn = i18n.getFixedT('cn') as unknown as T;
    const jp = i18n.getFixedT('jp') as unknown as T;
    expect(cn('ipo:shares', { count: 1, n: '1' })).toBe('1 股');
    expect(jp('copy:detail.lockDaysValue', { count: 1, n: 1 })).toBe('1 日');
    expect(jp('market:watchlist.count', { count: 2 })).toMatch(/2/);
  });
});
