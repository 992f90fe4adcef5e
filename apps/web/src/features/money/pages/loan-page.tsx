import { List } from 'antd-mobile';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { amountForWire, amountMinor } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem } from '../../../shared/forms/fund-form';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { Prompt } from '../../../shared/ui/prompt';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { type LoanInfo, useApplyLoan, useLoanInfo, type useMoneyUser, useRepayLoan } from '../api/money';
import { MoneyFundPassword } from '../components/money-fund-password';
import { MoneyGate } from '../components/money-gate';
import { walletBalance } from '../lib/currency';
import '../money.css';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';

export type UserInfo = NonNullable<ReturnType<typeof useMoneyUser>['data']>;

interface LoanForm {
  amount: string;
  fund_password: string;
}

/** Score, quota and what is owed (SPEC §4 loan; the score's history is below). */
function LoanFigures({ info }: { info: LoanInfo }) {
  const { t } = useTranslation('money');
  return (
    <section className="kb-balance" aria-label={t('loan.title')}>
      <div className="kb-balance__figures">
        <div>
          <span className="kb-balance__label">{t('loan.score')}</span>
          <span className="kb-balance__big kb-num" data-testid="loan-score">
            {info.creditScore ?? '—'}
          </span>
        </div>
        <div className="kb-balance__side">
          <span className="kb-balance__label">{t('loan.quota')}</span>
          <span data-testid="loan-quota">
            <MoneyText value={info.loanableQuota} currency={info.currency} />
          </span>
        </div>
      </div>
      <dl className="kb-loan-figures">
        <div>
          <dt>{t('loan.borrowed')}</dt>
          <dd>
            <MoneyText value={info.borrowed} currency={info.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('loan.interest')}</dt>
          <dd>
            <MoneyText value={info.interest} currency={info.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('loan.outstanding')}</dt>
          <dd data-testid="loan-outstanding">
            <MoneyText value={info.outstanding} currency={info.currency} />
          </dd>
        </div>
      </dl>
      <p className="kb-balance__label">
        {t('loan.rate', { rate: info.dailyRateBps / 100, days: info.termDays })}
      </p>
    </section>
  );
}

/** Only an approved loan was borrowed; one under review (or refused) is an amount asked for. */
export const borrowedYet = (state: string) => state === 'active' || state === 'overdue' || state === 'repaid';

