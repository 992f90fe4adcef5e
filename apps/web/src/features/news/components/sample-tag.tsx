import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** SPEC §6.6: the demo's articles are samples and say so. */
export function SampleTag() {
  const { t } = useTranslation('news');
  return (
    <Tag className="kb-news-sample" color="default" fill="outline">
      {t('sample')}
    </Tag>
  );
}
