import { CURRENCIES, type Currency, MARKET_CURRENCY } from '@kabuto/contract';
import { Button, Form, List, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { amountForWire, amountMinor } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem, FillAllButton } from '../../../shared/forms/fund-form';
import { translateErrorKey, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useMarket } from '../../../shared/session/market-store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { MoneyText } from '../../../shared/ui/money-text';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { type Exchange, useExchange, type useMoneyUser, useRates, useRecentExchanges } from '../api/money';
import { DoneCard } from '../components/done-card';
import { MoneyFundPassword } from '../components/money-fund-password';
import { MoneyGate } from '../components/money-gate';
import { walletBalance } from '../lib/currency';
import { exchangePreview, findRate, formatRate } from '../lib/exchange';
import '../money.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';

type UserInfo = NonNullable<ReturnType<typeof useMoneyUser>['data']>;

interface ExchangeForm {
  amount: string;
  fund_password: string;
}

function CurrencyButton({
  value,
  label,
  testId,
  onPick,
}: {
  value: Currency;
  label: string;
  testId: string;
  onPick: (currency: Currency) => void;
}) {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  return (
    <button
      type="button"
      className="kb-pair__currency"
      data-testid={testId}
      aria-label={`${label}: ${t(`currency.${value}`)}`}
      onClick={async () => {
        const picked = await Picker.prompt({
          columns: [CURRENCIES.map((c) => ({ label: `${c} · ${t(`currency.${c}`)}`, value: c }))],
          defaultValue: [value],
          confirmText: tc('actions.confirm'),
          cancelText: tc('actions.cancel'),
          title: label,
        });
        const next = CURRENCIES.find((c) => c === picked?.[0]);
        if (next) onPick(next);
      }}
    >
      <span className="kb-pair__label">{label}</span>
      <span className="kb-pair__code">
        {value}
        <DownOutline aria-hidden="true" />
      </span>
      <span className="kb-pair__name">{t(`currency.${value}`)}</span>
    </button>
  );
}

function ExchangeDone({ exchange, onAgain }: { exchange: Exchange; onAgain: () => void }) {
  const { t } = useTranslation('money');
  return (
    <DoneCard
      testId="exchange-done"
      status="success"
      title={t('exchange.doneTitle')}
      action={
        <Button block color="primary" fill="outline" onClick={onAgain}>
          {t('exchange.again')}
        </Button>
      }
    >
      <List.Item extra={<span className="kb-num">{exchange.orderNo}</span>}>{t('record.orderNo')}</List.Item>
      <List.Item extra={<MoneyText value={`-${exchange.fromAmount}`} currency={exchange.from} signed />}>
        {t('exchange.paid')}
      </List.Item>
      <List.Item extra={<MoneyText value={exchange.toAmount} currency={exchange.to} signed />}>
        {t('exchange.received')}
      </List.Item>
      <List.Item extra={<span className="kb-num">{formatRate(exchange.rate)}</span>}>
        {t('exchange.rate')}
      </List.Item>
    </DoneCard>
  );
}

function RecentExchanges() {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const recent = useRecentExchanges();
  let body: ReactNode;
  if (recent.isPending) body = <ListSkeleton rows={2} />;
  else if (!recent.data || recent.data.list.length === 0) body = <EmptyState />;
  else
    body = (
      <List>
        {recent.data.list.map((e) => (
          <List.Item
            key={e.id}
            description={<span className="kb-num">{formatWhen(e.createdAt, language, 'reader')}</span>}
            extra={
              <span className="kb-stack">
                <MoneyText value={`-${e.fromAmount}`} currency={e.from} signed />
                <MoneyText value={e.toAmount} currency={e.to} signed />
              </span>
            }
          >
            {e.from} → {e.to}
          </List.Item>
        ))}
      </List>
    );
  return (
    <section className="kb-card" aria-labelledby="recent-exchanges">
      <h2 className="kb-card__title" id="recent-exchanges">
        {t('exchange.recent')}
      </h2>
      {body}
    </section>
  );
}

