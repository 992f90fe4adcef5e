import { Button, Input, List, Tag } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-core';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { passkeysSupported } from '../../../shared/step-up/webauthn';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { toastText } from '../../../shared/ui/toast';
import {
  addPasskey,
  useDeletePasskey,
  useNewRecoveryCodes,
  useRenamePasskey,
  useSecurityInfo,
  useTotpDisable,
  useTotpSetup,
} from '../api/security';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpSetup } from '../components/totp-setup';
import '../components/security.css';

type Info = NonNullable<ReturnType<typeof useSecurityInfo>['data']>;
type Passkey = Info['passkeys'][number];

/**
 * /mine/security (SPEC §13.1): the investor's passkeys (add, rename, remove), the authenticator
 * app (a QR code to scan, a first code to turn it on), recovery codes (shown once, renewable) and
 * a link to the signed-in devices. Removals and new codes ask for a step-up through the app's
 * one sheet.
 */
export default function SecurityPage() {
  const { t } = useTranslation('mine');
  const navigate = useNavigate();
  const info = useSecurityInfo();
  const [codes, setCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (info.isPending) body = <ListSkeleton rows={4} />;
  else if (info.isError) body = <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />;
  else
    body = (
      <>
        <PasskeysCard passkeys={info.data.passkeys} />
        <TotpCard on={info.data.totp} onCodes={setCodes} />
        {info.data.secondFactor && <RecoveryCard left={info.data.recoveryCodesLeft} onCodes={setCodes} />}
        <div className="kb-card" data-testid="sessions-link">
          <List>
            <List.Item
              onClick={() => navigate(PATHS.sessions)}
              description={t('security.sessionsLinkHint')}
              arrowIcon
            >
              {t('security.sessionsLink')}
            </List.Item>
          </List>
        </div>
      </>
    );

  return (
    <Page header={<PageHeader title={t('security.title')} />}>
      <p className="kb-muted kb-sessions-hint">{t('security.hint')}</p>
      {body}
    </Page>
  );
}

function PasskeysCard({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation('mine');
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();

  const add = async () => {
    setAdding(true);
    try {
      await addPasskey(passkeys.length === 0 ? t('security.passkeys.defaultName') : deviceName(passkeys));
      toastText(t('security.passkeys.added'));
    } catch (cause) {
      // A refusal from the server was shown by the API client; a closed prompt is said here.
      if (!isApiError(cause)) toastText(t('security.passkeys.cancelled'));
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="kb-card kb-security" data-testid="passkeys">
      <h2 className="kb-security__heading">{t('security.passkeys.title')}</h2>
      {passkeys.length === 0 ? (
        <p className="kb-security__note kb-muted">{t('security.passkeys.none')}</p>
      ) : (
        <List>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </List>
      )}
      {supported ? (
        <Button block color="primary" fill="outline" loading={adding} onClick={() => void add()}>
          {t('security.passkeys.add')}
        </Button>
      ) : (
        <p className="kb-security__note kb-muted">{t('security.passkeys.unsupported')}</p>
      )}
    </section>
  );
}

/** A second passkey's name: the first's default with a number, which the investor can rename. */
function deviceName(passkeys: Passkey[]): string {
  return `${passkeys[0]?.name ?? 'Passkey'} ${passkeys.length + 1}`.slice(0, 40);
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation('mine');
  const language = useLanguage();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [editing, setEditing] = useState<string | null>(null);

  const save = async () => {
    const name = editing?.trim();
    if (!name) return;
    await rename.mutateAsync({ id: passkey.id, name });
    setEditing(null);
  };

  const confirmRemove = async () => {
    const ok = await confirmDialog({
      content: t('security.passkeys.removeConfirm', { name: passkey.name }),
      confirmText: t('security.passkeys.remove'),
      cancelText: t('security.totp.cancel'),
    });
    if (!ok) return;
    await remove.mutateAsync({ id: passkey.id });
    toastText(t('security.passkeys.removed'));
  };

  if (editing !== null)
    return (
      <List.Item>
        <form
          className="kb-passkey-rename"
          onSubmit={(event) => {
            event.preventDefault();
            void save().catch(() => undefined);
          }}
        >
          <Input
            aria-label={t('security.passkeys.nameLabel')}
            value={editing}
            onChange={setEditing}
            maxLength={40}
            className="kb-passkey-rename__input"
          />
          <Button size="mini" onClick={() => setEditing(null)}>
            {t('security.totp.cancel')}
          </Button>
          <Button size="mini" color="primary" type="submit" loading={rename.isPending}>
            {t('security.passkeys.save')}
          </Button>
        </form>
      </List.Item>
    );

  return (
    <List.Item
      description={
        <div className="kb-passkey__times">
          <div>
            {t('security.passkeys.created', { time: formatWhen(passkey.createdAt, language, 'reader') })}
          </div>
          <div>
            {passkey.lastUsedAt
              ? t('security.passkeys.lastUsed', { time: formatWhen(passkey.lastUsedAt, language, 'reader') })
              : t('security.passkeys.neverUsed')}
          </div>
        </div>
      }
    >
      <div className="kb-passkey" data-testid="passkey">
        <span className="kb-passkey__name">{passkey.name}</span>
        <span className="kb-passkey__actions">
          <Button size="mini" fill="none" onClick={() => setEditing(passkey.name)}>
            {t('security.passkeys.rename')}
          </Button>
          <Button
            size="mini"
            fill="none"
            color="danger"
            loading={remove.isPending}
            onClick={() => void confirmRemove().catch(() => undefined)}
          >
            {t('security.passkeys.remove')}
          </Button>
        </span>
      </div>
    </List.Item>
  );
}

function TotpCard({ on, onCodes }: { on: boolean; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('mine');
  const setup = useTotpSetup();
  const disable = useTotpDisable();
  const [pending, setPending] = useState<{ secret: string; uri: string } | null>(null);

  const start = async () => {
    const answer = await setup.mutateAsync({});
    setPending({ secret: answer.secret, uri: answer.otpauth_uri });
  };

  const turnOff = async () => {
    const ok = await confirmDialog({
      content: t('security.totp.disableConfirm'),
      confirmText: t('security.totp.disable'),
      cancelText: t('security.totp.cancel'),
    });
    if (!ok) return;
    await disable.mutateAsync({});
    toastText(t('security.totp.disabled'));
  };

  return (
    <section className="kb-card kb-security" data-testid="totp">
      <div className="kb-security__row">
        <h2 className="kb-security__heading">{t('security.totp.title')}</h2>
        <Tag color={on ? 'success' : 'default'} fill="outline">
          {on ? t('security.totp.on') : t('security.totp.off')}
        </Tag>
      </div>
      {pending ? (
        <TotpSetup
          secret={pending.secret}
          uri={pending.uri}
          onCancel={() => setPending(null)}
          onEnabled={(codes) => {
            // The recovery codes that follow say it is on; a toast would cover them.
            setPending(null);
            onCodes(codes);
          }}
        />
      ) : on ? (
        <Button
          block
          color="danger"
          fill="outline"
          loading={disable.isPending}
          onClick={() => void turnOff().catch(() => undefined)}
        >
          {t('security.totp.disable')}
        </Button>
      ) : (
        <Button
          block
          color="primary"
          fill="outline"
          loading={setup.isPending}
          onClick={() => void start().catch(() => undefined)}
        >
          {t('security.totp.setUp')}
        </Button>
      )}
    </section>
  );
}

function RecoveryCard({ left, onCodes }: { left: number; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('mine');
  const renew = useNewRecoveryCodes();

  const confirmRenew = async () => {
    const ok = await confirmDialog({
      content: t('security.recovery.renewConfirm'),
      confirmText: t('security.recovery.renew'),
      cancelText: t('security.totp.cancel'),
    });
    if (!ok) return;
    onCodes((await renew.mutateAsync({})).codes);
  };

  return (
    <section className="kb-card kb-security" data-testid="recovery">
      <div className="kb-security__row">
        <h2 className="kb-security__heading">{t('security.recovery.title')}</h2>
        <span className="kb-muted">{t('security.recovery.left', { count: left })}</span>
      </div>
      <Button
        block
        fill="outline"
        loading={renew.isPending}
        onClick={() => void confirmRenew().catch(() => undefined)}
      >
        {t('security.recovery.renew')}
      </Button>
    </section>
  );
}
