import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import type { LiveTick } from './quote-stream';

/** At most this many codes are kept: a watchlist and a home screen's worth. */
export const LAST_QUOTES_MAX = 60;
/** Ticks arrive about once a second per code; storage is written at most this often. */
export const LAST_QUOTES_WRITE_MS = 5000;

export interface SavedQuote {
  code: string;
  price: string;
  change: string;
  changePercent: string;
  /** The quote's own time. */
  time: string;
}

export interface LastQuotes {
  /** When the newest of them was received. */
  savedAt: string;
  quotes: SavedQuote[];
}

function isSavedQuote(value: unknown): value is SavedQuote {
  if (typeof value !== 'object' || value === null) return false;
  const v: Partial<Record<keyof SavedQuote, unknown>> = value;
  return ['code', 'price', 'change', 'changePercent', 'time'].every(
    (key) => typeof v[key as keyof SavedQuote] === 'string',
  );
}

/** The prices kept by an earlier session, newest first, or null (none, or unreadable). */
export function readLastQuotes(): LastQuotes | null {
  const raw = readStorage(STORAGE_KEYS.lastQuotes);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { savedAt, quotes } = parsed as { savedAt?: unknown; quotes?: unknown };
    if (typeof savedAt !== 'string' || !Array.isArray(quotes)) return null;
    const list = quotes.filter(isSavedQuote);
    return list.length > 0 ? { savedAt, quotes: list } : null;
  } catch {
    return null;
  }
}

let pending: Map<string, SavedQuote> | null = null;
let writeTimer: ReturnType<typeof setTimeout> | null = null;

/** Writes what arrived since the last write, merged over what is kept, newest first. */
export function flushLastQuotes(now: Date = new Date()): void {
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = null;
  if (!pending || pending.size === 0) return;
  const fresh = [...pending.values()].reverse();
  pending = null;
  const kept = (readLastQuotes()?.quotes ?? []).filter((q) => !fresh.some((f) => f.code === q.code));
  const quotes = [...fresh, ...kept].slice(0, LAST_QUOTES_MAX);
  writeStorage(STORAGE_KEYS.lastQuotes, JSON.stringify({ savedAt: now.toISOString(), quotes }));
}

let listening = false;

/** Keeps a tick for an offline start; written in batches, not on every tick. */
export function rememberQuote(tick: LiveTick): void {
  // What arrived since the last write is kept when the page goes away or the connection drops.
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', () => flushLastQuotes());
    window.addEventListener('offline', () => flushLastQuotes());
  }
  pending ??= new Map();
  pending.delete(tick.code);
  pending.set(tick.code, {
    code: tick.code,
    price: tick.price,
    change: tick.change,
    changePercent: tick.changePercent,
    time: tick.time,
  });
  writeTimer ??= setTimeout(() => flushLastQuotes(), LAST_QUOTES_WRITE_MS);
}
