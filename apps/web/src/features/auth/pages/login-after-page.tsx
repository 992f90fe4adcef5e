import { Button, Checkbox } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { logout } from '../../../shared/session/logout';
import { PasskeyInvite, usePasskeyInvitation } from '../../../shared/step-up/passkey-invite';
import { useAcceptRisk } from '../api/session';

const SECTIONS = [
  ['risk.leverageTitle', 'risk.leverage'],
  ['risk.marketTitle', 'risk.market'],
  ['risk.productsTitle', 'risk.products'],
  ['risk.demoTitle', 'risk.demo'],
  ['risk.securityTitle', 'risk.security'],
] as const;

/**
 * /login/loginAfter: the risk disclosure to accept after the first login (SPEC §2), then the
 * invitation to add a passkey when it applies (SPEC §13.1), then home.
 */
export default function LoginAfterPage() {
  const [accepted, setAccepted] = useState(false);
  return accepted ? <PasskeyStep /> : <RiskDisclosure onAccepted={() => setAccepted(true)} />;
}

function RiskDisclosure({ onAccepted }: { onAccepted: () => void }) {
  const { t } = useTranslation('auth');
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptRisk();

  const submit = async () => {
    await accept.mutateAsync({ agree: 1 });
    onAccepted();
  };

  return (
    <Page header={<PageHeader title={t('risk.title')} variant="hide" />}>
      <article className="kb-prose">
        <p>{t('risk.intro')}</p>
        {SECTIONS.map(([title, body]) => (
          <div key={title}>
            <h2>{t(title)}</h2>
            <p>{t(body)}</p>
          </div>
        ))}
      </article>
      <div className="kb-sticky-actions">
        <Checkbox checked={agreed} onChange={setAgreed} className="kb-agree">
          {t('risk.agree')}
        </Checkbox>
        <Button
          block
          color="primary"
          size="large"
          disabled={!agreed}
          loading={accept.isPending}
          onClick={() => submit().catch(() => {})}
        >
          {t('risk.accept')}
        </Button>
        <Button block fill="none" size="middle" onClick={() => logout()}>
          {t('risk.decline')}
        </Button>
      </div>
    </Page>
  );
}

/**
 * After the disclosure: the passkey invitation when the browser can make one, the investor has
 * none and has not set it aside on this device; otherwise straight home. "Add a passkey" opens
 * the security screen above home, so its back arrow leads home, not to the disclosure.
 */
function PasskeyStep() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const invitation = usePasskeyInvitation();
  const home = () => navigate(PATHS.home, { replace: true });
  const absent = invitation.state === 'absent';
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigate once, when it turns absent
  useEffect(() => {
    if (absent) home();
  }, [absent]);

  // Nothing while it is being decided, so no screen flashes on the way home.
  if (invitation.state !== 'offered') return null;
  return (
    <Page header={<PageHeader title={t('risk.passkeyTitle')} variant="hide" />}>
      <PasskeyInvite
        variant="step"
        onSkip={home}
        onAdd={(to) => {
          home();
          navigate(to);
        }}
      />
    </Page>
  );
}
