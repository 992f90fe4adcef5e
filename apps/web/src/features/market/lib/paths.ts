/** Routes of the market screens (SPEC §2). */
export const MARKET_PATHS = {
  quotes: '/home/index',
  search: '/quotes/search',
  info: '/quotes/info',
  watchlist: '/quotes/self',
  newsInfo: '/news/info',
} as const;

export const stockPath = (code: string) => `${MARKET_PATHS.info}?code=${encodeURIComponent(code)}`;
export const newsPath = (id: number) => `${MARKET_PATHS.newsInfo}?id=${id}`;
