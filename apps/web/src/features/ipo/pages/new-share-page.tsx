import { Tabs, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { type NewShare, useNewShares } from '../api';
import '../ipo.css';

const TABS = [
  { key: 'waiting', state: 'upcoming' },
  { key: 'inProgress', state: 'subscribing' },
  { key: 'ended', state: 'ended' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const parseTab = (value: string | null): TabKey => TABS.find((tab) => tab.key === value)?.key ?? 'inProgress';

export function ShareCard({ share, onOpen }: { share: NewShare; onOpen: () => void }) {
  const { t } = useTranslation('ipo');
  const language = useLanguage();
  const moment =
    share.state === 'upcoming'
      ? ['opensAt', share.opensAt]
      : share.state === 'subscribing'
        ? ['closesAt', share.closesAt]
        : ['listsAt', share.listsAt];
  return (
    <button
      type="button"
      className="kb-ipo-card kb-card"
      onClick={onOpen}
      data-testid={`share-${share.code}`}
    >
      <div className="kb-ipo-card__head">
        <span className="kb-ipo-card__name">{share.name}</span>
        <Tag color={share.state === 'subscribing' ? 'primary' : 'default'} fill="outline">
          {t(`state.${share.state}`)}
        </Tag>
      </div>
      <div className="kb-ipo-card__sub kb-muted">
        <span className="kb-num">{share.code}</span> · {share.issueMarket}
      </div>
      <dl className="kb-ipo-card__figures">
        <div>
          <dt>{t('field.price')}</dt>
          <dd>
            <MoneyText value={share.price} currency={share.currency} />
          </dd>
        </div>
        <div>
          <dt>{t(`field.${moment[0] as 'opensAt' | 'closesAt' | 'listsAt'}`)}</dt>
          <dd className="kb-num">{formatWhen(moment[1], language, share.market)}</dd>
        </div>
      </dl>
      {share.mine && (
        <div className="kb-ipo-card__mine" data-testid="share-mine">
          {t('mine')}: {t(`sub.${share.mine.state}`)}
        </div>
      )}
    </button>
  );
}

function ShareList({ state }: { state: (typeof TABS)[number]['state'] }) {
  const { t } = useTranslation('ipo');
  const navigate = useNavigate();
  const shares = useNewShares(state);
  return (
    <PagedList query={shares} items={pagedItems(shares.data)} rows={3} emptyText={t('empty')}>
      {(items) => (
        <div className="kb-ipo-list" data-testid="share-list">
          {items.map((share) => (
            <ShareCard
              key={share.id}
              share={share}
              onOpen={() => navigate(`${PATHS.newShareInfo}?id=${share.id}`)}
            />
          ))}
        </div>
      )}
    </PagedList>
  );
}

/** /home/newShare (SPEC §2): the waiting, in-progress and ended lists of the selected market. */
export default function NewSharePage() {
  const { t } = useTranslation('ipo');
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const state = TABS.find((x) => x.key === tab)!.state;
  return (
    <Page
      header={
        <PageHeader
          title={t('title')}
          backTo={PATHS.home}
          link={{ to: PATHS.newShareOrder, testId: 'ipo-orders-link', label: t('viewOrders') }}
        />
      }
    >
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: parseTab(key) }, { replace: true })} stretch>
        {TABS.map(({ key }) => (
          <Tabs.Tab key={key} title={<span data-testid={`ipo-tab-${key}`}>{t(`tabs.${key}`)}</span>} />
        ))}
      </Tabs>
      <MarketSwitch />
      <ShareList key={state} state={state} />
    </Page>
  );
}
