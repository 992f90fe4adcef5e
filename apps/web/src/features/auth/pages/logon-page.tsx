import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfigValue } from '../../../shared/config/config-store';
import { Page } from '../../../shared/layout/page';
import { PATHS } from '../../../shared/routing/paths';
import { LanguagePicker } from '../../../shared/ui/language-picker';
import { Logo } from '../../../shared/ui/logo';

/** /login/logon: welcome, log in, register, language (SPEC §2). */
export default function LogonPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const title = useConfigValue('title', 'Kabuto');
  const simulated = useConfigValue('simulated', 'true') !== 'false';
  return (
    <Page className="kb-logon">
      <div className="kb-logon__hero">
        <Logo size={88} />
        <h1 className="kb-logon__title">{t('logon.welcome', { title })}</h1>
        <p className="kb-logon__tagline">{t('logon.tagline')}</p>
      </div>
      <div className="kb-logon__actions">
        <Button block color="primary" size="large" onClick={() => navigate(PATHS.login)}>
          {t('logon.login')}
        </Button>
        <Button block size="large" onClick={() => navigate(PATHS.register)}>
          {t('logon.register')}
        </Button>
      </div>
      <section className="kb-logon__language" aria-label={t('logon.language')}>
        <h2 className="kb-muted">{t('logon.language')}</h2>
        <LanguagePicker />
      </section>
      {simulated && <p className="kb-logon__note">{t('logon.demoNote')}</p>}
    </Page>
  );
}
