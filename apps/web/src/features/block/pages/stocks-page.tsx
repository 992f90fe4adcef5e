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
import { useBlockProducts } from '../api/block';
import { BlockTabs } from '../components/block-tabs';
import { ProductCard } from '../components/product-card';
import { BLOCK_PATHS, withId } from '../paths';
import '../block.css';

/** /home/large (SPEC §2): the Stocks tab — the products of the selected market, open ones first. */
export default function StocksPage() {
  const { t } = useTranslation('block');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const products = useBlockProducts();
  let body: ReactNode;
  if (products.isPending) body = <ListSkeleton rows={3} />;
  else if (products.isError)
    body = <LoadError errorKey={products.error.key} onRetry={() => products.refetch()} />;
  else if (products.data.length === 0) body = <EmptyState description={t('list.empty')} />;
  else
    body = (
      <div className="kb-block-list" data-testid="block-products">
        {products.data.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            onOpen={() => navigate(withId(BLOCK_PATHS.product, product.id))}
          />
        ))}
      </div>
    );
  return (
    <Page header={<PageHeader title={t('title')} backTo={PATHS.home} />}>
      <BlockTabs active="stocks" />
      <div className="kb-block-market">
        <MarketSwitch />
      </div>
      <PullToRefresh
        onRefresh={async () => {
          await products.refetch();
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
