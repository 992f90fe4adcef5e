import { describe, expect, it } from 'vitest';
import { detectLanguage, languageFromTag } from './detect';

describe('language detection', () => {
  it('keeps the language the user chose before', () => {
    expect(detectLanguage('us', ['ja-JP'])).toBe('us');
  });

  it('maps Chinese browsers (any region or script) to Simplified Chinese', () => {
    expect(detectLanguage(null, ['zh-CN'])).toBe('cn');
    expect(detectLanguage(null, ['zh-Hant-TW'])).toBe('cn');
    expect(detectLanguage(null, ['zh'])).toBe('cn');
  });

  it('maps Japanese browsers to Japanese and English browsers to English', () => {
    expect(detectLanguage(null, ['ja'])).toBe('jp');
    expect(detectLanguage(null, ['en-GB'])).toBe('us');
    expect(languageFromTag('EN_us')).toBe('us');
  });

  it('tries the preferred languages in order until one is supported', () => {
    expect(detectLanguage(null, ['de-DE', 'fr', 'en-US', 'ja'])).toBe('us');
  });

  it('falls back to Japanese when no browser language is supported', () => {
    expect(detectLanguage(null, ['de-DE', 'ko'])).toBe('jp');
    expect(detectLanguage(null, [])).toBe('jp');
  });

  it('ignores a stored value that is not a product language', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('cn');
  });
});
