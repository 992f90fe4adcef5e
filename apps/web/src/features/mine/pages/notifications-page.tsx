import { NOTIFY_KINDS, type NotifyKind, notifySettingsCall } from '@kabuto/contract';
import { useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { apiQueryKey, useApiQuery } from '../../../shared/api/hooks';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { useMarket } from '../../../shared/session/market-store';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { enablePush, type PushState, pushState } from '../lib/push';
import '../components/notify.css';

type PushNote = PushState | 'failed';

/** Safari on an iPhone or iPad offers push only to an app added to the home screen (iOS 16.4+). */
function needsInstall(): boolean {
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return /iPhone|iPad|iPod/.test(navigator.userAgent) && !standalone;
}

/**
 * /mine/notifications (SPEC §13.3): one switch per kind of notification — whether it pops up in
 * an open app and reaches this investor's devices by push; every kind stays an in-app message.
 * The browser's permission is asked only when the investor turns a kind on, never on opening.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('alerts');
  const client = useQueryClient();
  const market = useMarket();
  const settings = useApiQuery(notifySettingsCall, {});
  const [busy, setBusy] = useState<NotifyKind | null>(null);
  const [note, setNote] = useState<PushNote>(() => pushState());

  const toggle = async (kind: NotifyKind, on: boolean) => {
    setBusy(kind);
    try {
      // The switch is the investor's choice whatever the browser allows: in-app toasts follow it.
      const answer = await callApi(notifySettingsCall, { [kind]: on });
      client.setQueryData(apiQueryKey(notifySettingsCall, market, {}), answer);
      if (!on) return;
      const push = await enablePush();
      setNote(push.state);
      if (push.devices !== undefined)
        client.setQueryData(apiQueryKey(notifySettingsCall, market, {}), {
          ...answer,
          devices: push.devices,
        });
    } catch {
      // The client has said why; the switch shows the stored state again.
    } finally {
      setBusy(null);
    }
  };

  let body = <ListSkeleton rows={7} />;
  if (settings.isError) body = <LoadError errorKey={settings.error.key} onRetry={() => settings.refetch()} />;
  else if (settings.data) {
    const { switches, devices } = settings.data;
    body = (
      <>
        <p className="kb-muted kb-notify__hint">{t('notify.hint')}</p>
        <div className="kb-card">
          <List>
            {NOTIFY_KINDS.map((kind) => (
              <List.Item
                key={kind}
                extra={
                  <Switch
                    checked={switches[kind]}
                    loading={busy === kind}
                    disabled={busy !== null && busy !== kind}
                    aria-label={t(`notify.kinds.${kind}`)}
                    onChange={(on) => toggle(kind, on)}
                  />
                }
              >
                {t(`notify.kinds.${kind}`)}
              </List.Item>
            ))}
          </List>
        </div>
        <div className="kb-notify__push" data-testid="push-note">
          <p className="kb-num">{t('notify.devices', { count: devices })}</p>
          {note === 'granted' && devices > 0 && <p>{t('notify.pushOn')}</p>}
          {note === 'unsupported' && (
            <p role="status">{needsInstall() ? t('notify.installHint') : t('notify.pushUnsupported')}</p>
          )}
          {note === 'denied' && <p role="status">{t('notify.pushDenied')}</p>}
          {note === 'failed' && <p role="status">{t('notify.pushFailed')}</p>}
        </div>
      </>
    );
  }

  return (
    <Page className="kb-notify" header={<PageHeader title={t('notify.title')} />}>
      {body}
    </Page>
  );
}
