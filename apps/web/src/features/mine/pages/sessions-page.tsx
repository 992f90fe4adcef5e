import type { Language } from '@kabuto/contract';
import { Button, List, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearClientState } from '../../../shared/api/client';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { navigateTo } from '../../../shared/routing/navigation';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { toastText } from '../../../shared/ui/toast';
import { useEndSession, useLogoutAll, useSessions } from '../api/sessions';

type Session = NonNullable<ReturnType<typeof useSessions>['data']>['list'][number];

/**
 * /mine/sessions: the devices signed in to the account (device from the browser, address, first
 * and last seen; SPEC §13.1),
 * each other one can be signed out; "log out of every device" ends them all, this one included.
 */
export default function SessionsPage() {
  const { t } = useTranslation('mine');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const sessions = useSessions();
  const endSession = useEndSession();
  const logoutAll = useLogoutAll();
  const list = sessions.data?.list ?? [];

  const end = async (session: Session) => {
    const ok = await confirmDialog({
      content: t('sessions.endConfirm'),
      confirmText: t('sessions.end'),
      cancelText: tc('actions.cancel'),
    });
    if (!ok) return;
    await endSession.mutateAsync({ id: session.id });
    toastText(t('sessions.ended'));
  };

  const endAll = async () => {
    const ok = await confirmDialog({
      content: t('sessions.logoutAllConfirm'),
      confirmText: t('sessions.logoutAll'),
      cancelText: tc('actions.cancel'),
    });
    if (!ok) return;
    await logoutAll.mutateAsync({});
    clearClientState();
    navigateTo(PATHS.login, { replace: true });
  };

  let body: ReactNode;
  if (sessions.isPending) body = <ListSkeleton rows={3} />;
  else if (sessions.isError)
    body = <LoadError errorKey={sessions.error.key} onRetry={() => sessions.refetch()} />;
  else if (list.length === 0) body = <EmptyState />;
  else
    body = (
      <div className="kb-card kb-sessions">
        <List>
          {list.map((session) => (
            <List.Item
              key={session.id}
              extra={
                !session.current && (
                  <Button
                    size="mini"
                    color="danger"
                    fill="outline"
                    loading={endSession.isPending && endSession.variables?.id === session.id}
                    onClick={() => end(session)}
                  >
                    {t('sessions.end')}
                  </Button>
                )
              }
            >
              <div className="kb-session" data-testid="session-device">
                <div className="kb-session-device">{session.device ?? t('sessions.unknownDevice')}</div>
                <div className="kb-session-tags">
                  {session.platform && (
                    <span className="kb-message-tag">{t(`sessions.platform.${session.platform}`)}</span>
                  )}
                  {session.current && (
                    <Tag color="primary" fill="outline">
                      {t('sessions.current')}
                    </Tag>
                  )}
                </div>
                <SessionTimes session={session} language={language} />
              </div>
            </List.Item>
          ))}
        </List>
      </div>
    );

  return (
    <Page header={<PageHeader title={t('sessions.title')} />}>
      <p className="kb-muted kb-sessions-hint">{t('sessions.hint')}</p>
      {body}
      <Button block size="large" color="danger" fill="outline" loading={logoutAll.isPending} onClick={endAll}>
        {t('sessions.logoutAll')}
      </Button>
    </Page>
  );
}

function SessionTimes({ session, language }: { session: Session; language: Language }) {
  const { t } = useTranslation('mine');
  return (
    <div className="kb-session-times kb-muted">
      <div>{t('sessions.lastSeen', { time: formatWhen(session.lastSeenAt, language, 'reader') })}</div>
      <div>{t('sessions.signedIn', { time: formatWhen(session.createdAt, language, 'reader') })}</div>
      {session.address && (
        <div data-testid="session-address">{t('sessions.address', { address: session.address })}</div>
      )}
    </div>
  );
}
