import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageText } from '../../../shared/format/message-text';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { useMessages } from '../api/messages';

/** /mine/message: site messages, paged, unread ones marked with a dot (SPEC §6.6). */
export default function MessagePage() {
  const { t } = useTranslation('mine');
  const language = useLanguage();
  const navigate = useNavigate();
  const messages = useMessages();

  return (
    <Page header={<PageHeader title={t('messages.title')} />}>
      <PagedList query={messages} items={pagedItems(messages.data)} rows={6}>
        {(items) => (
          <div className="kb-card">
            <List>
              {items.map((message) => (
                <List.Item
                  key={message.id}
                  onClick={() => navigate(`${PATHS.messageInfo}?id=${message.id}`)}
                  description={
                    <span className="kb-message-meta">
                      {message.broadcast && <span className="kb-message-tag">{t('messages.broadcast')}</span>}
                      <span className="kb-num">{formatWhen(message.createdAt, language, 'reader')}</span>
                    </span>
                  }
                  arrowIcon
                >
                  <span
                    className={
                      message.read ? 'kb-message-title' : 'kb-message-title kb-message-title--unread'
                    }
                  >
                    {!message.read && (
                      <span className="kb-unread-dot" role="img" aria-label={t('messages.unread')} />
                    )}
                    {messageText(message, language).title}
                  </span>
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </PagedList>
    </Page>
  );
}
