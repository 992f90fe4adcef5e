import { LANGUAGES, type Language } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, switchLanguage, useLanguage } from '../i18n/setup';
import { SegmentedControl } from './segmented-control';

export const langTag = (lang: Language) => ({ cn: 'zh-CN', us: 'en', jp: 'ja' })[lang];

/**
 * Language choice (SPEC §1) as a compact row for the welcome screen and the account panel:
 * picking another language stores it and reloads the page. Each name is written in its own
 * language. The settings screen uses the full-width LanguageList.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <SegmentedControl<Language>
      className="kb-language-selector"
      label={t('panel.language')}
      value={language}
      options={LANGUAGES.map((lang) => ({
        label: <span lang={langTag(lang)}>{LANGUAGE_NAMES[lang]}</span>,
        value: lang,
      }))}
      onChange={switchLanguage}
    />
  );
}
