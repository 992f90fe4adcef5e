import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useBlockApplications } from '../api/block';
import { ApplicationCard } from '../components/application-card';
import { BlockTabs } from '../components/block-tabs';
import { BLOCK_PATHS, withId } from '../paths';
import '../block.css';

/** /home/largeQc (SPEC §2): the Application List tab — my applications in the selected market. */
export default function ApplicationsPage() {
  const { t } = useTranslation('block');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const applications = useBlockApplications();
  let body: ReactNode;
  if (applications.isPending) body = <ListSkeleton rows={3} />;
  else if (applications.isError)
    body = <LoadError errorKey={applications.error.key} onRetry={() => applications.refetch()} />;
  else if (applications.data.length === 0) body = <EmptyState description={t('list.emptyApplications')} />;
  else
    body = (
      <div className="kb-block-list" data-testid="block-applications">
        {applications.data.map((a) => (
          <ApplicationCard
            key={a.id}
            application={a}
            onOpen={() => navigate(withId(BLOCK_PATHS.application, a.id))}
          />
        ))}
      </div>
    );
  return (
    <Page header={<PageHeader title={t('title')} backTo={PATHS.home} />}>
      <BlockTabs active="applications" />
      <div className="kb-block-market">
        <MarketSwitch />
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await applications.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-pull-body">{body}</div>
      </PullToRefresh>
    </Page>
  );
}
