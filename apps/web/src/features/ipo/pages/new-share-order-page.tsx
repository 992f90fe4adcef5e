import { Button, List, Tabs } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/client';
import { serverNow } from '../../../shared/api/server-clock';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { fieldOfRefusal } from '../../../shared/forms/refusal';
import { translateErrorKey, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { MarketSwitch } from '../../../shared/ui/market-switch';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { PasswordInput } from '../../../shared/ui/password-input';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { type Subscription, useAbstain, useMySubscriptions, usePay } from '../api';
import '../ipo.css';

const TABS = ['records', 'winning'] as const;
type Tab = (typeof TABS)[number];
const WINNING_STATES: ReadonlySet<Subscription['state']> = new Set([
  'won',
  'paid',
  'waived',
  'failed',
  'allotted',
]);

/** Time left until `iso`, as "1d 02:03:04" (null once passed). */
export function timeLeft(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  if (!(ms > 0)) return null;
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

function Countdown({ until }: { until: string }) {
  const { t } = useTranslation('ipo');
  // The deadline is the server's: count on its clock, not the phone's (SPEC §12).
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(until, now);
  return (
    <span className="kb-num" data-testid="pay-countdown">
      {left ? t('countdown', { time: left }) : t('deadlinePassed')}
    </span>
  );
}

function PayPanel({ sub }: { sub: Subscription }) {
  const { t } = useTranslation('ipo');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const pay = usePay();
  const abstain = useAbstain();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submitPay = async () => {
    setError(null);
    try {
      await pay.mutateAsync({ id: sub.id, fund_password: password });
      toastSuccess('purchase');
      setOpen(false);
    } catch (e) {
      if (!isApiError(e) || e.httpStatus !== 200) return;
      // The one field here is the fund password: a refusal about it shows beside the field.
      if (fieldOfRefusal(e.key, e.field, ['fund_password'])) setError(translateErrorKey(e.key));
      else toastError(e.key);
    }
  };
  const submitAbstain = async () => {
    const confirmed = await confirmDialog({
      title: t('abstain'),
      content: t('abstainConfirm', { count: sub.wonQuantity, n: sub.wonQuantity.toLocaleString() }),
      confirmText: t('abstain'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    try {
      await abstain.mutateAsync({ id: sub.id });
      toastSuccess('ok');
    } catch (e) {
      if (isApiError(e) && e.httpStatus === 200) toastError(e.key);
    }
  };

  return (
    <div className="kb-ipo-form" data-testid={`pay-panel-${sub.id}`}>
      <Countdown until={sub.payUntil} />
      {open ? (
        <>
          <p className="kb-muted">
            {t('payConfirm', {
              count: sub.wonQuantity,
              n: sub.wonQuantity.toLocaleString(),
              amount: formatMoneyWithSymbol(sub.wonAmount, sub.currency, language),
            })}
          </p>
          <PasswordInput value={password} onChange={setPassword} placeholder={t('payTitle')} />
          {error && (
            <p className="kb-form-note kb-form-note--warn" data-testid="pay-error">
              {error}
            </p>
          )}
          <Button
            block
            color="primary"
            disabled={password === ''}
            loading={pay.isPending}
            onClick={submitPay}
            data-testid="pay-confirm"
          >
            {t('pay')} · {formatMoneyWithSymbol(sub.wonAmount, sub.currency, language)}
          </Button>
        </>
      ) : (
        <div className="kb-ipo-actions">
          <Button color="primary" onClick={() => setOpen(true)} data-testid="pay-open">
            {t('pay')}
          </Button>
          <Button onClick={submitAbstain} loading={abstain.isPending} data-testid="abstain">
            {t('abstain')}
          </Button>
        </div>
      )}
    </div>
  );
}

export function SubscriptionItem({ sub, winning }: { sub: Subscription; winning: boolean }) {
  const { t } = useTranslation('ipo');
  const language = useLanguage();
  const navigate = useNavigate();
  return (
    <div className="kb-card" data-testid={`subscription-${sub.id}`}>
      <List>
        <List.Item
          title={<span className="kb-num">{sub.orderNo}</span>}
          description={<span className="kb-num">{formatWhen(sub.createdAt, language, sub.market)}</span>}
          extra={<span data-testid="subscription-state">{t(`sub.${sub.state}`)}</span>}
          onClick={() => navigate(`${PATHS.newShareInfo}?id=${sub.shareId}`)}
        >
          {sub.name} <span className="kb-muted kb-num">{sub.code}</span>
        </List.Item>
        <List.Item
          extra={
            <span className="kb-num">
              {t('shares', { count: sub.quantity, n: sub.quantity.toLocaleString() })}
            </span>
          }
        >
          {t('field.myQuantity')}
        </List.Item>
        <List.Item extra={<MoneyText value={sub.amount} currency={sub.currency} />}>
          {t('field.amount')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid="subscription-frozen">
              {sub.rjmoney === '-' ? '—' : <MoneyText value={sub.rjmoney} currency={sub.currency} />}
            </span>
          }
        >
          {t('field.frozen')}
        </List.Item>
        {winning && (
          <>
            <List.Item
              extra={
                <span className="kb-num">
                  {t('shares', { count: sub.wonQuantity, n: sub.wonQuantity.toLocaleString() })}
                </span>
              }
            >
              {t('field.wonQuantity')}
            </List.Item>
            <List.Item extra={<MoneyText value={sub.wonAmount} currency={sub.currency} />}>
              {t('field.wonAmount')}
            </List.Item>
            <List.Item extra={<MoneyText value={sub.paidAmount} currency={sub.currency} />}>
              {t('field.paidAmount')}
            </List.Item>
            <List.Item
              extra={<span className="kb-num">{formatWhen(sub.payUntil, language, sub.market)}</span>}
            >
              {t('field.payUntil')}
            </List.Item>
          </>
        )}
        {sub.drawnAt && (
          <List.Item onClick={() => navigate(`${PATHS.newShareLottery}?id=${sub.shareId}`)}>
            <span data-testid="subscription-lottery-link">{t('viewLottery')}</span>
          </List.Item>
        )}
      </List>
      {winning && sub.state === 'won' && <PayPanel sub={sub} />}
    </div>
  );
}

/** /mine/newShareOrder (SPEC §2): the subscription record and the winning record, pay or decline. */
export default function NewShareOrderPage() {
  const { t } = useTranslation('ipo');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'winning' ? 'winning' : 'records';
  const subs = useMySubscriptions();
  const all = pagedItems(subs.data);
  const items = tab === 'winning' ? all.filter((s) => WINNING_STATES.has(s.state)) : all;
  return (
    <Page header={<PageHeader title={t('ordersTitle')} backTo={PATHS.newShare} />}>
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} stretch>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={<span data-testid={`ipo-orders-tab-${key}`}>{t(key)}</span>} />
        ))}
      </Tabs>
      <MarketSwitch />
      <PagedList
        query={subs}
        items={items}
        loaded={all.length}
        rows={3}
        emptyText={t(tab === 'winning' ? 'emptyWinning' : 'emptyOrders')}
      >
        {(shown) => (
          <div className="kb-ipo-list" data-testid="subscription-list">
            {shown.map((sub) => (
              <SubscriptionItem key={sub.id} sub={sub} winning={tab === 'winning'} />
            ))}
          </div>
        )}
      </PagedList>
    </Page>
  );
}
