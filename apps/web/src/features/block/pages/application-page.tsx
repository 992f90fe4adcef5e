import { PRICE_DECIMALS } from '@kabuto/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPrice } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useBlockApplication } from '../api/block';
import { BLOCK_PATHS, idParam } from '../paths';
import '../block.css';

/** /home/large3?id= (SPEC §2): one application with its review outcome and, once approved, its position. */
export default function ApplicationPage() {
  const { t } = useTranslation('block');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const info = useBlockApplication(id);
  const header = <PageHeader title={t('application.title')} backTo={BLOCK_PATHS.applications} />;
  if (id === 0) return <Page header={header}>{<LoadError errorKey="not_found" />}</Page>;
  if (info.isPending) return <Page header={header}>{<PageSkeleton />}</Page>;
  if (info.isError)
    return (
      <Page header={header}>{<LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />}</Page>
    );
  const a = info.data;
  return (
    <Page header={header}>
      <div className="kb-block-body">
        <List className="kb-card" data-testid="block-application">
          <List.Item
            extra={
              <span
                className={`kb-block-state kb-block-state--${a.state}`}
                data-testid="block-application-state"
              >
                {t(`appState.${a.state}`)}
              </span>
            }
          >
            {t('application.state')}
          </List.Item>
          <List.Item extra={<span className="kb-num">{a.orderNo}</span>}>
            {t('application.orderNo')}
          </List.Item>
          <List.Item
            extra={
              <span>
                {a.name} <span className="kb-num kb-muted">{a.code}</span>
              </span>
            }
          >
            {t('application.stock')}
          </List.Item>
          <List.Item extra={<span className="kb-num">{a.lots}</span>}>{t('application.lots')}</List.Item>
          <List.Item
            extra={
              <span className="kb-num" data-testid="block-application-price">
                {formatPrice(a.price, PRICE_DECIMALS[a.market], language)}
              </span>
            }
          >
            {t('application.price')}
          </List.Item>
          <List.Item extra={<MoneyText value={a.amount} currency={a.currency} />}>
            {t('application.amount')}
          </List.Item>
          <List.Item extra={<span className="kb-num">{formatWhen(a.createdAt, language, a.market)}</span>}>
            {t('application.createdAt')}
          </List.Item>
          {a.state === 'pending' ? (
            <List.Item extra={<span className="kb-num">{formatWhen(a.dueAt, language, a.market)}</span>}>
              {t('application.dueAt')}
            </List.Item>
          ) : (
            <List.Item extra={<span className="kb-num">{formatWhen(a.reviewedAt, language, a.market)}</span>}>
              {t('application.reviewedAt')}
            </List.Item>
          )}
          {a.reason && (
            <List.Item description={<span data-testid="block-application-reason">{a.reason}</span>}>
              {t('application.reason')}
            </List.Item>
          )}
        </List>
        {a.positionId !== null && (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigate(`/position/info?id=${a.positionId}`)}
            data-testid="block-position"
          >
            {t('application.position')}
          </Button>
        )}
      </div>
    </Page>
  );
}
