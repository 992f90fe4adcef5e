import {
  type Alert,
  type AlertKind,
  type AlertRepeat,
  alertAddCall,
  alertDeleteCall,
  alertEditCall,
  alertListCall,
} from '@kabuto/contract';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { invalidateCall, useApiQuery } from '../api/hooks';
import { useSession } from '../session/session-store';
import { confirmDialog } from '../ui/confirm-dialog';
import { toastDone } from '../ui/toast';

/** The investor's price alerts (SPEC §13.3), of one stock when `code` is given. */
export function useAlerts(code?: string, options: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useApiQuery(alertListCall, code ? { code } : {}, {
    enabled: Boolean(token) && options.enabled !== false,
  });
}

export interface AlertDraft {
  kind: AlertKind;
  value: string;
  repeat: AlertRepeat;
}

/**
 * Adds an alert on `code`, or changes `editing`. Refusals come back as thrown ApiErrors with
 * their key, for the sheet to say beside the form (`silent`: no toast on top of it).
 */
export async function saveAlert(
  client: QueryClient,
  code: string,
  draft: AlertDraft,
  editing: Alert | null,
): Promise<Alert> {
  const saved = editing
    ? await callApi(alertEditCall, { id: editing.id, ...draft }, { silent: true })
    : await callApi(alertAddCall, { code, ...draft }, { silent: true });
  await invalidateCall(alertListCall, client);
  return saved;
}

export async function removeAlert(client: QueryClient, id: number): Promise<void> {
  await callApi(alertDeleteCall, { id });
  await invalidateCall(alertListCall, client);
}

/**
 * Removes an alert once the investor confirms (from its sheet or the list), then says so.
 * Answers whether it was removed. `t` reads the alerts texts, `tc` the shared ones.
 */
export async function confirmRemoveAlert(
  client: QueryClient,
  alert: Alert,
  t: (key: 'alerts.removeConfirm' | 'alerts.remove' | 'alerts.removed') => string,
  tc: (key: 'actions.cancel') => string,
): Promise<boolean> {
  const ok = await confirmDialog({
    content: t('alerts.removeConfirm'),
    confirmText: t('alerts.remove'),
    cancelText: tc('actions.cancel'),
  });
  if (!ok) return false;
  await removeAlert(client, alert.id);
  toastDone(t('alerts.removed'));
  return true;
}
