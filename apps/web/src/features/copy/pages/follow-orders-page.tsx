import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { type CopyHolding, useFollowOrders, useHoldings } from '../api/copy';
import '../copy.css';

function MirroredPositions({ holding }: { holding: CopyHolding }) {
  const { t } = useTranslation('copy');
  const navigate = useNavigate();
  const orders = useFollowOrders(holding.id);
  if (orders.isPending) return null;
  const list = orders.data?.list ?? [];
  if (list.length === 0) return <p className="kb-copy-note">{t('holdings.noPositions')}</p>;
  return (
    <List className="kb-copy-holding__positions" data-testid={`copy-holding-positions-${holding.id}`}>
      {list.map((p) => (
        <List.Item
          key={p.id}
          onClick={() => navigate(`/position/info?id=${p.id}`)}
          description={
            <span className="kb-num">
              {p.quantity} × {p.openPrice}
              {p.closePrice ? ` → ${p.closePrice}` : ''}
            </span>
          }
          extra={<MoneyText value={p.pnl} currency={p.currency} signed />}
        >
          <span data-testid="copy-mirrored-position">
            {p.name} ({p.code}) · <span data-testid="copy-mirrored-quantity">{p.quantity}</span>
          </span>
        </List.Item>
      ))}
    </List>
  );
}

function HoldingCard({ holding }: { holding: CopyHolding }) {
  const { t } = useTranslation('copy');
  const language = useLanguage();
  return (
    <article
      className="kb-copy-card"
      style={{ cursor: 'default' }}
      data-testid={`copy-holding-${holding.id}`}
    >
      <div className="kb-copy-card__head">
        <div>
          <div className="kb-copy-card__name">{holding.productName}</div>
          <div className="kb-copy-card__leader kb-num">{holding.orderNo}</div>
        </div>
        <Tag color={holding.state === 'active' ? 'primary' : 'default'} data-testid="copy-holding-state">
          {t(`holdings.state.${holding.state}`)}
        </Tag>
      </div>
      <dl className="kb-copy-figures">
        <div>
          <dt>{t('holdings.amount')}</dt>
          <dd>
            <MoneyText value={holding.amount} currency={holding.currency} />
          </dd>
        </div>
        <div>
          <dt>{holding.state === 'ended' ? t('holdings.returned') : t('holdings.value')}</dt>
          <dd data-testid="copy-holding-value">
            <MoneyText value={holding.returned ?? holding.value} currency={holding.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('holdings.total')}</dt>
          <dd data-testid="copy-holding-total">
            <MoneyText value={holding.totalProfit} currency={holding.currency} signed />
          </dd>
        </div>
        <div>
          <dt>{t('holdings.daily')}</dt>
          <dd data-testid="copy-holding-daily">
            <MoneyText value={holding.dailyProfit} currency={holding.currency} signed />
          </dd>
        </div>
        <div>
          <dt>{t('holdings.buyTime')}</dt>
          <dd className="kb-num">{formatWhen(holding.createdAt, language, 'reader')}</dd>
        </div>
        <div>
          <dt>{t('holdings.lockUntil')}</dt>
          <dd className="kb-num">{formatWhen(holding.lockUntil, language, 'reader')}</dd>
        </div>
      </dl>
      <div className="kb-copy-card__leader">{t('holdings.positions')}</div>
      <MirroredPositions holding={holding} />
    </article>
  );
}

/** /mine/followOrder (SPEC §2, §4 my holding): copy holdings with their profit and mirrored positions. */
export default function FollowOrdersPage() {
  const { t } = useTranslation('copy');
  const navigate = useNavigate();
  const holdings = useHoldings();
  const items = holdings.data?.pages.flatMap((page) => page.list) ?? [];
  let body: React.ReactNode;
  if (holdings.isPending) body = <ListSkeleton rows={3} />;
  else if (holdings.isError && items.length === 0)
    body = <LoadError errorKey={holdings.error.key} onRetry={() => holdings.refetch()} />;
  else if (items.length === 0) body = <EmptyState />;
  else body = items.map((holding) => <HoldingCard key={holding.id} holding={holding} />);
  return (
    <Page
      header={
        <PageHeader
          title={t('holdings.title')}
          backTo={PATHS.settings}
          right={
            <button type="button" className="kb-link-button" onClick={() => navigate(PATHS.copyTrading)}>
              {t('holdings.browse')}
            </button>
          }
        />
      }
    >
      {body}
    </Page>
  );
}
