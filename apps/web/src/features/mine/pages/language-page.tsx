import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session-store';
import { LanguageList } from '../../../shared/ui/language-list';

/** /mine/language (settings) and /mine/changeLang (before login): SPEC §1, §2. */
export default function LanguagePage() {
  const { t } = useTranslation('mine');
  const { t: tc } = useTranslation('common');
  const signedIn = useSession((s) => Boolean(s.token));
  return (
    <Page
      header={<PageHeader title={t('language.title')} backTo={signedIn ? PATHS.settings : PATHS.logon} />}
    >
      <div className="kb-card">
        <LanguageList />
      </div>
      <p className="kb-form-note">{tc('languageHint')}</p>
    </Page>
  );
}
