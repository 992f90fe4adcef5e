import { describe, expect, it } from 'vitest';
import {
  parseRecentSearches,
  pushRecentSearch,
  RECENT_SEARCHES_MAX,
  type RecentSearch,
} from './recent-searches';

const toyota: RecentSearch = { code: '7203', name: 'Toyota Motor', market: 'jpy' };
const apple: RecentSearch = { code: 'AAPL', name: 'Apple', market: 'usd' };

describe('recent searches', () => {
  it('puts the latest search first and keeps one entry per code', () => {
    const list = pushRecentSearch(pushRecentSearch(pushRecentSearch([], toyota), apple), toyota);
    expect(list.map((s) => s.code)).toEqual(['7203', 'AAPL']);
  });

  it(`keeps only the ${RECENT_SEARCHES_MAX} latest`, () => {
    let list: RecentSearch[] = [];
    for (let i = 0; i < 15; i += 1)
      list = pushRecentSearch(list, { code: `C${i}`, name: `n${i}`, market: 'jpy' });
    expect(list).toHaveLength(RECENT_SEARCHES_MAX);
    expect(list[0]?.code).toBe('C14');
    expect(list.at(-1)?.code).toBe('C5');
  });

  it('reads back what it stored', () => {
    const stored = JSON.stringify(pushRecentSearch([toyota], apple));
    expect(parseRecentSearches(stored)).toEqual([apple, toyota]);
  });

  it('reads garbage, old formats and duplicates safely', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"a":1}')).toEqual([]);
    expect(
      parseRecentSearches(JSON.stringify(['7203', { code: 'X', name: 'x', market: 'mars' }, toyota, toyota])),
    ).toEqual([toyota]);
  });
});
