import { LANGUAGES, type Language } from '@kabuto/contract';
import { CheckList } from 'antd-mobile';
import { LANGUAGE_NAMES, switchLanguage, useLanguage } from '../i18n/setup';
import { langTag } from './language-picker';

/** Language choice (SPEC §1) as a full-width list, for the settings screen. */
export function LanguageList() {
  const language = useLanguage();
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

function isOneOf(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
