import { LANGUAGE_LOCALE, LANGUAGES, type Language } from '@kabuto/contract';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import type { I18nBundle, Messages } from './define';
import { detectLanguage, isLanguage } from './detect';

export const i18n = i18next;

/**
 * Language names are written in their own language (an endonym), so a reader who cannot read
 * the current language still finds theirs.
 */
export const LANGUAGE_NAMES: Record<Language, string> = { cn: '简体中文', us: 'English', jp: '日本語' };

export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return detectLanguage(readStorage(STORAGE_KEYS.language), browser);
}

/** The languages whose texts are kept: the app keeps the reader's only (a switch reloads). */
let keptLanguages: readonly Language[] = LANGUAGES;

export function initI18n(
  bundles: readonly I18nBundle<string, Messages>[],
  language: Language = initialLanguage(),
  options: { onlyLanguage?: boolean } = {},
) {
  keptLanguages = options.onlyLanguage ? [language] : LANGUAGES;
  const resources: Partial<Record<Language, Record<string, Messages>>> = {};
  for (const lang of keptLanguages) {
    const texts: Record<string, Messages> = {};
    for (const bundle of bundles) texts[bundle.ns] = bundle.resources[lang];
    resources[lang] = texts;
  }
  // SPEC §1: the first visit's pick is remembered like an explicit choice.
  writeStorage(STORAGE_KEYS.language, language);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_LOCALE[language];
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    ns: bundles.map((b) => b.ns),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  pluralsByLocale();
  return i18next;
}

interface PluralResolver {
  getRule(code: string, options?: object): Intl.PluralRules | undefined;
}
const localePlurals = new WeakSet<PluralResolver>();

/**
 * i18next picks a plural form with `Intl.PluralRules` of the language code, and ours ('cn', 'us',
 * 'jp') are no locales: the rules fell back to the browser's own language, so English read
 * "1 stocks" in a Chinese browser. Plural forms follow each language's locale instead (English
 * one/other; Chinese and Japanese a single form).
 */
function pluralsByLocale(): void {
  const resolver: PluralResolver | undefined = i18next.services.pluralResolver;
  if (!resolver || localePlurals.has(resolver)) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLanguage(code) ? LANGUAGE_LOCALE[code] : code, options);
  localePlurals.add(resolver);
}

/** Adds a namespace loaded after start (a feature's texts) in the languages it carries. */
export function addBundle(bundle: { ns: string; resources: Partial<Record<Language, Messages>> }): void {
  for (const lang of keptLanguages) {
    const messages = bundle.resources[lang];
    if (messages) i18next.addResourceBundle(lang, bundle.ns, messages, true, true);
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : initialLanguage();
}

const languageListeners = new Set<() => void>();
let listening = false;

function subscribeLanguage(listener: () => void): () => void {
  if (!listening) {
    listening = true;
    i18next.on('languageChanged', () => {
      for (const notify of languageListeners) notify();
    });
  }
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

/**
 * The language the UI renders in; re-renders when it changes. Every price and date on a screen
 * asks for it, so it listens through one shared subscription instead of a translation hook each.
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/** SPEC §1: changing the language stores it and reloads the page. */
export function switchLanguage(language: Language): void {
  if (language === currentLanguage()) return;
  writeStorage(STORAGE_KEYS.language, language);
  window.location.reload();
}

/** Translates a server key (SPEC §7); unknown keys read as the generic error text. */
export function translateErrorKey(key: string): string {
  const text: unknown = i18next.getResource(i18next.language, 'errors', key);
  return typeof text === 'string' ? text : i18next.t('error', { ns: 'errors' });
}

export function translateSuccessKey(key: string): string {
  const text: unknown = i18next.getResource(i18next.language, 'success', key);
  return typeof text === 'string' ? text : i18next.t('ok', { ns: 'success' });
}
