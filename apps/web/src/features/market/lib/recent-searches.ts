import type { Market } from '@kabuto/contract';
import { MARKETS } from '@kabuto/contract';

/** One stock opened from search, kept under `searchList` (SPEC §3) so it can be opened again. */
export interface RecentSearch {
  code: string;
  name: string;
  market: Market;
}

/** How many recent searches are kept. */
export const RECENT_SEARCHES_MAX = 10;

function isRecent(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null) return false;
  const v: Partial<Record<keyof RecentSearch, unknown>> = value;
  return (
    typeof v.code === 'string' &&
    v.code.length > 0 &&
    typeof v.name === 'string' &&
    typeof v.market === 'string' &&
    (MARKETS as readonly string[]).includes(v.market)
  );
}

/** Reads the stored list; anything unreadable (old formats, hand edits) reads as empty. */
export function parseRecentSearches(text: string | null): RecentSearch[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const seen = new Set<string>();
  const list: RecentSearch[] = [];
  for (const item of json) {
    if (!isRecent(item) || seen.has(item.code)) continue;
    seen.add(item.code);
    list.push({ code: item.code, name: item.name, market: item.market });
    if (list.length >= RECENT_SEARCHES_MAX) break;
  }
  return list;
}

/** Puts `entry` first, drops an older copy of the same code, keeps at most `max`. */
export function pushRecentSearch(
  list: readonly RecentSearch[],
  entry: RecentSearch,
  max = RECENT_SEARCHES_MAX,
): RecentSearch[] {
  return [entry, ...list.filter((item) => item.code !== entry.code)].slice(0, max);
}
