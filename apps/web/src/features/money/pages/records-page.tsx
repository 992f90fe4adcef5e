import { Button, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useAccountSummary } from '../../../shared/session/user';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { type FundRecordKind, useFundRecords } from '../api/money';
import { RecordItem } from '../components/record-item';
import { RECORD_TABS, recordTab } from '../lib/fund-records';
import '../money.css';

function BalanceCard() {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const summary = useAccountSummary();
  const current = summary.data?.current;
  return (
    <section className="kb-balance" aria-label={t('records.balance')}>
      <div className="kb-balance__figures">
        <div>
          <span className="kb-balance__label">{t('records.available')}</span>
          <span className="kb-balance__big" data-testid="records-available">
            {current ? <MoneyText value={current.available} currency={current.currency} /> : '—'}
          </span>
        </div>
        <div className="kb-balance__side">
          <span className="kb-balance__label">{t('records.frozen')}</span>
          <span>{current ? <MoneyText value={current.frozen} currency={current.currency} /> : '—'}</span>
        </div>
      </div>
      <div className="kb-balance__actions">
        <Button size="small" onClick={() => navigate(PATHS.deposit)} data-testid="action-deposit">
          {t('records.deposit')}
        </Button>
        <Button size="small" onClick={() => navigate(PATHS.withdraw)} data-testid="action-withdraw">
          {t('records.withdraw')}
        </Button>
        <Button size="small" onClick={() => navigate(PATHS.exchange)} data-testid="action-exchange">
          {t('records.exchange')}
        </Button>
      </div>
    </section>
  );
}

function RecordList({ kind }: { kind: FundRecordKind }) {
  const { t: tc } = useTranslation('common');
  const { t } = useTranslation('money');
  const records = useFundRecords(kind);
  const items = records.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (records.isPending) body = <ListSkeleton rows={5} />;
  else if (records.isError && items.length === 0)
    body = <LoadError errorKey={records.error.key} onRetry={() => records.refetch()} />;
  else if (items.length === 0) body = <EmptyState description={t(`records.empty.${kind}`)} />;
  else
    body = (
      <ul className="kb-record-list kb-card" data-testid={`records-${kind}`}>
        {items.map((record) => (
          <RecordItem key={`${record.kind}-${record.id}-${record.currency}`} record={record} />
        ))}
      </ul>
    );

  return (
    <>
      <PullToRefresh
        onRefresh={async () => {
          await records.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-pull-body">{body}</div>
      </PullToRefresh>
      {items.length > 0 && (
        <InfiniteScroll
          hasMore={records.hasNextPage}
          loadMore={async () => {
            await records.fetchNextPage();
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="kb-link-button" onClick={retry}>
                {tc('status.failed')} · {tc('actions.retry')}
              </button>
            ) : (
              <span className="kb-muted">{hasMore ? tc('status.loadingMore') : tc('status.noMore')}</span>
            )
          }
        </InfiniteScroll>
      )}
    </>
  );
}

/**
 * /mine/transactionRecords, the Funds tab (SPEC §2, §0.2): every movement of money in three
 * tabs — all transactions, deposits, withdrawals — paged, with pull to refresh.
 */
export default function RecordsPage() {
  const { t } = useTranslation('money');
  const [params, setParams] = useSearchParams();
  const tab = recordTab(params.get('tab'));
  return (
    <Page tab header={<PageHeader title={t('records.title')} variant="hide" />}>
      <BalanceCard />
      <div className="kb-card kb-record-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: recordTab(key) }, { replace: true })}
          stretch
        >
          {RECORD_TABS.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`tab-${key}`}>{t(`records.tabs.${key}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <RecordList key={tab} kind={tab} />
    </Page>
  );
}
