import { Badge } from 'antd-mobile';
import { BellOutline, SearchOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../routing/paths';
import { useUnreadCount } from '../session/user';
import { AccountPanel } from './account-panel';
import { unreadBadge } from './unread-badge';

/**
 * The index header (SPEC §2): search box, message bell with the unread count, user icon that
 * opens the account panel.
 */
export function IndexHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(false);
  const unread = useUnreadCount();
  const badge = unreadBadge(unread.data?.count);
  return (
    <header className="kb-header kb-index-header">
      <button
        type="button"
        className="kb-icon-button"
        aria-label={t('header.account')}
        aria-haspopup="dialog"
        onClick={() => setPanelOpen(true)}
      >
        <UserCircleOutline fontSize={26} />
      </button>
      <button type="button" className="kb-search-box" onClick={() => navigate(PATHS.search)}>
        <SearchOutline aria-hidden="true" />
        <span>{t('header.searchPlaceholder')}</span>
      </button>
      <button
        type="button"
        className="kb-icon-button"
        aria-label={
          badge
            ? `${t('header.messages')} (${t('header.unread', { count: unread.data?.count ?? 0 })})`
            : t('header.messages')
        }
        onClick={() => navigate(PATHS.messages)}
      >
        <Badge content={badge} style={{ '--right': '-4px', '--top': '2px' }}>
          <BellOutline fontSize={24} />
        </Badge>
      </button>
      <AccountPanel visible={panelOpen} onClose={() => setPanelOpen(false)} />
    </header>
  );
}