export function CurrentLoan({ info, user }: { info: LoanInfo; user: UserInfo }) {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const repay = useRepayLoan();
  const { form, attempt } = useCardForm<Pick<LoanForm, 'fund_password'>>(['fund_password']);
  const loan = info.current;
  if (!loan) return null;
  const owed = loan.outstanding;
  const canRepay = loan.state === 'active' || loan.state === 'overdue';
  const enough =
    (amountMinor(walletBalance(user, info.currency), info.currency) ?? 0) >=
    (amountMinor(owed, info.currency) ?? 0);

  const submit = async (values: { fund_password: string }) => {
    const confirmed = await confirmDialog({
      title: t('loan.repay'),
      content: t('loan.repayConfirm', { amount: formatMoneyWithSymbol(owed, info.currency, language) }),
      confirmText: t('loan.repay'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await attempt(async () => {
      await repay.mutateAsync({ amount: owed, fund_password: values.fund_password });
      toastSuccess('repay');
      form.resetFields();
    });
  };

  return (
    <Section title={t('loan.current')}>
      <List className="kb-card" data-testid="loan-current">
        <List.Item extra={<span className="kb-num">{loan.orderNo}</span>}>{t('record.orderNo')}</List.Item>
        <List.Item extra={<span data-testid="loan-state">{t(`loan.state.${loan.state}`)}</span>}>
          {t('loan.stateLabel')}
        </List.Item>
        <MoneyRow
          data-testid="loan-amount"
          label={t(borrowedYet(loan.state) ? 'loan.borrowed' : 'loan.requested')}
          amount={<MoneyText value={loan.amount} currency={loan.currency} />}
        />
        {loan.maturesAt && (
          <List.Item extra={<span className="kb-num">{formatWhen(loan.maturesAt, language, 'reader')}</span>}>
            {t('loan.matures')}
          </List.Item>
        )}
      </List>
      {canRepay && (
        <CardForm
          form={form}
          className="kb-money-form"
          initialValues={{ fund_password: '' }}
          onFinish={submit}
          beforeSubmit={
            !enough && (
              <p className="kb-form-note kb-form-note--warn" data-testid="repay-short">
                {t('loan.repayNeedsFunds', {
                  amount: formatMoneyWithSymbol(owed, info.currency, language),
                })}
              </p>
            )
          }
          submit={{
            label: `${t('loan.repay')} · ${formatMoneyWithSymbol(owed, info.currency, language)}`,
            testId: 'repay-submit',
            loading: repay.isPending,
            disabled: !enough,
          }}
        >
          <MoneyFundPassword />
        </CardForm>
      )}
    </Section>
  );
}

function ApplyForm({ info }: { info: LoanInfo }) {
  const { t } = useTranslation('money');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const amountRule = useAmountRule();
  const apply = useApplyLoan();
  const { form, attempt } = useCardForm<LoanForm>(['amount', 'fund_password']);
  const quotaMinor = amountMinor(info.loanableQuota, info.currency) ?? 0;

  const submit = async (values: LoanForm) => {
    const amount = amountForWire(values.amount, info.currency);
    const confirmed = await confirmDialog({
      title: t('loan.apply'),
      content: t('loan.applyConfirm', { amount: formatMoneyWithSymbol(amount, info.currency, language) }),
      confirmText: t('loan.apply'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await attempt(async () => {
      await apply.mutateAsync({ amount, fund_password: values.fund_password });
      toastSuccess('loan');
      form.resetFields();
    });
  };

  return (
    <CardForm
      form={form}
      className="kb-money-form"
      initialValues={{ amount: '', fund_password: '' }}
      onFinish={submit}
      submit={{
        label: t('loan.apply'),
        testId: 'loan-submit',
        loading: apply.isPending,
        disabled: quotaMinor <= 0,
      }}
    >
      <AmountItem
        label={t('loan.amount')}
        description={
          <span>
            {t('loan.quota')} <MoneyText value={info.loanableQuota} currency={info.currency} />
          </span>
        }
        rules={[amountRule(info.currency, { maxMinor: quotaMinor })]}
        placeholder={t('loan.amountPlaceholder')}
        testId="loan-amount"
      />
      <MoneyFundPassword />
      <p className="kb-muted">{t('loan.noteWithdraw')}</p>
    </CardForm>
  );
}

function ScoreHistory({ info }: { info: LoanInfo }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  return (
    <>
      <Section title={t('loan.events')}>
        {info.history.length === 0 ? (
          <EmptyState description={t('loan.noEvents')} />
        ) : (
          <List className="kb-card" data-testid="loan-events">
            {info.history.map((e) => (
              <List.Item
                key={`${e.createdAt}-${e.event}`}
                description={<span className="kb-num">{formatWhen(e.createdAt, language, 'reader')}</span>}
                extra={
                  <span className="kb-num">
                    {e.event === 'verified'
                      ? e.scoreAfter
                      : `${e.points > 0 ? '+' : '−'}${Math.abs(e.points)} → ${e.scoreAfter}`}
                  </span>
                }
              >
                {t(`loan.event.${e.event}`)}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('loan.eventRules')}>
        <List className="kb-card">
          {info.scoreEvents.map((rule) => (
            <List.Item
              key={rule.event}
              extra={
                <span className="kb-num">
                  {rule.points > 0 ? `+${rule.points}` : `−${Math.abs(rule.points)}`}
                </span>
              }
            >
              {t(`loan.event.${rule.event as 'on_time_repayment' | 'overdue' | 'stop_out'}`)}
            </List.Item>
          ))}
        </List>
      </Section>
    </>
  );
}

function LoanBody({ user }: { user: UserInfo }) {
  const { t } = useTranslation('money');
  const info = useLoanInfo();
  if (info.isPending) return <PageSkeleton />;
  if (info.isError) return <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />;
  if (user.kyc !== 'verified')
    return (
      <Prompt
        testId="loan-kyc-prompt"
        icon={<UserOutline />}
        title={t('loan.kycFirst')}
        description={t('loan.scoreNone')}
        action={t('loan.kycAction')}
        to={PATHS.verified}
      />
    );
  return (
    <>
      <LoanFigures info={info.data} />
      {info.data.current ? <CurrentLoan info={info.data} user={user} /> : <ApplyForm info={info.data} />}
      <ScoreHistory info={info.data} />
    </>
  );
}

/**
 * /mine/loan (SPEC §2, §6.4): the credit score with its history, the quota, what is borrowed and
 * owed, apply (fund password) and repay in full.
 */
export default function LoanPage() {
  const { t } = useTranslation('money');
  return (
    <Page
      header={
        <PageHeader
          title={t('loan.title')}
          backTo={PATHS.fundRecords}
          link={{ to: PATHS.loanOrder, testId: 'loan-records-link', label: t('loan.records') }}
        />
      }
    >
      <MoneyGate>{(user) => <LoanBody user={user} />}</MoneyGate>
    </Page>
  );
}
