import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cn } from './i18n/cn';
import { jp } from './i18n/jp';
import { us } from './i18n/us';

export type Language = 'cn' | 'us' | 'jp';
export const LANGUAGES: Language[] = ['cn', 'us', 'jp'];
export const LANGUAGE_NAMES: Record<Language, string> = { cn: '简体中文', us: 'English', jp: '日本語' };

/** The same local storage key as the investor app (SPEC §1), so one browser keeps one language. */
const KEY = 'language';

export function currentLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  if (stored === 'cn' || stored === 'us' || stored === 'jp') return stored;
  const browser = navigator.language.toLowerCase();
  if (browser.startsWith('zh')) return 'cn';
  if (browser.startsWith('ja')) return 'jp';
  return 'us';
}

export function setLanguage(language: Language): void {
  localStorage.setItem(KEY, language);
  // SPEC §1: changing the language reloads the page.
  window.location.reload();
}

export function initI18n(): void {
  const ready = i18next.use(initReactI18next).init({
    resources: { cn: { translation: cn }, us: { translation: us }, jp: { translation: jp } },
    lng: currentLanguage(),
    fallbackLng: 'us',
    interpolation: { escapeValue: false },
  });
  // The document speaks the reader's language: `<html lang>` (fonts, screen readers) and the tab's title.
  void ready.then(() => {
    document.documentElement.lang = LANGUAGE_TAGS[i18next.language as Language] ?? 'en';
    document.title = i18next.t('app.title');
  });
}

const LANGUAGE_TAGS: Record<Language, string> = { cn: 'zh-CN', us: 'en', jp: 'ja' };

/** Translates an error key from the server; unknown keys show the generic error. */
export function errorText(key: string): string {
  return i18next.exists(`errors.${key}`) ? i18next.t(`errors.${key}`) : i18next.t('errors.generic');
}
