import { describe, expect, it } from 'vitest';
import { searchForms } from './kana';

describe('search forms', () => {
  it('adds katakana for a name typed in hiragana', () => {
    expect(searchForms('とよた')).toEqual(['とよた', 'トヨタ']);
    expect(searchForms('そにー')).toEqual(['そにー', 'ソニー']);
  });

  it('adds katakana for a name typed in romaji', () => {
    expect(searchForms('toyota')).toEqual(['toyota', 'トヨタ']);
    expect(searchForms('sofutobanku')).toEqual(['sofutobanku', 'ソフトバンク']);
  });

  it('sends codes, katakana and kanji as they are', () => {
    expect(searchForms('7203')).toEqual(['7203']);
    expect(searchForms('トヨタ')).toEqual(['トヨタ']);
    expect(searchForms('丰田')).toEqual(['丰田']);
  });
});
