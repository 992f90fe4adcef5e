import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';

/** Header of the login and register screens: back to the welcome screen, language on the right. */
export function AuthHeader({ title }: { title: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <PageHeader
      title={title}
      backTo={PATHS.logon}
      right={
        <button
          type="button"
          className="kb-icon-button"
          aria-label={t('links.language')}
          onClick={() => navigate(PATHS.changeLang)}
        >
          <GlobalOutline fontSize={22} />
        </button>
      }
    />
  );
}
