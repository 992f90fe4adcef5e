import { useTranslation } from 'react-i18next';
import { useLiveQuotes } from '../../../shared/realtime';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useHot } from '../api/home';
import { QuoteRow } from './quote-row';

/** Popular stocks of the selected market with live prices (SPEC §2 home). From /market/hot. */
export function PopularStocksSection() {
  const { t } = useTranslation('home');
  const hot = useHot();
  const list = hot.data?.list ?? [];
  const live = useLiveQuotes(list.map((q) => q.code));
  return (
    <Section
      id="home-popular"
      title={t('sections.popularStocks')}
      extra={<SimulatedBadge />}
      moreTo={PATHS.quotes}
    >
      {hot.isPending ? (
        <ListSkeleton rows={3} />
      ) : hot.isError ? (
        <LoadError errorKey={hot.error.key} onRetry={() => hot.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState description={t('sections.noStocks')} />
      ) : (
        <ul className="kb-home-rows" data-testid="home-popular">
          {list.map((quote) => (
            <QuoteRow key={quote.code} quote={quote} live={live[quote.code]} />
          ))}
        </ul>
      )}
    </Section>
  );
}
