import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { ListSkeleton } from './skeletons';

/** What a list needs of its query: a TanStack Query result, paged (`useInfiniteQuery`) or not. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: { key: string } | null;
  refetch: () => Promise<unknown>;
  /** Paged queries only: the list then loads its next page as the reader scrolls to its end. */
  hasNextPage?: boolean;
  fetchNextPage?: () => Promise<unknown>;
}

/** Every item of every page loaded so far, in order. */
export function pagedItems<T>(data: { pages: { list: T[] }[] } | undefined): T[] {
  return data?.pages.flatMap((page) => page.list) ?? [];
}

/**
 * One list of the app (SPEC §2, §12): a skeleton while the first page loads, the error with a
 * retry when nothing could be loaded, the empty state when there is nothing, else `children`
 * with the items; pull to refresh (unless `refresh` is false) and, for a paged query, the next
 * page as the reader scrolls to the end.
 */
export function PagedList<T>({
  query,
  items,
  loaded = items.length,
  rows = 4,
  emptyText,
  empty,
  refresh = true,
  bodyClassName,
  children,
}: {
  query: ListQuery;
  /** The items to show (the page may filter what the query loaded). */
  items: readonly T[];
  /** How many items the query loaded, where the page shows only some of them (a tab's filter). */
  loaded?: number;
  /** Skeleton rows while loading. */
  rows?: number;
  /** What the empty state says under its title. */
  emptyText?: ReactNode;
  /** The whole empty state, where it says more than a line (e.g. an action). */
  empty?: ReactNode;
  refresh?: boolean;
  /** Classes added to the pull-to-refresh body. */
  bodyClassName?: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t: tc } = useTranslation('common');
  let body: ReactNode;
  if (query.isPending) body = <ListSkeleton rows={rows} />;
  else if (query.isError && loaded === 0)
    body = <LoadError errorKey={query.error?.key} onRetry={() => query.refetch()} />;
  else if (items.length === 0) body = empty ?? <EmptyState description={emptyText} />;
  else body = children(items);
  const { fetchNextPage } = query;
  return (
    <>
      {refresh ? (
        <PullToRefresh
          onRefresh={async () => {
            await query.refetch();
          }}
          pullingText={tc('status.pullToRefresh')}
          canReleaseText={tc('status.releaseToRefresh')}
          refreshingText={tc('status.refreshing')}
          completeText={tc('status.refreshed')}
        >
          <div className={bodyClassName ? `kb-pull-body ${bodyClassName}` : 'kb-pull-body'}>{body}</div>
        </PullToRefresh>
      ) : (
        body
      )}
      {fetchNextPage && loaded > 0 && (
        <InfiniteScroll
          hasMore={query.hasNextPage ?? false}
          loadMore={async () => {
            await fetchNextPage();
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
    </>
  );
}
