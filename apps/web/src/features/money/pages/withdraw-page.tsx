import { CURRENCIES, type Currency, minorToDecimal } from '@kabuto/contract';
import { Form, List } from 'antd-mobile';
import { BankcardOutline, UserContactOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfigValue } from '../../../shared/config/config-store';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { amountForWire, amountMinor } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem, FillAllButton } from '../../../shared/forms/fund-form';
import { translateErrorKey, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useMarket } from '../../../shared/session/market-store';
import { useAccountSummary } from '../../../shared/session/user';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { Prompt } from '../../../shared/ui/prompt';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import {
  useCards,
  type useMoneyUser,
  usePendingWithdrawals,
  useWithdraw,
  type Withdrawal,
} from '../api/money';
import { CardPicker } from '../components/card-picker';
import { CurrencySwitch } from '../components/currency-switch';
import { RequestDone } from '../components/done-card';
import { MoneyFundPassword } from '../components/money-fund-password';
import { MoneyGate } from '../components/money-gate';
import { defaultCurrency, limitsFromConfig, walletBalance } from '../lib/currency';
import { type WithdrawBlocker, withdrawBlockers } from '../lib/withdraw-blockers';
import '../money.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';

/** Where each refusal is resolved. */
const BLOCKER_LINKS = [
  {
    key: 'pending_review',
    to: `${PATHS.fundRecords}?tab=withdrawals`,
    label: 'withdraw.blockedAction.pending_review',
  },
  {
    key: 'close_positions_first',
    to: PATHS.positions,
    label: 'withdraw.blockedAction.close_positions_first',
  },
  { key: 'loan_unpaid', to: PATHS.loan, label: 'withdraw.blockedAction.loan_unpaid' },
] as const satisfies readonly { key: WithdrawBlocker; to: string; label: string }[];

type UserInfo = NonNullable<ReturnType<typeof useMoneyUser>['data']>;

interface WithdrawForm {
  card_id?: number;
  amount: string;
  fund_password: string;
}

