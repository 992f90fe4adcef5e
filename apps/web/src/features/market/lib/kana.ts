import { toKatakana } from 'wanakana';

/** Hiragana, or Latin letters only (romaji): forms a Japanese name may be typed in. */
const CONVERTIBLE = /[\u3041-\u309f]|^[a-z\s'-]+$/i;

/**
 * The forms a search is sent in (SPEC §2 /quotes/search): as typed, and in katakana when typed
 * in hiragana or romaji, so "とよた" and "toyota" find トヨタ自動車. Japanese names are stored in
 * their usual script; a hiragana name still matches as typed.
 */
export function searchForms(q: string): string[] {
  if (!CONVERTIBLE.test(q)) return [q];
  const katakana = toKatakana(q);
  return katakana !== q && katakana.trim() !== '' ? [q, katakana] : [q];
}
