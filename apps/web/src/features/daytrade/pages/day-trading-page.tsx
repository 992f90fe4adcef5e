import { Decimal, parseMinor } from '@kabuto/contract';
import { Button, List } from 'antd-mobile';
import { LockOutline, StopOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { amountForWire, amountProblem } from '../../../shared/forms/amount';
import { useAmountRule } from '../../../shared/forms/amount-rule';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { AmountItem, FundPasswordItem } from '../../../shared/forms/fund-form';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadError } from '../../../shared/ui/load-error';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { Prompt } from '../../../shared/ui/prompt';
import { Section } from '../../../shared/ui/section';
import { ListSkeleton, PageSkeleton } from '../../../shared/ui/skeletons';
import { toastDone } from '../../../shared/ui/toast';
import {
  type DayInfo,
  type DayTrade,
  useApplyDayTrade,
  useDayInfo,
  useDayTrades,
  useDayUser,
} from '../api/daytrade';
import { DayStateTag } from '../components/day-state-tag';
import '../daytrade.css';

interface ApplyForm {
  amount: string;
  fund_password: string;
}

/** The program's terms for the selected market: day, forced-close time, leverage, fees, minimum. */
function ProgramTerms({ info }: { info: DayInfo }) {
  const { t } = useTranslation('daytrade');
  const language = useLanguage();
  return (
    <List className="kb-card" data-testid="day-terms">
      <List.Item extra={<span className="kb-num">{info.tradingDay}</span>}>
        {t('program.tradingDay')}
      </List.Item>
      <List.Item
        extra={
          <span className="kb-num" data-testid="day-close-at">
            {formatWhen(info.closeAt, language, info.market)}
          </span>
        }
      >
        {t('program.closeAt')}
      </List.Item>
      <List.Item extra={t('program.leverageValue', { value: info.leverage })}>
        {t('program.leverage')}
      </List.Item>
      <List.Item
        extra={t('program.feesValue', {
          rate: info.feeRateBps / 100,
          min: formatMoneyWithSymbol(info.minFee, info.currency, language),
        })}
      >
        {t('program.fees')}
      </List.Item>
      <List.Item extra={<MoneyText value={info.minAmount} currency={info.currency} />}>
        {t('program.minAmount')}
      </List.Item>
      <List.Item extra={<MoneyText value={info.available} currency={info.currency} />}>
        {t('program.available')}
      </List.Item>
    </List>
  );
}

