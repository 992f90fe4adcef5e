import { List } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { toastError, toastText } from '../../../shared/ui/toast';
import { copyText } from '../lib/clipboard';

/** One field of the receiving account with a copy button (SPEC §4 Deposit). */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('money');
  return (
    <List.Item
      className="kb-copy-row"
      extra={
        <button
          type="button"
          className="kb-copy-button"
          data-testid={testId ? `${testId}-copy` : undefined}
          aria-label={t('deposit.copyLabel', { field: label })}
          onClick={async () => {
            if (await copyText(value)) toastText(t('deposit.copied'));
            else toastError('error');
          }}
        >
          <FileOutline aria-hidden="true" />
          <span>{t('deposit.copy')}</span>
        </button>
      }
    >
      <div className="kb-copy-row__label">{label}</div>
      <div className="kb-copy-row__value" data-testid={testId}>
        {value}
      </div>
    </List.Item>
  );
}
