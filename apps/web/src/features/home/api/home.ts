import { API, type RankingWindow } from '@kabuto/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiQuery } from '../../../shared/api';

/** Lists of home refresh in the background; live prices move between refreshes. */
const REFRESH_MS = 30_000;

/** Every section of Home draws its own skeleton while it loads: no blocking loading toast. */
const QUIET = { loadingToast: false } as const;

export const HOME_POPULAR_SIZE = 6;
export const HOME_RANKING_SIZE = 10;
export const HOME_NEWS_SIZE = 4;

export const useHot = () =>
  useApiQuery(API.hotCall, { size: HOME_POPULAR_SIZE }, { ...QUIET, refetchInterval: REFRESH_MS });

/** Same call and body as the Quotes tab, so the two screens share one cached answer. */
export const useOverview = () => useApiQuery(API.overviewCall, {}, { ...QUIET, refetchInterval: REFRESH_MS });

export const useRankings = (window: RankingWindow) =>
  useApiQuery(
    API.rankingsCall,
    { window, size: HOME_RANKING_SIZE },
    { ...QUIET, placeholderData: keepPreviousData },
  );

export const usePopularNews = () =>
  useApiQuery(
    API.newsListCall,
    { page: 1, size: HOME_NEWS_SIZE, sort: 'popular' },
    { ...QUIET, refetchInterval: 5 * 60_000 },
  );
