import { ERROR_KEYS, LANGUAGES, SUCCESS_KEYS } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import type { Messages } from './define';
import { allBundles } from './index';

const i18nBundles = await allBundles();

function flatten(tree: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Strings that are legitimately the same in English and an Asian language (brand, formats). */
const SAME_IN_ENGLISH = new Set<string>([]);

describe('translations', () => {
  it('gives every namespace the same keys in Chinese, English and Japanese', () => {
    for (const bundle of i18nBundles) {
      const keys = LANGUAGES.map((lang) => [...flatten(bundle.resources[lang]).keys()].sort());
      expect(keys[1], `${bundle.ns}: us`).toEqual(keys[0]);
      expect(keys[2], `${bundle.ns}: jp`).toEqual(keys[0]);
    }
  });

  it('says "1 stock", not "1 stocks", in English (i18next plurals)', async () => {
    const { createInstance } = await import('i18next');
    const resources = Object.fromEntries(
      LANGUAGES.map((lang) => [lang, Object.fromEntries(i18nBundles.map((b) => [b.ns, b.resources[lang]]))]),
    );
    const i18n = createInstance();
    await i18n.init({ lng: 'us', resources, interpolation: { escapeValue: false } });
    type T = (key: string, options: { count: number }) => string;
    const en = i18n.getFixedT('us') as unknown as T;
    expect(en('market:watchlist.count', { count: 1 })).toBe('1 stock');
    expect(en('market:watchlist.count', { count: 2 })).toBe('2 stocks');
    expect(en('market:overview.sectorCount', { count: 1 })).toBe('1 stock');
    expect(en('daytrade:detail.quantity', { count: 1 })).toBe('1 share');
    const cn = i18n.getFixedT('cn') as unknown as T;
    expect(cn('market:watchlist.count', { count: 1 })).toBe('共 1 只');
  });

  it('has no empty messages', () => {
    for (const bundle of i18nBundles) {
      for (const lang of LANGUAGES) {
        for (const [key, text] of flatten(bundle.resources[lang]))
          expect(text.trim(), `${bundle.ns}:${key} (${lang})`).not.toBe('');
      }
    }
  });

  it('translates English text instead of copying it into Chinese or Japanese', () => {
    for (const bundle of i18nBundles) {
      const us = flatten(bundle.resources.us);
      const cn = flatten(bundle.resources.cn);
      const jp = flatten(bundle.resources.jp);
      for (const [key, text] of us) {
        if (SAME_IN_ENGLISH.has(`${bundle.ns}:${key}`)) continue;
        expect(cn.get(key), `${bundle.ns}:${key} cn`).not.toBe(text);
        expect(jp.get(key), `${bundle.ns}:${key} jp`).not.toBe(text);
      }
    }
  });

  it('says every error and success key of the contract in all three languages (SPEC §7)', () => {
    const errors = i18nBundles.find((b) => b.ns === 'errors');
    const success = i18nBundles.find((b) => b.ns === 'success');
    for (const lang of LANGUAGES) {
      const errorMessages = flatten(errors?.resources[lang] ?? {});
      const successMessages = flatten(success?.resources[lang] ?? {});
      for (const key of ERROR_KEYS) expect(errorMessages.has(key), `errors:${key} (${lang})`).toBe(true);
      for (const key of SUCCESS_KEYS) expect(successMessages.has(key), `success:${key} (${lang})`).toBe(true);
      expect(errorMessages.has('error'), `generic error (${lang})`).toBe(true);
    }
  });

  it('keeps interpolation placeholders identical across languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const bundle of i18nBundles) {
      const cn = flatten(bundle.resources.cn);
      for (const lang of ['us', 'jp'] as const) {
        for (const [key, text] of flatten(bundle.resources[lang])) {
          expect(placeholders(text), `${bundle.ns}:${key} (${lang})`).toEqual(
            placeholders(cn.get(key) ?? ''),
          );
        }
      }
    }
  });
});
