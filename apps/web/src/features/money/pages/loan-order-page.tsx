import { InfiniteScroll, List, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { type Loan, useLoans } from '../api/money';
import '../money.css';

function LoanItem({ loan }: { loan: Loan }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const when = loan.repaidAt ?? loan.startedAt ?? loan.createdAt;
  return (
    <MoneyRow
      data-testid={`loan-${loan.id}`}
      label={
        <>
          {t('loan.interest')} <MoneyText value={loan.interest} currency={loan.currency} />
        </>
      }
      description={
        <span className="kb-num">
          {loan.orderNo} · {formatWhen(when, language, 'reader')}
          {loan.state === 'rejected' && loan.reason ? ` · ${loan.reason}` : ''}
        </span>
      }
      amount={<MoneyText value={loan.amount} currency={loan.currency} />}
      aside={
        <span className="kb-muted" data-testid="loan-order-state">
          {t(`loan.state.${loan.state}`)}
        </span>
      }
    />
  );
}

/** /mine/loanOrder (SPEC §2): every loan with its state, newest first. */
export default function LoanOrderPage() {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  const loans = useLoans();
  const items = loans.data?.pages.flatMap((page) => page.list) ?? [];
  let body: ReactNode;
  if (loans.isPending) body = <ListSkeleton rows={3} />;
  else if (loans.isError && items.length === 0)
    body = <LoadError errorKey={loans.error.key} onRetry={() => loans.refetch()} />;
  else if (items.length === 0) body = <EmptyState description={t('loan.empty')} />;
  else
    body = (
      <List className="kb-card" data-testid="loan-orders">
        {items.map((loan) => (
          <LoanItem key={loan.id} loan={loan} />
        ))}
      </List>
    );
  return (
    <Page header={<PageHeader title={t('loan.ordersTitle')} backTo={PATHS.loan} />}>
      <PullToRefresh
        onRefresh={async () => {
          await loans.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-pull-body">{body}</div>
      </PullToRefresh>
      {items.length > 0 && (
        <InfiniteScroll hasMore={loans.hasNextPage} loadMore={async () => void (await loans.fetchNextPage())}>
          {(hasMore) => (
            <span className="kb-muted">{hasMore ? tc('status.loadingMore') : tc('status.noMore')}</span>
          )}
        </InfiniteScroll>
      )}
    </Page>
  );
}
