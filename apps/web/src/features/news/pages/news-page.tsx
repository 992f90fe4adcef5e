import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useNewsList } from '../api/news';
import { SampleTag } from '../components/sample-tag';
import '../news.css';

/** /news/index, the News tab (SPEC §2, §6.6): newest first, paged, pull to refresh. */
export default function NewsPage() {
  const { t } = useTranslation('news');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const news = useNewsList();
  const items = news.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (news.isPending) body = <ListSkeleton rows={6} />;
  else if (news.isError && items.length === 0)
    body = <LoadError errorKey={news.error.key} onRetry={() => news.refetch()} />;
  else if (items.length === 0) body = <EmptyState description={t('empty')} />;
  else
    body = (
      <ul className="kb-news-list" data-testid="news-list">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="kb-news-item"
              data-testid="news-item"
              onClick={() => navigate(`/news/info?id=${item.id}`)}
            >
              <span className="kb-news-item__title">{item.title}</span>
              {item.summary && <span className="kb-news-item__summary">{item.summary}</span>}
              <span className="kb-news-item__meta">
                {item.sample && <SampleTag />}
                <span className="kb-news-item__source">{item.source}</span>
                <span className="kb-num">{formatWhen(item.publishedAt, language, 'reader')}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <Page tab header={<PageHeader title={t('title')} variant="hide" />}>
      <PullToRefresh
        onRefresh={async () => {
          await news.refetch();
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
          hasMore={news.hasNextPage}
          loadMore={async () => {
            await news.fetchNextPage();
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
