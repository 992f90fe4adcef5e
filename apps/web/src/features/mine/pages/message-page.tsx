import { InfiniteScroll, List, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { messageText } from '../../../shared/format/message-text';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useMessages } from '../api/messages';

/** /mine/message: site messages, paged, unread ones marked with a dot (SPEC §6.6). */
export default function MessagePage() {
  const { t } = useTranslation('mine');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const messages = useMessages();
  const items = messages.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (messages.isPending) body = <ListSkeleton rows={6} />;
  else if (messages.isError && items.length === 0)
    body = <LoadError errorKey={messages.error.key} onRetry={() => messages.refetch()} />;
  else if (items.length === 0) body = <EmptyState />;
  else
    body = (
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
                className={message.read ? 'kb-message-title' : 'kb-message-title kb-message-title--unread'}
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
    );

  return (
    <Page header={<PageHeader title={t('messages.title')} />}>
      <PullToRefresh
        onRefresh={async () => {
          await messages.refetch();
        }}
        pullingText={tc('status.pullToRefresh')}
        canReleaseText={tc('status.releaseToRefresh')}
        refreshingText={tc('status.refreshing')}
        completeText={tc('status.refreshed')}
      >
        <div className="kb-pull-body">{body}</div>
      </PullToRefresh>
      {items.length > 0 && (
        <InfiniteScroll
          hasMore={messages.hasNextPage}
          loadMore={async () => {
            await messages.fetchNextPage();
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="kb-link-button" onClick={retry}>
                {tc('status.failed')} · {tc('actions.retry')}
              </button>
            ) : (
              <span className="kb-muted">{hasMore ? tc('status.loadingMore') : tc('status.noMore')}</span>
            )
          }
        </InfiniteScroll>
      )}
    </Page>
  );
}
