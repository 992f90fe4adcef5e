import { securityInfoCall } from '@kabuto/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api/hooks';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { PATHS } from '../routing/paths';
import { passkeysSupported } from './webauthn';
import './step-up.css';

/** How long a look at the investor's factors decides the invitation. */
const INVITATION_FRESH_MS = 60_000;

/** Whether the invitation is still being decided, is offered, or is not (to be) offered. */
export type PasskeyInvitationState = 'checking' | 'offered' | 'absent';

/**
 * Whether to invite the investor to add a passkey (SPEC §13.1): only while the browser can make
 * one, they have none, and they have not set the invitation aside on this device. A failed look
 * at their factors leaves the invitation out rather than in the way.
 */
export function usePasskeyInvitation(): { state: PasskeyInvitationState; skip: () => void } {
  const [skipped, setSkipped] = useState(() => readStorage(STORAGE_KEYS.passkeyInviteSkipped) === '1');
  const asked = !skipped && passkeysSupported();
  // Every change of factors invalidates this call, so a minute's reuse is safe; it also spares the
  // invitation a second look when a screen asks whether to offer it and then shows it.
  const info = useApiQuery(
    securityInfoCall,
    {},
    { enabled: asked, silent: 'all', staleTime: INVITATION_FRESH_MS },
  );
  let state: PasskeyInvitationState = 'checking';
  if (!asked || info.isError || (info.data && info.data.passkeys.length > 0)) state = 'absent';
  else if (info.data) state = 'offered';

  const skip = () => {
    writeStorage(STORAGE_KEYS.passkeyInviteSkipped, '1');
    setSkipped(true);
  };
  return { state, skip };
}

/**
 * The invitation to add a passkey, after sign-up, on the account panel and the settings screen.
 * "Not now" sets it aside on this device (then `onSkip`); `onAdd` goes to the security screen
 * (the panel closes itself first). `variant="step"` is the full-width form that a screen of its
 * own shows (after sign-up).
 */
export function PasskeyInvite({
  onAdd,
  onSkip,
  variant = 'card',
}: {
  onAdd: (to: string) => void;
  onSkip?: () => void;
  variant?: 'card' | 'step';
}) {
  const { t } = useTranslation();
  const invitation = usePasskeyInvitation();
  if (invitation.state !== 'offered') return null;

  const skip = () => {
    invitation.skip();
    onSkip?.();
  };
  const step = variant === 'step';

  return (
    <section
      className={`kb-card kb-passkey-invite kb-passkey-invite--${variant}`}
      data-testid="passkey-invite"
    >
      <h2 className="kb-passkey-invite__title">{t('passkeyInvite.title')}</h2>
      <p className="kb-passkey-invite__text kb-muted">{t('passkeyInvite.text')}</p>
      <div className="kb-passkey-invite__actions">
        <Button size={step ? 'large' : 'small'} block={step} fill="none" onClick={skip}>
          {t('passkeyInvite.skip')}
        </Button>
        <Button
          size={step ? 'large' : 'small'}
          block={step}
          color="primary"
          onClick={() => onAdd(PATHS.security)}
        >
          {t('passkeyInvite.add')}
        </Button>
      </div>
    </section>
  );
}
