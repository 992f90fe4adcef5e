import type { Alert } from '@kabuto/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/setup';
import { alertCondition, alertStatus } from './alert-text';

/** One price alert: stock, condition, repeat, whether it watches or when it fired; edit and remove. */
export function AlertItem({
  alert,
  showStock = true,
  onEdit,
  onRemove,
}: {
  alert: Alert;
  showStock?: boolean;
  onEdit: (alert: Alert) => void;
  onRemove: (alert: Alert) => void;
}) {
  const { t } = useTranslation('alerts');
  const language = useLanguage();
  return (
    <li className="kb-alert" data-testid="alert-item">
      <div className="kb-alert__main">
        {showStock && (
          <div className="kb-alert__stock">
            <span className="kb-alert__name">{alert.name}</span>
            <span className="kb-muted kb-num">{alert.code}</span>
          </div>
        )}
        <div className="kb-alert__condition kb-num">
          {alertCondition(t, alert, language)}
          <span className="kb-alert__repeat">{t(`alerts.repeats.${alert.repeat}`)}</span>
        </div>
        <div
          className={alert.active ? 'kb-alert__status kb-alert__status--active' : 'kb-alert__status kb-muted'}
        >
          {alertStatus(t, alert, language)}
        </div>
      </div>
      <div className="kb-alert__actions">
        <Button size="small" fill="outline" onClick={() => onEdit(alert)}>
          {t('alerts.edit')}
        </Button>
        <Button size="small" fill="none" color="danger" onClick={() => onRemove(alert)}>
          {t('alerts.remove')}
        </Button>
      </div>
    </li>
  );
}
