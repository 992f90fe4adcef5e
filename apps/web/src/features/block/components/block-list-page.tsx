import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { type ListQuery, PagedList } from '../../../shared/ui/paged-list';
import { BlockTabs } from './block-tabs';

/** A tab of the block-trade screens: the tabs, the market switch and its list, pull to refresh. */
export function BlockListPage<T>({
  active,
  query,
  items,
  emptyText,
  testId,
  children,
}: {
  active: 'stocks' | 'applications';
  query: ListQuery;
  items: readonly T[] | undefined;
  emptyText: string;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('block');
  return (
    <Page header={<PageHeader title={t('title')} backTo={PATHS.home} />}>
      <BlockTabs active={active} />
      <div className="kb-block-market">
        <MarketSwitch />
      </div>
      <PagedList query={query} items={items ?? []} rows={3} emptyText={emptyText}>
        {(shown) => (
          <div className="kb-block-list" data-testid={testId}>
            {shown.map(children)}
          </div>
        )}
      </PagedList>
    </Page>
  );
}
