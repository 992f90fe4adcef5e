import type { Currency } from '@kabuto/contract';
import { Button, List, Result } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../shared/i18n/setup';
import { PATHS } from '../../../shared/routing/paths';
import { MoneyText } from '../../../shared/ui/money-text';
import { formatDeadline } from '../lib/arrival';

/** What a money form shows once the server took it: the outcome, its figures and what next. */
export function DoneCard({
  testId,
  status,
  title,
  description,
  action,
  children,
}: {
  testId: string;
  status: 'success' | 'waiting';
  title: string;
  description?: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="kb-card kb-result" data-testid={testId}>
      <Result status={status} title={title} description={description} />
      <List>{children}</List>
      <div className="kb-result__actions">{action}</div>
    </div>
  );
}

/** Opens the fund records on one tab, in place of the finished form. */
export function RecordsButton({ tab, label }: { tab: 'deposits' | 'withdrawals'; label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      block
      color="primary"
      onClick={() => navigate(`${PATHS.fundRecords}?tab=${tab}`, { replace: true })}
    >
      {label}
    </Button>
  );
}

/**
 * A deposit or withdrawal sent for review: its order number, amount (and what the page adds, such
 * as the card) and the latest it arrives, with the way to its records.
 */
export function RequestDone({
  kind,
  request,
  children,
}: {
  kind: 'deposit' | 'withdraw';
  request: { orderNo: string; money: string; currency: Currency; dueAt: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  return (
    <DoneCard
      testId={`${kind}-done`}
      status="waiting"
      title={t(`${kind}.doneTitle`)}
      description={t(`${kind}.doneText`)}
      action={
        <RecordsButton
          tab={kind === 'deposit' ? 'deposits' : 'withdrawals'}
          label={t(`${kind}.viewRecords`)}
        />
      }
    >
      <List.Item extra={<span className="kb-num">{request.orderNo}</span>}>{t('record.orderNo')}</List.Item>
      <List.Item extra={<MoneyText value={request.money} currency={request.currency} />}>
        {t(`${kind}.amount`)}
      </List.Item>
      {children}
      <List.Item extra={<span className="kb-num">{formatDeadline(request.dueAt, language)}</span>}>
        {kind === 'deposit' ? t('deposit.latest') : t('withdraw.due')}
      </List.Item>
    </DoneCard>
  );
}
