import { API } from '@kabuto/contract';
import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { invalidateCall } from '../../../shared/api';
import { IndexHeader } from '../../../shared/layout/index-header';
import { Page } from '../../../shared/layout/page';
import { useIdle } from '../../../shared/lib/use-idle';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { EntryTiles } from '../components/entry-tiles';
import { IndicesSection } from '../components/indices-section';
import { PopularNewsSection } from '../components/popular-news-section';
import { PopularStocksSection } from '../components/popular-stocks-section';
import { RankingsSection } from '../components/rankings-section';
import '../home.css';

/** Everything home shows, asked again on pull to refresh (SPEC §12). */
const HOME_CALLS = [API.overviewCall, API.hotCall, API.rankingsCall, API.newsListCall] as const;

/** /home/home (SPEC §2): index header, product entries, popular stocks, indices, rankings, news. */
export default function HomePage() {
  const { t } = useTranslation('common');
  const belowFold = useIdle();
  return (
    <Page tab header={<IndexHeader />}>
      <MarketSwitch />
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all(HOME_CALLS.map((call) => invalidateCall(call)));
        }}
        pullingText={t('status.pullToRefresh')}
        canReleaseText={t('status.releaseToRefresh')}
        refreshingText={t('status.refreshing')}
        completeText={t('status.refreshed')}
      >
        <div className="kb-home-stack">
          <EntryTiles />
          <IndicesSection />
          <PopularStocksSection />
          {/* Below the first screen: made once the first screen has shown. */}
          {belowFold ? (
            <>
              <RankingsSection />
              <PopularNewsSection />
            </>
          ) : (
            <ListSkeleton rows={6} />
          )}
        </div>
      </PullToRefresh>
    </Page>
  );
}
