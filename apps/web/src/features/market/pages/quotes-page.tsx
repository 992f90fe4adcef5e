import { PullToRefresh } from 'antd-mobile';
import { RightOutline, SearchOutline, StarOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IndexHeader } from '../../../shared/layout/index-header';
import { Page } from '../../../shared/layout/page';
import { LoadError } from '../../../shared/ui/load-error';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { SimulatedBadge } from '../../../shared/ui/simulated-badge';
import { ListSkeleton, PageSkeleton } from '../../../shared/ui/skeletons';
import { useOverview } from '../api/market';
import {
  Alerts,
  BreadthBar,
  Companies,
  IndicesCards,
  Sectors,
  ShortSelling,
  TopNews,
} from '../components/overview-sections';
import { MARKET_PATHS } from '../lib/paths';
import '../market.css';

/**
 * /home/index, the Quotes tab (SPEC §2): index header, then the selected market's overview —
 * indicators, top news, industry status, alerts, short selling and company overview.
 */
export default function QuotesPage() {
  const { t } = useTranslation('market');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const overview = useOverview();

  let body: ReactNode;
  if (overview.isPending)
    body = (
      <>
        <PageSkeleton />
        <ListSkeleton rows={5} />
      </>
    );
  else if (overview.isError)
    body = <LoadError errorKey={overview.error.key} onRetry={() => overview.refetch()} />;
  else {
    const o = overview.data;
    body = (
      <>
        <p className="kb-mk-status" data-testid="market-status">
          <span
            className={`kb-mk-status__dot kb-mk-status__dot--${o.open ? 'open' : 'closed'}`}
            aria-hidden="true"
          />
          <strong>{o.open ? t('overview.open') : t('overview.closed')}</strong>
          <span className="kb-muted kb-num">{t('overview.tradingDay', { day: o.tradingDay })}</span>
          <SimulatedBadge />
        </p>
        <IndicesCards indices={o.indices} />
        <BreadthBar breadth={o.breadth} />
        <TopNews news={o.news} />
        <Sectors sectors={o.sectors} />
        <Alerts alerts={o.alerts} market={o.market} />
        <ShortSelling data={o.shortSelling} />
        <Companies companies={o.companies} market={o.market} />
      </>
    );
  }

  return (
    <Page tab header={<IndexHeader />}>
      <MarketSwitch />
      <nav className="kb-mk-shortcuts" aria-label={t('overview.title')}>
        <button
          type="button"
          className="kb-mk-shortcut"
          data-testid="open-watchlist"
          onClick={() => navigate(MARKET_PATHS.watchlist)}
        >
          <StarOutline aria-hidden="true" />
          <span>{t('overview.watchlist')}</span>
          <RightOutline aria-hidden="true" className="kb-mk-shortcut__arrow" />
        </button>
        <button type="button" className="kb-mk-shortcut" onClick={() => navigate(MARKET_PATHS.search)}>
          <SearchOutline aria-hidden="true" />
          <span>{t('overview.search')}</span>
          <RightOutline aria-hidden="true" className="kb-mk-shortcut__arrow" />
        </button>
      </nav>
      <PullToRefresh
        onRefresh={async () => {
          await overview.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-mk-stack">{body}</div>
      </PullToRefresh>
    </Page>
  );
}
