import { LANGUAGE_LOCALE, PRICE_DECIMALS } from '@kabuto/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useBlockProduct } from '../api/block';
import { ApplicationCard } from '../components/application-card';
import { discountPercent } from '../lib';
import { BLOCK_PATHS, idParam, withId } from '../paths';
import '../block.css';

/** /home/largeInfo?id= (SPEC §2, §4): a product's details, the apply button and my applications for it. */
export default function ProductPage() {
  const { t } = useTranslation('block');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const info = useBlockProduct(id);
  const header = <PageHeader title={t('product.detail')} backTo={BLOCK_PATHS.stocks} />;
  if (id === 0) return <Page header={header}>{<LoadError errorKey="not_found" />}</Page>;
  if (info.isPending) return <Page header={header}>{<PageSkeleton />}</Page>;
  if (info.isError)
    return (
      <Page header={header}>{<LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />}</Page>
    );
  const { product, applications } = info.data;
  const decimals = PRICE_DECIMALS[product.market];
  const lots = (n: number) => t('product.lots', { count: n, n: n.toLocaleString(LANGUAGE_LOCALE[language]) });
  const discount = discountPercent(product.price, product.marketPrice);
  const open = product.state === 'open' && product.remainingLots >= product.minLots;
  return (
    <Page header={header}>
      <div className="kb-block-body">
        <List className="kb-card" data-testid="block-product">
          <List.Item
            extra={
              <span className={`kb-block-state kb-block-state--${product.state}`}>
                {t(`state.${product.state}`)}
              </span>
            }
          >
            <strong>{product.name}</strong> <span className="kb-muted kb-num">{product.code}</span>
          </List.Item>
          <List.Item extra={<span className="kb-num">{formatPrice(product.price, decimals, language)}</span>}>
            {t('product.blockPrice')}
          </List.Item>
          <List.Item
            extra={
              <span className="kb-num">
                {product.marketPrice ? formatPrice(product.marketPrice, decimals, language) : '—'}
                {discount ? ` (${discount})` : ''}
              </span>
            }
          >
            {t('product.marketPrice')}
          </List.Item>
          <List.Item extra={<span className="kb-num">{lots(product.minLots)}</span>}>
            {t('product.minLots')}
          </List.Item>
          <List.Item
            extra={
              <span className="kb-num" data-testid="block-remaining">
                {lots(product.remainingLots)}
              </span>
            }
          >
            {t('product.remaining')}
          </List.Item>
          <List.Item extra={<span className="kb-num">{lots(product.totalLots)}</span>}>
            {t('product.total')}
          </List.Item>
          <List.Item
            description={
              <span className="kb-num">
                {formatWhen(product.startsAt, language, product.market)} –{' '}
                {formatWhen(product.endsAt, language, product.market)}
              </span>
            }
          >
            {t('product.window')}
          </List.Item>
        </List>
        {!open && product.state !== 'open' && <p className="kb-block-note">{t('product.closedNote')}</p>}
        <Button
          block
          color="primary"
          size="large"
          disabled={!open}
          onClick={() => navigate(withId(BLOCK_PATHS.apply, product.id))}
          data-testid="block-apply"
        >
          {t('product.apply')}
        </Button>
        <Section title={t('product.mine')}>
          {applications.length === 0 ? (
            <EmptyState description={t('product.noMine')} />
          ) : (
            <div className="kb-block-list">
              {applications.map((a) => (
                <ApplicationCard
                  key={a.id}
                  application={a}
                  onOpen={() => navigate(withId(BLOCK_PATHS.application, a.id))}
                />
              ))}
            </div>
          )}
        </Section>
      </div>
    </Page>
  );
}
