import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Section } from '../../../shared/ui/section';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';

/** Popular stocks of the selected market (SPEC §2 home). Filled from /market/hot. */
export function PopularStocksSection() {
  const { t } = useTranslation('home');
  return (
    <Section
      id="home-popular"
      title={t('sections.popularStocks')}
      extra={<SimulatedBadge />}
      moreTo={PATHS.quotes}
    >
      <EmptyState description={t('sections.marketDataSoon')} />
    </Section>
  );
}
