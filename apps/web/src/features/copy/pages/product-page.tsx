import { LANGUAGE_LOCALE, PRICE_DECIMALS } from '@kabuto/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfig } from '../../../shared/config/config-store';
import { formatCompactMoney } from '../../../shared/format/compact';
import { currencyMarker, formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatPercent, formatPrice } from '../../../shared/format/price';
import { formatDay, formatWhen } from '../../../shared/format/time';
import { amountForWire, amountMinor } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { useAvailable } from '../../../shared/forms/available';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem, FundPasswordItem } from '../../../shared/forms/fund-form';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { type CopyProductDetail, useFollow, useProduct } from '../api/copy';
import { EquityChart } from '../components/charts';
import { Figures } from '../components/figures';
import { fillFee, parseId, percentOf } from '../lib/figures';
import '../copy.css';

interface FollowForm {
  amount: string;
  fund_password: string;
}

function FollowForm({ product }: { product: CopyProductDetail }) {
  const { t } = useTranslation('copy');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const follow = useFollow();
  const amountRule = useAmountRule();
  const { form, attempt } = useCardForm<FollowForm>(['amount', 'fund_password']);
  const available = useAvailable(product.currency);
  const fee = useFillFee(product);

  if (!product.open)
    return (
      <p className="kb-form-note kb-form-note--warn" data-testid="copy-closed">
        {t('follow.closed')}
      </p>
    );

  // Runs only once every rule passed: the confirmation names the amount that will be frozen.
  const submit = async (values: FollowForm) => {
    const amount = amountForWire(values.amount, product.currency);
    const confirmed = await confirmDialog({
      title: t('follow.title'),
      content: t('follow.confirm', {
        name: product.name,
        amount: formatMoneyWithSymbol(amount, product.currency, language),
        days: product.lockDays,
        count: product.lockDays,
      }),
      confirmText: t('follow.submit'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await attempt(async () => {
      await follow.mutateAsync({ id: product.id, amount, fund_password: values.fund_password });
      toastSuccess('follow');
      form.resetFields();
      navigate(PATHS.followOrder);
    });
  };

  return (
    <CardForm
      form={form}
      initialValues={{ amount: '', fund_password: '' }}
      onFinish={submit}
      beforeSubmit={
        fee && (
          <p className="kb-copy-note" data-testid="copy-fee-note">
            {t('detail.feesNote', {
              rate: fee.ratePercent,
              min: formatMoneyWithSymbol(fee.min, product.currency, language),
            })}
          </p>
        )
      }
      submit={{ label: t('follow.submit'), testId: 'copy-follow-submit', loading: follow.isPending }}
    >
      <AmountItem
        label={t('follow.amount')}
        description={
          <span>
            {t('detail.minimum')} <MoneyText value={product.minAmount} currency={product.currency} />
            {available !== undefined && (
              <>
                {' · '}
                {t('follow.available')} <MoneyText value={available} currency={product.currency} />
              </>
            )}
          </span>
        }
        rules={[
          amountRule(product.currency, {
            minMinor: amountMinor(product.minAmount, product.currency),
            balanceMinor: available === undefined ? null : amountMinor(available, product.currency),
          }),
        ]}
        placeholder={t('follow.amountPlaceholder')}
        testId="copy-follow-amount"
      />
      <FundPasswordItem label={tc('links.fundPassword')} required={t('follow.passwordRequired')} />
    </CardForm>
  );
}

/** The leader's fills, newest first, with the market's price decimals and separators. */
function Trades({ product }: { product: CopyProductDetail }) {
  const { t } = useTranslation('copy');
  const language = useLanguage();
  if (product.recentTrades.length === 0) return <EmptyState description={t('detail.noTrades')} />;
  const trades = [...product.recentTrades].sort(
    (a, b) => Date.parse(b.time) - Date.parse(a.time) || b.id - a.id,
  );
  const marker = currencyMarker(product.currency, language);
  return (
    <List className="kb-card" data-testid="copy-trades">
      {trades.map((trade) => (
        <List.Item
          key={`${trade.id}-${trade.side}`}
          description={
            <span className="kb-num">
              <span data-testid="copy-trade-fill">
                {t('detail.fill', {
                  quantity: trade.quantity.toLocaleString(LANGUAGE_LOCALE[language]),
                  price: `${marker}${formatPrice(trade.price, PRICE_DECIMALS[product.market], language)}`,
                })}
              </span>
              <br />
              <span data-testid="copy-trade-time">{formatWhen(trade.time, language, product.market)}</span> ·{' '}
              {trade.simulated ? t('detail.simulated') : t('detail.live')}
            </span>
          }
        >
          {t(`detail.${trade.side}`)} {trade.name} ({trade.code})
        </List.Item>
      ))}
    </List>
  );
}

/** What each mirrored fill costs, from the config (SPEC §6.5): said before anyone follows. */
function useFillFee(product: CopyProductDetail) {
  const config = useConfig();
  return fillFee(config, product.market, product.currency);
}

function ProductBody({ product }: { product: CopyProductDetail }) {
  const { t } = useTranslation('copy');
  const language = useLanguage();
  const fee = useFillFee(product);
  return (
    <>
      <section className="kb-copy-card" aria-label={product.name} style={{ cursor: 'default' }}>
        <div className="kb-copy-card__name" data-testid="copy-product-name">
          {product.name}
        </div>
        <div className="kb-copy-card__leader">
          {t('detail.issuer')}: {product.leader} · {t(`strategy.${product.strategy}`)}
        </div>
        <Figures figures={product.figures} full />
        <p className="kb-copy-note" data-testid="copy-historical-note">
          {product.figures.from && product.figures.liveFrom
            ? t('figures.historical', {
                from: formatWhen(product.figures.from, language, product.market, 'date'),
                live: formatWhen(product.figures.liveFrom, language, product.market, 'date'),
              })
            : t('list.intro')}{' '}
          {t('figures.days', { n: product.figures.days })}
        </p>
      </section>
      <Section title={t('figures.equity')}>
        <EquityChart
          points={product.curve}
          language={language}
          formatMoney={(value) => formatMoneyWithSymbol(value, product.currency, language)}
          formatAxisMoney={(value) => formatCompactMoney(value, product.currency, language)}
          formatDay={(day) => formatDay(day, language)}
          formatPercent={(fraction) => formatPercent(percentOf(fraction), language)}
          labels={{
            equity: t('figures.equity'),
            drawdown: t('figures.drawdownChart'),
            worst: t('figures.worst'),
          }}
        />
      </Section>
      <Section title={t('detail.rules')}>
        <List className="kb-card" data-testid="copy-rules">
          <List.Item extra={<MoneyText value={product.minAmount} currency={product.currency} />}>
            {t('detail.minimum')}
          </List.Item>
          <List.Item extra={t('detail.lockDaysValue', { count: product.lockDays, n: product.lockDays })}>
            {t('detail.lockDays')}
          </List.Item>
          <List.Item
            extra={<span className="kb-num">{formatWhen(product.cutoffAt, language, product.market)}</span>}
          >
            {t('detail.cutoff')}
          </List.Item>
          {fee && (
            <List.Item
              extra={
                <span className="kb-num" data-testid="copy-fee">
                  {t('detail.feesValue', {
                    rate: fee.ratePercent,
                    min: formatMoneyWithSymbol(fee.min, product.currency, language),
                  })}
                </span>
              }
            >
              {t('detail.fees')}
            </List.Item>
          )}
        </List>
        <p className="kb-copy-note" style={{ margin: '8px 12px' }}>
          {t('detail.rulesText')}
        </p>
      </Section>
      <Section title={t('follow.title')}>
        <FollowForm product={product} />
      </Section>
      <Section title={t('detail.trades')}>
        <Trades product={product} />
      </Section>
    </>
  );
}

/** /home/follow?id= (SPEC §2): a copy product's record, rules, the leader's trades and the follow form. */
export default function ProductPage() {
  const { t } = useTranslation('copy');
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const product = useProduct(id);
  let body: React.ReactNode;
  if (id === null) body = <EmptyState description={t('detail.missing')} />;
  else if (product.isPending) body = <PageSkeleton />;
  else if (product.isError)
    body =
      product.error.key === 'product_missing' ? (
        <EmptyState description={t('detail.missing')} />
      ) : (
        <LoadError errorKey={product.error.key} onRetry={() => product.refetch()} />
      );
  else body = <ProductBody product={product.data} />;
  return <Page header={<PageHeader title={t('detail.title')} backTo={PATHS.copyTrading} />}>{body}</Page>;
}
