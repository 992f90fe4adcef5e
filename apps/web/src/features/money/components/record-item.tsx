import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { MoneyText } from '../../../shared/ui/money-text';
import type { FundRecord } from '../api/money';
import { hasBalance, recordKind, recordState } from '../lib/fund-records';
import { signOf } from '../lib/sign';

const STATE_COLOR = {
  done: 'success',
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
  other: 'default',
} as const;

/**
 * One fund record (SPEC §0.2, §4): type, order number, signed amount with colour and sign,
 * balance after, time and state; a rejected review and an adjustment show their reason (SPEC §0.6, §9).
 */
export function RecordItem({ record }: { record: FundRecord }) {
  const { t } = useTranslation('money');
  const language = useLanguage();
  const kind = recordKind(record.kind);
  const state = recordState(record.state);
  const frozen = signOf(record.frozenChange);
  const channel = record.memo === 'bank' || record.memo === 'quick' ? record.memo : null;
  return (
    <li className="kb-record" data-testid="fund-record" data-kind={record.kind}>
      <div className="kb-record__row">
        <span className="kb-record__type">
          {t(`kind.${kind}`)}
          {channel && <span className="kb-record__channel"> · {t(`channel.${channel}`)}</span>}
        </span>
        <MoneyText value={record.amount} currency={record.currency} signed className="kb-record__amount" />
      </div>
      <div className="kb-record__row kb-record__meta">
        <span className="kb-num kb-record__order">{record.orderNo}</span>
        <Tag color={STATE_COLOR[state]} fill="outline" className="kb-record__state">
          {t(`state.${state}`)}
        </Tag>
      </div>
      <div className="kb-record__row kb-record__meta">
        <span className="kb-num">{formatDateTime(record.createdAt, language)}</span>
        <span className="kb-record__balance">
          {t('record.balanceAfter')}{' '}
          {hasBalance(record.balanceAfter) ? (
            <MoneyText value={record.balanceAfter} currency={record.currency} />
          ) : (
            '—'
          )}
        </span>
      </div>
      {frozen !== null && frozen !== 0 && (
        <div className="kb-record__row kb-record__meta kb-record__frozen">
          <span>
            {t('record.frozen')} <MoneyText value={record.frozenChange} currency={record.currency} signed />
          </span>
        </div>
      )}
      {/* SPEC §9: an operator's adjustment shows its reason to the user. */}
      {(state === 'rejected' || record.kind === 'adjustment') && record.memo && (
        <p className="kb-record__reason">{t('record.reason', { reason: record.memo })}</p>
      )}
    </li>
  );
}
