import { LANGUAGES, type Language } from '@kabuto/contract';
import { CheckList, Selector } from 'antd-mobile';
import { LANGUAGE_NAMES, switchLanguage, useLanguage } from '../i18n/setup';

/**
 * Language choice (SPEC §1): picking another language stores it and reloads the page.
 * `inline` is a compact row for headers and panels; `list` a full-width list for settings.
 */
export function LanguagePicker({ variant = 'inline' }: { variant?: 'inline' | 'list' }) {
  const language = useLanguage();
  if (variant === 'list') {
    return (
      <CheckList
        className="kb-language-list"
        value={[language]}
        onChange={(values) => {
          const next = values[0];
          if (typeof next === 'string' && isOneOf(next)) switchLanguage(next);
        }}
      >
        {LANGUAGES.map((lang) => (
          <CheckList.Item key={lang} value={lang}>
            <span lang={langTag(lang)}>{LANGUAGE_NAMES[lang]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    );
  }
  return (
    <Selector<Language>
      className="kb-language-selector"
      columns={3}
      showCheckMark={false}
      value={[language]}
      options={LANGUAGES.map((lang) => ({
        label: <span lang={langTag(lang)}>{LANGUAGE_NAMES[lang]}</span>,
        value: lang,
      }))}
      onChange={(values) => {
        const next = values[0];
        if (next) switchLanguage(next);
      }}
    />
  );
}

function isOneOf(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

const langTag = (lang: Language) => ({ cn: 'zh-CN', us: 'en', jp: 'ja' })[lang];
