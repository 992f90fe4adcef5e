import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@kabuto/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps one BCP 47 tag to a product language: zh* → cn, ja* → jp, en* → us. */
export function languageFromTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'cn';
  if (primary === 'ja') return 'jp';
  if (primary === 'en') return 'us';
  return null;
}

/**
 * SPEC §1: the stored `language` wins; on a first visit the browser's preferred languages are
 * tried in order; when none is ours the product default (Japanese, the default market's) applies.
 */
export function detectLanguage(stored: string | null, browserTags: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserTags) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
