import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { type CopyProduct, useProducts } from '../api/copy';
import { Sparkline } from '../components/charts';
import { Figures } from '../components/figures';
import '../copy.css';

export const productPath = (id: number) => `/home/follow?id=${id}`;

function ProductCard({ product }: { product: CopyProduct }) {
  const { t } = useTranslation('copy');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="kb-copy-card kb-copy-card--button"
      data-testid={`copy-product-${product.id}`}
      onClick={() => navigate(productPath(product.id))}
      aria-label={product.name}
    >
      <div className="kb-copy-card__head">
        <div>
          <div className="kb-copy-card__name">{product.name}</div>
          <div className="kb-copy-card__leader">
            {product.leader} · {t(`strategy.${product.strategy}`)}
          </div>
        </div>
        <Sparkline values={product.figures.sparkline} label={t('figures.sparkline')} />
      </div>
      <Figures figures={product.figures} />
      <div className="kb-copy-card__head kb-copy-card__leader">
        <span>
          {t('detail.minimum')} <MoneyText value={product.minAmount} currency={product.currency} /> ·{' '}
          {t('detail.lockDaysValue', { count: product.lockDays, n: product.lockDays })}
        </span>
        <span>{product.open ? t('list.followers', { n: product.followers }) : t('list.closed')}</span>
      </div>
    </button>
  );
}

/** /home/qcList (SPEC §2): copy products with their historical figures and a sparkline. */
export default function ProductsPage() {
  const { t } = useTranslation('copy');
  const language = useLanguage();
  const products = useProducts();
  const items = pagedItems(products.data);
  const first = items[0];
  return (
    <Page
      header={
        <PageHeader
          title={t('list.title')}
          backTo={PATHS.home}
          link={{ to: PATHS.followOrder, testId: 'copy-mine-link', label: t('list.mine') }}
        />
      }
    >
      <p className="kb-copy-note" style={{ margin: '12px' }} data-testid="copy-historical-note">
        {t('list.intro')}
        {first?.figures.from && first.figures.liveFrom
          ? ` ${t('figures.record', {
              from: formatWhen(first.figures.from, language, first.market, 'date'),
              live: formatWhen(first.figures.liveFrom, language, first.market, 'date'),
            })}`
          : ''}
      </p>
      <PagedList query={products} items={items} rows={3} refresh={false}>
        {(shown) => shown.map((product) => <ProductCard key={product.id} product={product} />)}
      </PagedList>
    </Page>
  );
}
