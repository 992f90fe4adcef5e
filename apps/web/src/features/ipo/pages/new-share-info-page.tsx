import { MARKET_CURRENCY } from '@kabuto/contract';
import { Button, List, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/client';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatPrice } from '../../../shared/format/price';
import { formatWhen } from '../../../shared/format/time';
import { amountMinor } from '../../../shared/forms/amount';
import { useAvailable } from '../../../shared/forms/available';
import { costOf, useQuantityMessage } from '../../../shared/forms/quantity';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadError } from '../../../shared/ui/load-error';
import { MarketTimeNote } from '../../../shared/ui/market-time-note';
import { MoneyText } from '../../../shared/ui/money-text';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { type NewShare, useNewShare, useSubscribe } from '../api';
import '../ipo.css';

/** Every SPEC §4 field of a new share, dates in its market's time. */
export function ShareFields({ share }: { share: NewShare }) {
  const { t } = useTranslation('ipo');
  const language = useLanguage();
  const when = (iso: string) => formatWhen(iso, language, share.market);
  const money = (value: string | null) =>
    value === null ? '—' : <MoneyText value={value} currency={share.currency} />;
  const shares = (n: number | null) => (n === null ? '—' : t('shares', { count: n, n: n.toLocaleString() }));
  const rows: Array<[string, React.ReactNode]> = [
    [t('field.code'), share.code],
    [t('field.market'), share.issueMarket],
    [t('field.price'), money(share.price)],
    [t('field.provisionalPrice'), share.provisionalPrice],
    [t('field.marketPrice'), money(share.marketPrice)],
    [t('field.priceDifference'), money(share.priceDifference)],
    [t('field.premium'), share.premiumPercent === null ? '—' : `${share.premiumPercent}%`],
    [t('field.pe'), share.pe ?? '—'],
    [t('field.leadUnderwriter'), share.leadUnderwriter],
    [t('field.offered'), shares(share.offeredQuantity)],
    [t('field.min'), shares(share.minQuantity)],
    [t('field.cap'), shares(share.maxQuantity)],
    [t('field.applied'), shares(share.appliedQuantity)],
    [
      t('field.winningRate'),
      share.appliedQuantity === 0
        ? t('noApplications')
        : share.winningRatePercent === null
          ? '—'
          : `${formatPrice(share.winningRatePercent, 2, language)}%`,
    ],
    [t('field.opensAt'), when(share.opensAt)],
    [t('field.closesAt'), when(share.closesAt)],
    [t('field.lotteryAt'), when(share.lotteryAt)],
    [t('field.payUntil'), when(share.payUntil)],
    [t('field.listsAt'), when(share.listsAt)],
  ];
  return (
    <List className="kb-card" data-testid="share-fields">
      {rows.map(([label, value]) => (
        <List.Item key={label} extra={<span className="kb-num">{value}</span>}>
          {label}
        </List.Item>
      ))}
    </List>
  );
}

function MySubscription({ share }: { share: NewShare }) {
  const { t } = useTranslation('ipo');
  const navigate = useNavigate();
  const mine = share.mine;
  if (!mine) return null;
  return (
    <Section title={t('mine')}>
      <List className="kb-card" data-testid="share-mine">
        <List.Item extra={<span className="kb-num">{mine.orderNo}</span>}>{t('field.orderNo')}</List.Item>
        <List.Item extra={<span data-testid="share-mine-state">{t(`sub.${mine.state}`)}</span>}>
          {t('field.state')}
        </List.Item>
        <List.Item
          extra={
            <span className="kb-num">
              {t('shares', { count: mine.quantity, n: mine.quantity.toLocaleString() })}
            </span>
          }
        >
          {t('field.myQuantity')}
        </List.Item>
        <List.Item extra={<MoneyText value={mine.amount} currency={mine.currency} />}>
          {t('field.amount')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid="share-mine-frozen">
              {mine.rjmoney === '-' ? '—' : <MoneyText value={mine.rjmoney} currency={mine.currency} />}
            </span>
          }
        >
          {t('field.frozen')}
        </List.Item>
        {mine.state === 'paid' && (
          <p className="kb-ipo-note" data-testid="share-frozen-why">
            {t('frozenWhy')}
          </p>
        )}
        {share.drawn && (
          <List.Item
            extra={
              <span className="kb-num">
                {t('shares', { count: mine.wonQuantity, n: mine.wonQuantity.toLocaleString() })}
              </span>
            }
          >
            {t('field.wonQuantity')}
          </List.Item>
        )}
      </List>
      {mine.state === 'won' && (
        <div className="kb-ipo-actions">
          <Button color="primary" onClick={() => navigate(PATHS.newShareOrder)} data-testid="share-go-pay">
            {t('pay')}
          </Button>
        </div>
      )}
    </Section>
  );
}

