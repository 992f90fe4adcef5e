import { IndexHeader } from '../../../shared/layout/index-header';
import { Page } from '../../../shared/layout/page';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { EntryTiles } from '../components/entry-tiles';
import { IndicesSection } from '../components/indices-section';
import { PopularNewsSection } from '../components/popular-news-section';
import { PopularStocksSection } from '../components/popular-stocks-section';
import { RankingsSection } from '../components/rankings-section';
import '../home.css';

/** /home/home (SPEC §2): index header, product entries, popular stocks, indices, rankings, news. */
export default function HomePage() {
  return (
    <Page tab header={<IndexHeader />}>
      <MarketSwitch />
      <EntryTiles />
      <IndicesSection />
      <PopularStocksSection />
      <RankingsSection />
      <PopularNewsSection />
    </Page>
  );
}
