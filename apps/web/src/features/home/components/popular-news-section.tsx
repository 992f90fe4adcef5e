import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Section } from '../../../shared/ui/section';

/** Popular news (SPEC §2 home, §6.6). Filled from /news/list. */
export function PopularNewsSection() {
  const { t } = useTranslation('home');
  return (
    <Section id="home-news" title={t('sections.popularNews')} moreTo={PATHS.news}>
      <EmptyState description={t('sections.newsSoon')} />
    </Section>
  );
}
