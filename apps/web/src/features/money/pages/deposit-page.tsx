import { type Currency, MARKET_CURRENCY } from '@kabuto/contract';
import { Form, List } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { amountForWire } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem } from '../../../shared/forms/fund-form';
import { translateErrorKey, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useMarket } from '../../../shared/session/market-store';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import {
  type Deposit,
  type DepositChannel,
  useDeposit,
  useDepositChannels,
  useRecentDeposits,
} from '../api/money';
import { ArrivalNote } from '../components/arrival-note';
import { CopyRow } from '../components/copy-row';
import { RequestDone } from '../components/done-card';
import { MoneyFundPassword } from '../components/money-fund-password';
import { MoneyGate } from '../components/money-gate';
import { DEPOSIT_CURRENCIES, decimalMinor, isCurrency } from '../lib/currency';
import '../money.css';

interface DepositForm {
  amount: string;
  receipt: File | null;
  fund_password: string;
}

function DepositForm({
  channel,
  currency,
  arrival,
}: {
  channel: DepositChannel;
  currency: Currency;
  arrival: ReactNode;
}) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const amountRule = useAmountRule();
  const { form, attempt } = useCardForm<DepositForm>(['amount', 'receipt', 'fund_password']);
  const deposit = useDeposit();
  const recent = useRecentDeposits();
  const [done, setDone] = useState<Deposit | null>(null);
  const pending = recent.data?.find((d) => d.state === 'pending');
  const minMinor = decimalMinor(channel.minAmount, currency);
  const maxMinor = decimalMinor(channel.maxAmount, currency);

  if (done) return <RequestDone kind="deposit" request={done} />;

  const submit = async (values: DepositForm) => {
    const { receipt } = values;
    if (!receipt) return;
    const refused = await attempt(async () => {
      const result = await deposit.mutateAsync({
        channel: channel.id,
        currency,
        amount: amountForWire(values.amount, currency),
        receipt,
        fund_password: values.fund_password,
      });
      toastSuccess('recharge');
      setDone(result);
    });
    if (refused?.key === 'deposit_pending') void recent.refetch();
  };

  return (
    <>
      {pending && (
        <div className="kb-banner kb-banner--warning" data-testid="deposit-pending" role="status">
          <strong>{translateErrorKey('deposit_pending')}</strong>
          <span>
            {pending.orderNo} · <MoneyText value={pending.money} currency={pending.currency} />
          </span>
        </div>
      )}
      <section className="kb-card" aria-labelledby="receiving-title">
        <h2 className="kb-card__title" id="receiving-title">
          {t('deposit.receiving')}
        </h2>
        <List>
          <CopyRow label={t('deposit.accountName')} value={channel.receivingName} testId="receiving-name" />
          <CopyRow
            label={t('deposit.accountNumber')}
            value={channel.receivingNumber}
            testId="receiving-number"
          />
          <CopyRow label={t('deposit.bank')} value={channel.receivingBank} testId="receiving-bank" />
          <CopyRow label={t('deposit.branch')} value={channel.receivingBranch} testId="receiving-branch" />
        </List>
        <p className="kb-form-note kb-card__note">{t('deposit.transferHint')}</p>
      </section>
      {arrival}
      <CardForm
        form={form}
        className="kb-money-form"
        initialValues={{ amount: '', receipt: null, fund_password: '' }}
        onFinish={submit}
        submit={{
          label: t('deposit.submit'),
          testId: 'deposit-submit',
          loading: deposit.isPending,
          disabled: Boolean(pending),
        }}
      >
        <AmountItem
          label={t('deposit.amountLabel', { currency: t(`currency.${currency}`) })}
          rules={[amountRule(currency, { minMinor, maxMinor })]}
          description={t('deposit.limits', {
            min: formatMoneyWithSymbol(channel.minAmount, currency, language),
            max: formatMoneyWithSymbol(channel.maxAmount, currency, language),
          })}
          placeholder={t('deposit.amountPlaceholder')}
          testId="deposit-amount"
        />
        <Form.Item
          name="receipt"
          label={t('deposit.receipt')}
          rules={[
            {
              validator: async (_, value: File | null) => {
                if (!value) throw new Error(t('deposit.receiptRequired'));
              },
            },
          ]}
        >
          <ImagePicker label={t('deposit.receiptHint')} testId="receipt" />
        </Form.Item>
        <MoneyFundPassword />
      </CardForm>
    </>
  );
}

/**
 * /mine/deposit?channel= (SPEC §2, §4 Deposit, §6.4): the receiving account with copy buttons,
 * the amount, the transfer receipt, the fund password and when the money arrives.
 */
export default function DepositPage() {
  const { t } = useTranslation('money');
  const market = useMarket();
  const [params] = useSearchParams();
  const channelId = params.get('channel') === 'quick' ? 'quick' : 'bank';
  const asked = params.get('currency');
  const currency: Currency =
    isCurrency(asked) && (DEPOSIT_CURRENCIES as readonly string[]).includes(asked)
      ? asked
      : MARKET_CURRENCY[market];
  const channels = useDepositChannels(currency);
  const channel = channels.data?.channels.find((c) => c.id === channelId);

  let body: ReactNode;
  if (channels.isPending) body = <PageSkeleton />;
  else if (channels.isError)
    body = <LoadError errorKey={channels.error.key} onRetry={() => channels.refetch()} />;
  else if (!channel) body = <LoadError errorKey="not_found" />;
  else
    body = (
      <>
        {!channels.data.open && (
          <p className="kb-banner kb-banner--warning">{translateErrorKey('outside_fund_hours')}</p>
        )}
        <DepositForm
          channel={channel}
          currency={currency}
          arrival={
            <ArrivalNote
              arrivalHours={channels.data.arrivalHours}
              latestArrival={channels.data.latestArrival}
            />
          }
        />
      </>
    );

  return (
    <Page
      header={
        <PageHeader
          title={t(`channel.${channelId}`)}
          variant="order"
          to={`${PATHS.fundRecords}?tab=deposits`}
          backTo={PATHS.deposit}
        />
      }
    >
      <MoneyGate>{() => body}</MoneyGate>
    </Page>
  );
}