/** The application form with the figures it commits to, confirmed before it is sent. */
function ApplyFormView({ info }: { info: DayInfo }) {
  const { t } = useTranslation('daytrade');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const apply = useApplyDayTrade();
  const { form, attempt } = useCardForm<ApplyForm>(['amount', 'fund_password']);
  const amountRule = useAmountRule();
  const [amount, setAmount] = useState('');
  const money = (value: string) => formatMoneyWithSymbol(value, info.currency, language);
  // The figures follow only an amount the form accepts: "12abc" shows nothing, never ¥0.
  const capital = amountProblem(amount, info.currency) ? null : amountForWire(amount, info.currency);
  const buyingPower = (value: string) => new Decimal(value).times(info.leverage).toFixed();

  const submit = async (values: ApplyForm) => {
    const typed = amountForWire(values.amount, info.currency);
    const confirmed = await confirmDialog({
      title: t('form.confirmTitle'),
      content: (
        <dl className="kb-day-confirm" data-testid="day-confirm">
          <div>
            <dt>{t('form.capital')}</dt>
            <dd>{money(typed)}</dd>
          </div>
          <div>
            <dt>{t('program.leverage')}</dt>
            <dd>{t('program.leverageValue', { value: info.leverage })}</dd>
          </div>
          <div>
            <dt>{t('form.buyingPower')}</dt>
            <dd>{money(buyingPower(typed))}</dd>
          </div>
          <div>
            <dt>{t('program.fees')}</dt>
            <dd>{t('program.feesValue', { rate: info.feeRateBps / 100, min: money(info.minFee) })}</dd>
          </div>
          <div>
            <dt>{t('program.closeAt')}</dt>
            <dd>{formatWhen(info.closeAt, language, info.market)}</dd>
          </div>
          <p className="kb-muted">{t('form.confirmNote')}</p>
        </dl>
      ),
      confirmText: t('form.confirmAction'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await attempt(async () => {
      await apply.mutateAsync({ amount: typed, fund_password: values.fund_password });
      toastDone(t('form.submitted'));
      form.resetFields();
      setAmount('');
    });
  };

  return (
    <CardForm
      form={form}
      initialValues={{ amount: '', fund_password: '' }}
      onValuesChange={(_, all: ApplyForm) => setAmount(all.amount ?? '')}
      onFinish={submit}
      submit={{ label: t('form.submit'), testId: 'day-submit', loading: apply.isPending }}
    >
      <AmountItem
        label={t('form.amount')}
        description={
          <span>
            {t('program.minAmount')} <MoneyText value={info.minAmount} currency={info.currency} />
          </span>
        }
        // The shared amount pattern (SPEC §12): checked as typed and before the confirmation —
        // a number of the currency, at least the program's minimum, at most the available cash.
        rules={[
          amountRule(info.currency, {
            minMinor: parseMinor(info.minAmount, info.currency),
            balanceMinor: parseMinor(info.available, info.currency),
          }),
        ]}
        placeholder={t('form.amountPlaceholder')}
        testId="day-amount"
      />
      <FundPasswordItem
        label={t('form.fundPassword')}
        required={t('form.fundPasswordRequired')}
        placeholder={t('form.fundPasswordPlaceholder')}
      />
      <dl className="kb-day-figures" data-testid="day-figures">
        <div>
          <dt>{t('form.capital')}</dt>
          <dd>{capital === null ? '—' : money(capital)}</dd>
        </div>
        <div>
          <dt>{t('form.buyingPower')}</dt>
          <dd data-testid="day-buying-power">{capital === null ? '—' : money(buyingPower(capital))}</dd>
        </div>
      </dl>
    </CardForm>
  );
}

/** The application for the day shown on the form's place: its state and what is left to trade. */
function CurrentApplication({ app }: { app: DayTrade }) {
  const { t } = useTranslation('daytrade');
  const navigate = useNavigate();
  const tradable = app.state === 'approved' || app.state === 'trading';
  return (
    <div className="kb-card kb-day-current" data-testid="day-current">
      <div className="kb-day-current__head">
        <span className="kb-num">{app.orderNo}</span>
        <DayStateTag state={app.state} />
      </div>
      <dl className="kb-day-figures">
        <div>
          <dt>{t('list.amount')}</dt>
          <dd>
            <MoneyText value={app.amount} currency={app.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('form.buyingPower')}</dt>
          <dd>
            <MoneyText value={app.buyingPower} currency={app.currency} />
          </dd>
        </div>
        {app.capitalLeft !== null && (
          <div>
            <dt>{t('current.capitalLeft')}</dt>
            <dd data-testid="day-capital-left">
              <MoneyText value={app.capitalLeft} currency={app.currency} />
            </dd>
          </div>
        )}
      </dl>
      {tradable && <p className="kb-muted">{t('current.tradeHint')}</p>}
      <div className="kb-day-current__actions">
        {tradable && (
          <Button color="primary" onClick={() => navigate(PATHS.quotes)} data-testid="day-trade-link">
            {t('current.trade')}
          </Button>
        )}
        <Button
          onClick={() => navigate(`${PATHS.dayTradeDetail}?id=${app.id}`)}
          data-testid="day-current-details"
        >
          {t('current.details')}
        </Button>
      </div>
    </div>
  );
}

/** Every application, newest first, each leading to its details. */
function MyApplications() {
  const { t } = useTranslation('daytrade');
  const language = useLanguage();
  const navigate = useNavigate();
  const list = useDayTrades();
  const items = list.data?.pages.flatMap((page) => page.list) ?? [];
  let body: ReactNode;
  if (list.isPending) body = <ListSkeleton rows={2} />;
  else if (list.isError && items.length === 0)
    body = <LoadError errorKey={list.error.key} onRetry={() => list.refetch()} />;
  else if (items.length === 0) body = <p className="kb-muted kb-day-empty">{t('list.empty')}</p>;
  else
    body = (
      <List className="kb-card" data-testid="day-list">
        {items.map((app) => (
          <MoneyRow
            key={app.id}
            data-testid={`day-item-${app.id}`}
            onClick={() => navigate(`${PATHS.dayTradeDetail}?id=${app.id}`)}
            label={
              app.pnl !== null ? (
                <span>
                  {t('list.pnl')} <MoneyText value={app.pnl} currency={app.currency} signed />
                </span>
              ) : (
                t('list.amount')
              )
            }
            description={
              <span className="kb-num">
                {`${app.orderNo} · ${app.tradingDay} · ${formatWhen(app.createdAt, language, app.market)}`}
              </span>
            }
            amount={<MoneyText value={app.amount} currency={app.currency} />}
            aside={<DayStateTag state={app.state} />}
          />
        ))}
      </List>
    );
  return <Section title={t('list.title')}>{body}</Section>;
}

function Gate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('daytrade');
  const user = useDayUser();
  if (user.isPending) return <PageSkeleton />;
  if (user.isError) return <LoadError errorKey={user.error.key} onRetry={() => user.refetch()} />;
  if (user.data.flags.frozen)
    return (
      <Prompt
        testId="day-frozen"
        icon={<StopOutline />}
        title={t('gate.frozenTitle')}
        description={t('gate.frozenText')}
      />
    );
  if (!user.data.fundPasswordSet)
    return (
      <Prompt
        testId="fund-password-prompt"
        icon={<LockOutline />}
        title={t('gate.fundPasswordTitle')}
        description={t('gate.fundPasswordText')}
        action={t('gate.fundPasswordAction')}
        to={PATHS.fundPassword}
      />
    );
  return <>{children}</>;
}

function Body() {
  const { t } = useTranslation('daytrade');
  const info = useDayInfo();
  if (info.isPending) return <PageSkeleton />;
  if (info.isError) return <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />;
  const current = info.data.active ?? info.data.current;
  return (
    <>
      <ProgramTerms info={info.data} />
      <Section title={current ? t('current.title') : t('form.title')}>
        {current ? (
          <CurrentApplication app={current} />
        ) : (
          <Gate>
            <ApplyFormView info={info.data} />
          </Gate>
        )}
      </Section>
      <MyApplications />
    </>
  );
}

/**
 * /home/withinDays (SPEC §2, §6.5): the day-trading program of the selected market — its terms,
 * the application form (participation, fund password; capital, leverage, fees and the
 * forced-close time shown and confirmed), the day's application and every application.
 */
export default function DayTradingPage() {
  const { t } = useTranslation('daytrade');
  return (
    <Page header={<PageHeader title={t('title')} backTo={PATHS.home} />}>
      <MarketSwitch className="kb-day-market" />
      <p className="kb-muted kb-day-intro">{t('intro')}</p>
      <Body />
    </Page>
  );
}
