import type { Currency } from '@kabuto/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import type { FundRecord } from '../api/money';
import { type FundLine, hasBalance, presentFundRecord } from '../lib/fund-records';

const STATE_COLOR = {
  done: 'success',
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
  other: 'default',
} as const;

/**
 * A movement with the account it touched: cash carries the trend sign, arrow and colour (SPEC
 * §12); frozen funds and debt say their account and a plain sign ("Debt +¥50").
 */
function Movement({ line, currency }: { line: FundLine; currency: Currency }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  if (line.account === 'available') return <MoneyText value={line.change} currency={currency} signed />;
  const account =
    line.account === 'frozen'
      ? t('record.account.frozen', { purpose: t(`record.purpose.${line.purpose ?? 'other'}`) })
      : t('record.account.debt');
  return (
    <span className="kb-record__movement" data-account={line.account}>
      {account}{' '}
      <span className="kb-num">{formatMoneyWithSymbol(line.change, currency, language, { sign: true })}</span>
    </span>
  );
}

/**
 * One fund record (SPEC §0.2, §4): type, order number, what moved in which account (from the
 * ledger), balance after, time (the reader's own, labelled) and state; a rejected review and an
 * adjustment show their reason (SPEC §0.6, §9), and a record that moved nothing says so.
 */
export function RecordItem({ record }: { record: FundRecord }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const shown = presentFundRecord(record);
  const channel = record.memo === 'bank' || record.memo === 'quick' ? record.memo : null;
  const { headline } = shown;
  return (
    <li className="kb-record" data-testid="fund-record" data-kind={record.kind} data-state={shown.state}>
      <MoneyRow
        variant="plain"
        className="kb-record__head"
        label={
          <span className="kb-record__type">
            {t(`kind.${shown.kind}`)}
            {channel && <span className="kb-record__channel"> · {t(`channel.${channel}`)}</span>}
          </span>
        }
        amount={
          headline.moved ? (
            <span className="kb-record__amount">
              <Movement line={headline.line} currency={record.currency} />
            </span>
          ) : (
            <span
              className="kb-num kb-record__amount kb-record__amount--unmoved"
              data-testid="record-unmoved"
            >
              {formatMoneyWithSymbol(headline.amount, record.currency, language)}
            </span>
          )
        }
      />
      {shown.others.map((line) => (
        <MoneyRow
          key={`${line.account}:${line.purpose ?? ''}`}
          variant="plain"
          className="kb-record__meta kb-record__other"
          label=""
          amount={<Movement line={line} currency={record.currency} />}
        />
      ))}
      <div className="kb-record__row kb-record__meta">
        <span className="kb-num kb-record__order">{record.orderNo}</span>
        <Tag color={STATE_COLOR[shown.state]} fill="outline" className="kb-record__state">
          {t(`state.${shown.state}`)}
        </Tag>
      </div>
      <MoneyRow
        variant="plain"
        className="kb-record__meta"
        label={<span className="kb-num">{formatWhen(record.createdAt, language, 'reader')}</span>}
        amount={
          <span className="kb-record__balance">
            {t('record.balanceAfter')}{' '}
            {hasBalance(record.balanceAfter) ? (
              <MoneyText value={record.balanceAfter} currency={record.currency} />
            ) : (
              '—'
            )}
          </span>
        }
      />
      {!headline.moved && <p className="kb-record__meta">{t('record.noMovement')}</p>}
      {/* SPEC §9: an operator's adjustment shows its reason to the user. */}
      {(shown.state === 'rejected' || record.kind === 'adjustment') && record.memo && (
        <p className="kb-record__reason">{t('record.reason', { reason: record.memo })}</p>
      )}
    </li>
  );
}