function WithdrawBody({ user }: { user: UserInfo }) {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const amountRule = useAmountRule();
  const market = useMarket();
  const minimums = limitsFromConfig(useConfigValue('withdrawMinMinor'));
  const maximums = limitsFromConfig(useConfigValue('withdrawMaxMinor'));
  const alwaysOpen = useConfigValue('fundHours') === 'always';
  const allowOpenPositions = useConfigValue('withdrawWithOpenPositions');
  const summary = useAccountSummary();
  const navigate = useNavigate();
  const offered = CURRENCIES.filter((c) => minimums[c] !== undefined);
  const [currency, setCurrency] = useState<Currency>(() => defaultCurrency(market, offered));
  const cards = useCards();
  const pendingList = usePendingWithdrawals(currency);
  const withdraw = useWithdraw();
  const { form, attempt } = useCardForm<WithdrawForm>(['card_id', 'amount', 'fund_password']);
  const [done, setDone] = useState<Withdrawal | null>(null);

  if (user.kyc !== 'verified') {
    return (
      <Prompt
        testId="kyc-prompt"
        icon={<UserContactOutline />}
        title={user.kyc === 'pending' ? t('withdraw.kycPendingTitle') : t('withdraw.kycTitle')}
        description={user.kyc === 'pending' ? t('withdraw.kycPendingText') : t('withdraw.kycText')}
        action={user.kyc === 'pending' ? t('withdraw.kycPendingAction') : t('withdraw.kycAction')}
        to={PATHS.verified}
      />
    );
  }
  if (cards.isPending) return <PageSkeleton />;
  if (cards.isError) return <LoadError errorKey={cards.error.key} onRetry={() => cards.refetch()} />;
  if (cards.data.length === 0) {
    return (
      <Prompt
        testId="card-prompt"
        icon={<BankcardOutline />}
        title={t('withdraw.cardTitle')}
        description={translateErrorKey('card_missing')}
        action={t('withdraw.cardAction')}
        to={PATHS.bankAdd}
      />
    );
  }
  if (done)
    return (
      <RequestDone kind="withdraw" request={done}>
        <List.Item extra={`${done.card.institution} •••• ${done.card.cardNumber.slice(-4)}`}>
          {t('withdraw.card')}
        </List.Item>
      </RequestDone>
    );

  const available = walletBalance(user, currency);
  const minMinor = minimums[currency] ?? null;
  const maxMinor = maximums[currency] ?? null;
  const money = (minor: number | null) =>
    minor === null ? '—' : formatMoneyWithSymbol(minorToDecimal(minor, currency), currency, language);
  const pending = pendingList.data?.find((w) => w.state === 'pending');
  // Refusals that already apply are said before the form is filled (SPEC §6.4 published refusals).
  const blockers = withdrawBlockers(summary.data?.markets ?? [], {
    allowOpenPositions: allowOpenPositions === 'true',
  }).filter((key) => !(key === 'pending_review' && pending));

  const send = async (values: WithdrawForm) => {
    const refused = await attempt(async () => {
      const result = await withdraw.mutateAsync({
        card_id: values.card_id,
        amount: amountForWire(values.amount, currency),
        fund_password: values.fund_password,
        currency,
      });
      toastSuccess('withdraw');
      setDone(result);
    });
    if (refused?.key === 'pending_review') void pendingList.refetch();
  };

  const submit = async (values: WithdrawForm) => {
    const card = cards.data.find((c) => c.id === values.card_id);
    const confirmed = await confirmDialog({
      title: t('withdraw.confirmTitle'),
      content: (
        <div className="kb-confirm" data-testid="withdraw-confirm">
          <p>
            {t('withdraw.confirmText', {
              amount: formatMoneyWithSymbol(amountForWire(values.amount, currency), currency, language),
              card: card ? `${card.institution} •••• ${card.cardNumber.slice(-4)}` : '',
            })}
          </p>
        </div>
      ),
      confirmText: t('withdraw.confirm'),
      cancelText: tc('actions.cancel'),
    });
    if (confirmed) await send(values);
  };

  return (
    <>
      {blockers.length > 0 && (
        <section
          className="kb-banner kb-banner--warning kb-withdraw-blocked"
          role="status"
          data-testid="withdraw-blocked"
        >
          <strong>{t('withdraw.blockedTitle')}</strong>
          <ul>
            {blockers.map((key) => {
              const link = BLOCKER_LINKS.find((l) => l.key === key);
              return (
                <li key={key} data-testid={`withdraw-blocked-${key}`}>
                  <span>{translateErrorKey(key)}</span>
                  {link && (
                    <button
                      type="button"
                      className="kb-link-button kb-link-button--strong"
                      onClick={() => navigate(link.to)}
                    >
                      {t(link.label)}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <CurrencySwitch
        value={currency}
        options={offered}
        onChange={(next) => {
          setCurrency(next);
          form.setFieldValue('amount', '');
        }}
      />
      <section
        className="kb-card kb-facts"
        aria-label={t('withdraw.rulesTitle')}
        data-testid="withdraw-rules"
      >
        <div className="kb-facts__main">
          <span className="kb-facts__label">{t('withdraw.available')}</span>
          <MoneyText value={available} currency={currency} className="kb-facts__big" />
        </div>
        <dl className="kb-facts__grid">
          <div>
            <dt>{t('withdraw.minimum')}</dt>
            <dd className="kb-num" data-testid="withdraw-min">
              {money(minMinor)}
            </dd>
          </div>
          <div>
            <dt>{t('withdraw.maximum')}</dt>
            <dd className="kb-num">{money(maxMinor)}</dd>
          </div>
          <div className="kb-facts__wide">
            <dt>{t('withdraw.window')}</dt>
            <dd data-testid="withdraw-window">
              {t('withdraw.windowText')}
              {alwaysOpen && <span className="kb-facts__note">{t('withdraw.demoHours')}</span>}
            </dd>
          </div>
          <div className="kb-facts__wide">
            <dt>{t('withdraw.arrival')}</dt>
            <dd>{t('withdraw.arrivalText')}</dd>
          </div>
        </dl>
      </section>
      {pending && (
        <div className="kb-banner kb-banner--warning" role="status" data-testid="withdraw-pending">
          <strong>{translateErrorKey('pending_review')}</strong>
          <span>
            {pending.orderNo} · <MoneyText value={pending.money} currency={pending.currency} />
          </span>
        </div>
      )}
      <CardForm
        form={form}
        className="kb-money-form"
        initialValues={{ card_id: cards.data[0]?.id, amount: '', fund_password: '' }}
        onFinish={submit}
        submit={{
          label: t('withdraw.submit'),
          testId: 'withdraw-submit',
          loading: withdraw.isPending,
          disabled: Boolean(pending) || blockers.length > 0,
        }}
      >
        <Form.Item
          name="card_id"
          label={t('withdraw.card')}
          rules={[{ required: true, message: t('withdraw.cardRequired') }]}
        >
          <CardPicker cards={cards.data} />
        </Form.Item>
        <AmountItem
          label={t('withdraw.amountLabel', { currency: t(`currency.${currency}`) })}
          rules={[
            amountRule(currency, {
              minMinor,
              maxMinor,
              balanceMinor: amountMinor(available, currency) ?? 0,
            }),
          ]}
          extra={<FillAllButton form={form} value={available} label={t('withdraw.all')} />}
          placeholder={t('withdraw.amountPlaceholder', { min: money(minMinor) })}
          testId="withdraw-amount"
        />
        <MoneyFundPassword />
      </CardForm>
    </>
  );
}

/**
 * /mine/withdraw (SPEC §6.4): card, amount and fund password. The minimum, the window and the
 * available balance show before submitting; every refusal says its published reason.
 */
export default function WithdrawPage() {
  const { t } = useTranslation('money');
  return (
    <Page
      header={
        <PageHeader
          title={t('withdraw.title')}
          variant="order"
          to={`${PATHS.fundRecords}?tab=withdrawals`}
          backTo={PATHS.fundRecords}
        />
      }
    >
      <MoneyGate>{(user) => <WithdrawBody user={user} />}</MoneyGate>
    </Page>
  );
}