function ExchangeBody({ user }: { user: UserInfo }) {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const amountRule = useAmountRule();
  const market = useMarket();
  const own = MARKET_CURRENCY[market];
  const [from, setFrom] = useState<Currency>(own);
  const [to, setTo] = useState<Currency>(own === 'USD' ? 'JPY' : 'USD');
  const { form, attempt } = useCardForm<ExchangeForm>(['amount', 'fund_password']);
  const amount = Form.useWatch('amount', form) ?? '';
  const rates = useRates();
  const exchange = useExchange();
  const [done, setDone] = useState<Exchange | null>(null);

  const rate = findRate(rates.data?.list, from, to);
  const available = walletBalance(user, from);
  const preview = exchangePreview(amount, from, to, rate?.rate);

  const pickFrom = (next: Currency) => {
    if (next === to) setTo(from);
    setFrom(next);
    form.setFieldValue('amount', '');
  };
  const pickTo = (next: Currency) => {
    if (next === from) setFrom(to);
    setTo(next);
  };

  if (done)
    return (
      <ExchangeDone
        exchange={done}
        onAgain={() => {
          setDone(null);
          form.resetFields();
        }}
      />
    );

  const send = async (values: ExchangeForm) => {
    await attempt(async () => {
      const result = await exchange.mutateAsync({
        from,
        to,
        amount: amountForWire(values.amount, from),
        fund_password: values.fund_password,
      });
      toastSuccess('exchange');
      setDone(result);
    });
  };

  const submit = async (values: ExchangeForm) => {
    if (!preview || !rate) {
      toastError('price_unavailable');
      return;
    }
    const confirmed = await confirmDialog({
      title: t('exchange.confirmTitle'),
      content: (
        <div className="kb-confirm" data-testid="exchange-confirm">
          <p>
            {t('exchange.confirmText', {
              from: formatMoneyWithSymbol(amountForWire(values.amount, from), from, language),
              to: formatMoneyWithSymbol(preview.toAmount, to, language),
              rate: formatRate(rate.rate),
              fromCode: from,
              toCode: to,
            })}
          </p>
          <p className="kb-muted">{t('exchange.confirmNote')}</p>
        </div>
      ),
      confirmText: t('exchange.confirm'),
      cancelText: tc('actions.cancel'),
    });
    if (confirmed) await send(values);
  };

  return (
    <>
      <section className="kb-card kb-pair" aria-label={t('exchange.pair')}>
        <CurrencyButton value={from} label={t('exchange.from')} testId="exchange-from" onPick={pickFrom} />
        <button
          type="button"
          className="kb-pair__swap"
          aria-label={t('exchange.swap')}
          data-testid="exchange-swap"
          onClick={() => {
            setFrom(to);
            setTo(from);
            form.setFieldValue('amount', '');
          }}
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 8h14l-4-4M20 16H6l4 4" />
          </svg>
        </button>
        <CurrencyButton value={to} label={t('exchange.to')} testId="exchange-to" onPick={pickTo} />
      </section>
      <section className="kb-card kb-rate" aria-live="polite" data-testid="exchange-rate">
        {rate ? (
          <>
            <p className="kb-rate__main kb-num">
              1 {from} = {formatRate(rate.rate)} {to}
            </p>
            <p className="kb-rate__meta">
              {t('exchange.mid', { mid: formatRate(rate.mid) })} ·{' '}
              {t('exchange.spread', { percent: ((rates.data?.spreadBps ?? 0) / 100).toFixed(2) })}
            </p>
            <p className="kb-rate__meta">
              {t('exchange.updated', {
                time: formatWhen(new Date(rates.dataUpdatedAt).toISOString(), language, 'reader'),
              })}
            </p>
          </>
        ) : rates.isPending ? (
          <ListSkeleton rows={1} />
        ) : (
          <p className="kb-rate__meta">{translateErrorKey('price_unavailable')}</p>
        )}
      </section>
      <CardForm
        form={form}
        className="kb-money-form"
        initialValues={{ amount: '', fund_password: '' }}
        onFinish={submit}
        submit={{ label: t('exchange.submit'), testId: 'exchange-submit', loading: exchange.isPending }}
      >
        <AmountItem
          label={t('exchange.amountLabel', { currency: t(`currency.${from}`) })}
          description={
            <span>
              {t('exchange.available')} <MoneyText value={available} currency={from} />
            </span>
          }
          rules={[
            amountRule(from, { balanceMinor: amountMinor(available, from) ?? 0 }),
            {
              validator: async (_: unknown, value: string | undefined) => {
                // A conversion is rounded down (SPEC §6.4): an amount worth less than one unit of
                // the other currency would buy nothing.
                if (exchangePreview(value ?? '', from, to, rate?.rate)?.toMinor === 0)
                  throw new Error(t('exchange.tooSmall'));
              },
            },
          ]}
          extra={<FillAllButton form={form} value={available} label={t('withdraw.all')} />}
          placeholder={t('exchange.amountPlaceholder')}
          testId="exchange-amount"
        />
        <Form.Item label={t('exchange.receive')}>
          <div className="kb-preview" data-testid="exchange-preview" aria-live="polite">
            {preview ? <MoneyText value={preview.toAmount} currency={to} /> : '—'}
          </div>
        </Form.Item>
        <MoneyFundPassword />
      </CardForm>
      <RecentExchanges />
    </>
  );
}

/**
 * /mine/exchange (SPEC §6.4): any pair of the ten currencies at the live rate less the spread,
 * with the result shown before confirming; fund password required.
 */
export default function ExchangePage() {
  const { t } = useTranslation('money');
  return (
    <Page header={<PageHeader title={t('exchange.title')} backTo={PATHS.fundRecords} />}>
      <MoneyGate>{(user) => <ExchangeBody user={user} />}</MoneyGate>
    </Page>
  );
}
