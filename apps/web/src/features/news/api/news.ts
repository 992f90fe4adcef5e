import { API } from '@kabuto/contract';
import { useApiInfiniteQuery, useApiQuery } from '../../../shared/api';

export const NEWS_PAGE_SIZE = 15;

export function useNewsList() {
  return useApiInfiniteQuery(API.newsListCall, { size: NEWS_PAGE_SIZE, sort: 'latest' });
}

export function useArticle(id: number) {
  return useApiQuery(API.newsInfoCall, { id }, { enabled: Number.isSafeInteger(id) && id > 0, silent: true });
}
