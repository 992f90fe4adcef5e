import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES } from './i18n';

/** One text in the three product languages (SPEC §1), each required, in tabs. */
export function I18nFields({
  fields,
  activeKey,
  onChange,
}: {
  fields: Array<{ name: string; label: string; rows?: number; max: number }>;
  /** The language shown, when the form leads (it opens the tab of a field in error). */
  activeKey?: string;
  onChange?: (language: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      // The operator's own language first; the form may lead instead (a field in error).
      {...(activeKey ? { activeKey } : { defaultActiveKey: currentLanguage() })}
      {...(onChange ? { onChange } : {})}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: LANGUAGE_NAMES[language],
        forceRender: true,
        children: fields.map((f) => (
          <Form.Item
            key={f.name}
            name={[f.name, language]}
            label={`${f.label} (${LANGUAGE_NAMES[language]})`}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('form.requiredIn', { language: LANGUAGE_NAMES[language] }),
              },
            ]}
          >
            {f.rows ? (
              <Input.TextArea rows={f.rows} maxLength={f.max} data-testid={`${f.name}-${language}`} />
            ) : (
              <Input maxLength={f.max} data-testid={`${f.name}-${language}`} />
            )}
          </Form.Item>
        )),
      }))}
    />
  );
}
