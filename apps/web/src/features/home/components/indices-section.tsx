import { PRICE_DECIMALS } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trendOf } from '../../../shared/format/price';
import { mergeLive, useLiveQuotes } from '../../../shared/realtime';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { PriceText, TrendText } from '../../../shared/ui/trend-text';
import { useOverview } from '../api/home';
import { stockPath } from '../lib/paths';

/** The market's indices with live prices (SPEC §2 home). From /market/overview. */
export function IndicesSection() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const overview = useOverview();
  const indices = overview.data?.indices ?? [];
  const live = useLiveQuotes(indices.map((q) => q.code));
  return (
    <Section id="home-indices" title={t('sections.indices')} extra={<SimulatedBadge />} moreTo={PATHS.quotes}>
      {overview.isPending ? (
        <ListSkeleton rows={1} />
      ) : overview.isError ? (
        <LoadError errorKey={overview.error.key} onRetry={() => overview.refetch()} />
      ) : indices.length === 0 ? (
        <EmptyState description={t('sections.noStocks')} />
      ) : (
        <ul className="kb-home-indices" data-testid="home-indices">
          {indices.map((index) => {
            const q = mergeLive(index, live[index.code]);
            const trend = trendOf(q.change);
            const decimals = PRICE_DECIMALS[q.market];
            return (
              <li key={q.code}>
                <button
                  type="button"
                  className={`kb-home-index kb-home-index--${trend}`}
                  onClick={() => navigate(stockPath(q.code))}
                >
                  <span className="kb-home-index__name">{q.name}</span>
                  <PriceText
                    className="kb-home-index__price"
                    value={q.price}
                    decimals={decimals}
                    trend={trend}
                  />
                  <span className="kb-home-index__change">
                    <TrendText value={q.change} decimals={decimals} arrow={false} />
                    <TrendText value={q.changePercent} percent />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
