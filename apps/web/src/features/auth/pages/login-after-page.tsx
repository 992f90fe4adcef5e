import { Button, Checkbox } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { logout } from '../../../shared/session/logout';
import { useAcceptRisk } from '../api/session';

const SECTIONS = [
  ['risk.leverageTitle', 'risk.leverage'],
  ['risk.marketTitle', 'risk.market'],
  ['risk.productsTitle', 'risk.products'],
  ['risk.demoTitle', 'risk.demo'],
  ['risk.securityTitle', 'risk.security'],
] as const;

/** /login/loginAfter: the risk disclosure to accept after the first login (SPEC §2). */
export default function LoginAfterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptRisk();

  const submit = async () => {
    await accept.mutateAsync({ agree: 1 });
    navigate(PATHS.home, { replace: true });
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
