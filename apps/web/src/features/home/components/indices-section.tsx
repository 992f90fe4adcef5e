import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Section } from '../../../shared/ui/section';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';

/** The market's indices (SPEC §2 home). Filled from /market/overview. */
export function IndicesSection() {
  const { t } = useTranslation('home');
  return (
    <Section id="home-indices" title={t('sections.indices')} extra={<SimulatedBadge />} moreTo={PATHS.quotes}>
      <EmptyState description={t('sections.marketDataSoon')} />
    </Section>
  );
}
