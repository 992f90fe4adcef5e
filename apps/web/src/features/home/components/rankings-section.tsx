import { PRICE_DECIMALS, RANKING_WINDOWS, type RankingWindow } from '@kabuto/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../../shared/format/price';
import { useLanguage } from '../../../shared/i18n/setup';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { SegmentedControl } from '../../../shared/ui/segmented-control';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { TrendText } from '../../../shared/ui/trend-text';
import { useRankings } from '../api/home';
import { stockPath } from '../lib/paths';

/** Rankings over 1w / 1m / 3m / 6m with open, close, high, low and change (SPEC §2 home, §10). */
export function RankingsSection() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const navigate = useNavigate();
  const [span, setSpan] = useState<RankingWindow>('1w');
  const rankings = useRankings(span);
  const data = rankings.data;
  return (
    <Section id="home-rankings" title={t('sections.rankings')} extra={<SimulatedBadge />}>
      <SegmentedControl<RankingWindow>
        className="kb-window-switch"
        label={t('sections.rankings')}
        value={span}
        onChange={setSpan}
        options={RANKING_WINDOWS.map((w) => ({ label: t(`windows.${w}`), value: w }))}
        testId="ranking-windows"
      />
      {rankings.isPending ? (
        <ListSkeleton rows={4} />
      ) : rankings.isError ? (
        <LoadError errorKey={rankings.error.key} onRetry={() => rankings.refetch()} />
      ) : !data || data.list.length === 0 ? (
        <EmptyState description={t('sections.noStocks')} />
      ) : (
        <>
          <p className="kb-home-range kb-muted">
            <span className="kb-num">{t('rankings.range', { from: data.from, to: data.to })}</span>
            <span>{t('rankings.change')}</span>
          </p>
          <ol
            className={`kb-home-ranking ${rankings.isPlaceholderData ? 'kb-home-ranking--stale' : ''}`}
            data-testid="home-rankings"
            data-window={data.window}
          >
            {data.list.map((row, i) => {
              const decimals = PRICE_DECIMALS[row.market];
              const price = (v: string) => formatPrice(v, decimals, language);
              return (
                <li key={row.code}>
                  <button
                    type="button"
                    className="kb-home-rank"
                    onClick={() => navigate(stockPath(row.code))}
                  >
                    <span className="kb-home-rank__no kb-num">{i + 1}</span>
                    <span className="kb-home-rank__who">
                      <span className="kb-home-rank__name">{row.name}</span>
                      <span className="kb-home-rank__ohlc kb-num">
                        {t('rankings.open')} {price(row.open)} · {t('rankings.high')} {price(row.high)} ·{' '}
                        {t('rankings.low')} {price(row.low)}
                      </span>
                    </span>
                    <span className="kb-home-rank__right">
                      <span className="kb-num kb-home-rank__close">
                        <span className="kb-muted">{t('rankings.close')}</span> {price(row.close)}
                      </span>
                      <TrendText className="kb-home-rank__change" value={row.changePercent} percent />
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Section>
  );
}