function SubscribeForm({ share }: { share: NewShare }) {
  const { t } = useTranslation('ipo');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const subscribe = useSubscribe();
  const [quantity, setQuantity] = useState<number | null>(share.minQuantity);
  const currency = MARKET_CURRENCY[share.market];
  const available = useAvailable(currency);
  const refusal = useQuantityMessage()(quantity, {
    min: share.minQuantity,
    max: share.maxQuantity,
    lot: share.minQuantity,
    price: share.price,
    currency,
    availableMinor: available === undefined ? null : amountMinor(available, currency),
  });
  const amount = costOf(share.price, quantity ?? 0);

  const submit = async () => {
    if (refusal) return;
    const confirmed = await confirmDialog({
      title: t('subscribe'),
      content: t('subscribeConfirm', {
        quantity: (quantity ?? 0).toLocaleString(),
        amount: formatMoneyWithSymbol(amount, currency, language),
      }),
      confirmText: t('subscribe'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      await subscribe.mutateAsync({ id: share.id, quantity: String(quantity ?? 0) });
      toastSuccess('subscribe');
    } catch (error) {
      if (isApiError(error) && error.httpStatus === 200) toastError(error.key);
    }
  };

  return (
    <Section title={t('subscribe')}>
      <div className="kb-card kb-ipo-form" data-testid="subscribe-form">
        <div className="kb-ipo-form__row">
          <span>{t('quantity')}</span>
          <Stepper
            min={share.minQuantity}
            max={share.maxQuantity}
            step={share.minQuantity}
            digits={0}
            allowEmpty
            value={quantity}
            onChange={(value) => setQuantity(value === null ? null : Number(value))}
            data-testid="subscribe-quantity"
          />
        </div>
        {refusal && (
          <p className="kb-form-note kb-form-note--warn" role="alert" data-testid="subscribe-refusal">
            {refusal}
          </p>
        )}
        <div className="kb-ipo-form__row">
          <span>{t('total')}</span>
          <span data-testid="subscribe-amount">
            <MoneyText value={amount} currency={currency} />
          </span>
        </div>
        <div className="kb-ipo-form__row">
          <span>{t('available')}</span>
          <span data-testid="subscribe-available">
            {available === undefined ? '—' : <MoneyText value={available} currency={currency} />}
          </span>
        </div>
        <Button
          block
          color="primary"
          size="large"
          disabled={refusal !== null}
          loading={subscribe.isPending}
          onClick={submit}
          data-testid="subscribe-submit"
        >
          {t('subscribe')}
        </Button>
      </div>
    </Section>
  );
}

/** /home/newShareInfo?id= (SPEC §2): every field, my status, subscribe with the frozen amount shown. */
export default function NewShareInfoPage() {
  const { t } = useTranslation('ipo');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const share = useNewShare(id);
  let body: React.ReactNode;
  // No id (or not a number): nothing to load, so say so rather than wait for ever.
  if (!(Number.isSafeInteger(id) && id > 0)) body = <LoadError errorKey="not_found" />;
  else if (share.isPending) body = <PageSkeleton />;
  else if (share.isError) body = <LoadError errorKey={share.error.key} onRetry={() => share.refetch()} />;
  else {
    const s = share.data;
    body = (
      <>
        <Section title={s.name}>
          <MarketTimeNote market={s.market} className="kb-ipo-note" />
          <ShareFields share={s} />
        </Section>
        <MySubscription share={s} />
        {s.state === 'subscribing' && !s.mine && <SubscribeForm share={s} />}
        {s.state === 'upcoming' && <p className="kb-ipo-note">{t('notOpen')}</p>}
        {(s.state === 'closed' || s.state === 'listed') && !s.mine && (
          <p className="kb-ipo-note">{t('closed')}</p>
        )}
        {s.drawn && (
          <div className="kb-ipo-actions">
            <Button
              onClick={() => navigate(`${PATHS.newShareLottery}?id=${s.id}`)}
              data-testid="share-lottery-link"
            >
              {t('viewLottery')}
            </Button>
          </div>
        )}
      </>
    );
  }
  return <Page header={<PageHeader title={t('infoTitle')} backTo={PATHS.newShare} />}>{body}</Page>;
}
