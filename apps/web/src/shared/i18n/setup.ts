import { LANGUAGE_LOCALE, LANGUAGES, type Language } from '@kabuto/contract';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
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

export function initI18n(
  bundles: readonly I18nBundle<string, Messages>[],
  language: Language = initialLanguage(),
) {
  const resources: Record<Language, Record<string, Messages>> = { cn: {}, us: {}, jp: {} };
  for (const bundle of bundles) {
    for (const lang of LANGUAGES) resources[lang][bundle.ns] = bundle.resources[lang];
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
  return i18next;
}

/** Adds a namespace loaded after start (a feature's texts) in the languages it carries. */
export function addBundle(bundle: { ns: string; resources: Partial<Record<Language, Messages>> }): void {
  for (const lang of LANGUAGES) {
    const messages = bundle.resources[lang];
    if (messages) i18next.addResourceBundle(lang, bundle.ns, messages, true, true);
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : initialLanguage();
}

/** The language the UI renders in; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : currentLanguage();
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
