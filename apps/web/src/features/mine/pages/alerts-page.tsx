import { ALERT_LIMIT, type Alert } from '@kabuto/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertItem } from '../../../shared/alerts/alert-item';
import { AlertSheet } from '../../../shared/alerts/alert-sheet';
import { confirmRemoveAlert, useAlerts } from '../../../shared/alerts/api';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';

/**
 * /mine/alerts (SPEC §13.3): every price alert of the investor, newest first, with what it
 * watches, how often, and whether it still watches or when it fired; each to edit or remove.
 */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { t: tc } = useTranslation();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [editing, setEditing] = useState<Alert | null>(null);

  const remove = (alert: Alert) => confirmRemoveAlert(client, alert, t, tc);

  let body = <ListSkeleton rows={5} />;
  if (alerts.isError) body = <LoadError errorKey={alerts.error.key} onRetry={() => alerts.refetch()} />;
  else if (alerts.data && alerts.data.list.length === 0)
    body = <EmptyState title={t('alerts.none')} description={t('alerts.noneHint')} />;
  else if (alerts.data)
    body = (
      <div className="kb-card kb-alerts-card">
        <p className="kb-muted kb-num kb-alerts-card__count">
          {t('alerts.count', { count: alerts.data.list.length, limit: alerts.data.limit || ALERT_LIMIT })}
        </p>
        <ul className="kb-alerts">
          {alerts.data.list.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onEdit={setEditing} onRemove={remove} />
          ))}
        </ul>
      </div>
    );

  return (
    <Page header={<PageHeader title={t('alerts.listTitle')} />}>
      {body}
      {editing && (
        <AlertSheet
          code={editing.code}
          name={editing.name}
          price={undefined}
          open
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
