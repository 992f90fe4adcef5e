import { z } from 'zod';
import { ADJUST_MODES, CURRENCIES, KLINE_PERIODS, LANGUAGES, MARKETS, RANKING_WINDOWS } from '../enums';
import { zStockCode, zTime } from '../envelope';
import { int, text } from '../fields';
import { defineCall, withType } from './define';

/** Market data calls (SPEC §8 "market"). Every quote carries `simulated` (SPEC §0.8). */

export const zI18n = z.lazy(() =>
  z.object(
    Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<
      (typeof LANGUAGES)[number],
      z.ZodString
    >,
  ),
);
const zPriceText = z.string().describe('decimal string on the market tick grid');
const zSizeOf = (max: number, fallback: number) => int({ min: 1, max }).default(fallback);

/** Largest page of a chart request. */
export const KLINE_SIZE_MAX = 1000;
export const KLINE_SIZE_DEFAULT = 300;
export const SEARCH_RESULTS_MAX = 20;
export const WATCHLIST_MAX = 200;

export const zQuote = z.lazy(() =>
  z.object({
    code: z.string(),
    market: z.enum(MARKETS),
    kind: z.enum(['stock', 'index']),
    /** In the language of the `language` header. */
    name: z.string(),
    names: zI18n,
    sector: z.string(),
    sectorName: z.string(),
    currency: z.enum(CURRENCIES),
    price: zPriceText,
    previousClose: zPriceText,
    open: zPriceText,
    high: zPriceText,
    low: zPriceText,
    change: z.string(),
    changePercent: z.string(),
    volume: z.number().int(),
    turnover: z.string(),
    limitUp: zPriceText.nullable(),
    limitDown: zPriceText.nullable(),
    time: zTime,
    simulated: z.boolean(),
  }),
);
export type QuoteView = z.output<typeof zQuote>;

export const searchCall = defineCall({
  path: '/market/search',
  summary: 'Find stocks and indices by code or by name in Chinese, English or Japanese',
  auth: false,
  request: () => withType({ q: text({ min: 1, max: 40 }) }),
  response: () => z.object({ list: z.array(zQuote) }),
});

export const quoteCall = defineCall({
  path: '/market/quote',
  summary: 'Latest quote of one code (from memory; simulated prices are labelled)',
  auth: false,
  request: () => withType({ code: zStockCode }),
  response: () => zQuote,
});

export const zBar = z.lazy(() =>
  z.object({
    time: zTime,
    open: zPriceText,
    high: zPriceText,
    low: zPriceText,
    close: zPriceText,
    volume: z.number().int(),
    turnover: z.string(),
  }),
);

export const klineCall = defineCall({
  path: '/market/kline',
  summary:
    'Chart bars (SPEC §6.2): period time|5m|15m|30m|60m|day|week|month|year, adjust none|forward|backward; page back with `before` (ISO instant, bars strictly earlier)',
  auth: false,
  request: () =>
    withType({
      code: zStockCode,
      period: z.enum(KLINE_PERIODS).default('day'),
      adjust: z.enum(ADJUST_MODES).default('forward'),
      before: z.iso.datetime({ offset: true }).optional(),
      size: zSizeOf(KLINE_SIZE_MAX, KLINE_SIZE_DEFAULT),
    }),
  response: () =>
    z.object({
      code: z.string(),
      market: z.enum(MARKETS),
      period: z.enum(KLINE_PERIODS),
      adjust: z.enum(ADJUST_MODES),
      /** Trading day shown by the `time` period. */
      day: z.string().nullable(),
      bars: z.array(zBar),
      /** Older bars exist: ask again with `before` = the first bar's time. */
      more: z.boolean(),
      /**
       * A live price times this is on the basis of these bars (the newest day's adjustment): "2"
       * on backward-adjusted bars after a 2:1 split, "1" otherwise.
       */
      liveFactor: z.string(),
      simulated: z.boolean(),
    }),
});

export const zRankingRow = z.lazy(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    sectorName: z.string(),
    open: zPriceText,
    close: zPriceText,
    high: zPriceText,
    low: zPriceText,
    change: z.string(),
    changePercent: z.string(),
  }),
);

export const rankingsCall = defineCall({
  path: '/market/rankings',
  summary: 'Stocks of the selected market ranked by change over 1w|1m|3m|6m (forward-adjusted), best first',
  auth: false,
  request: () => withType({ window: z.enum(RANKING_WINDOWS).default('1w'), size: zSizeOf(100, 50) }),
  response: () =>
    z.object({
      window: z.enum(RANKING_WINDOWS),
      /** First trading day of the window. */
      from: z.string(),
      to: z.string(),
      list: z.array(zRankingRow),
      simulated: z.boolean(),
    }),
});

export const zNewsItem = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    source: z.string(),
    /** SPEC §6.6: demo articles are samples and say so. */
    sample: z.boolean(),
    codes: z.array(z.string()),
    views: z.number().int(),
    publishedAt: zTime,
  }),
);

export const overviewCall = defineCall({
  path: '/market/overview',
  summary:
    'Market overview of the selected market: indices, top news, sectors, alerts (limits, big movers), short selling (simulated), companies',
  auth: false,
  request: () => withType({}),
  response: () =>
    z.object({
      market: z.enum(MARKETS),
      open: z.boolean(),
      tradingDay: z.string(),
      indices: z.array(zQuote),
      news: z.array(zNewsItem),
      sectors: z.array(
        z.object({
          sector: z.string(),
          name: z.string(),
          count: z.number().int(),
          advancers: z.number().int(),
          decliners: z.number().int(),
          averageChangePercent: z.string(),
          leader: z.object({ code: z.string(), name: z.string(), changePercent: z.string() }),
        }),
      ),
      alerts: z.array(
        z.object({
          kind: z.enum(['limit_up', 'limit_down', 'big_gain', 'big_loss', 'volume_spike']),
          code: z.string(),
          name: z.string(),
          price: zPriceText,
          changePercent: z.string(),
        }),
      ),
      shortSelling: z.object({
        /** Simulated figures (SPEC §0.8): deterministic from the market seed, not exchange data. */
        simulated: z.literal(true),
        marketRatioPercent: z.string(),
        list: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            ratioPercent: z.string(),
            balance: z.number().int(),
          }),
        ),
      }),
      breadth: z.object({
        advancers: z.number().int(),
        decliners: z.number().int(),
        unchanged: z.number().int(),
      }),
      companies: z.array(
        z.object({
          code: z.string(),
          name: z.string(),
          sectorName: z.string(),
          price: zPriceText,
          changePercent: z.string(),
          marketCap: z.string().nullable(),
        }),
      ),
      simulated: z.boolean(),
    }),
});

export const hotCall = defineCall({
  path: '/market/hot',
  summary: 'Popular stocks of the selected market: most traded value today',
  auth: false,
  request: () => withType({ size: zSizeOf(50, 10) }),
  response: () => z.object({ list: z.array(zQuote) }),
});

export const companyCall = defineCall({
  path: '/market/company',
  summary: 'Company profile: sector, shares outstanding, market capitalisation',
  auth: false,
  request: () => withType({ code: zStockCode }),
  response: () =>
    z.object({
      code: z.string(),
      market: z.enum(MARKETS),
      kind: z.enum(['stock', 'index']),
      name: z.string(),
      names: zI18n,
      sector: z.string(),
      sectorName: z.string(),
      profile: z.string(),
      currency: z.enum(CURRENCIES),
      price: zPriceText,
      sharesOutstanding: z.number().int().nullable(),
      /** price × shares outstanding, in the market's currency; null for an index. */
      marketCap: z.string().nullable(),
      simulated: z.boolean(),
    }),
});

export const watchlistCall = defineCall({
  path: '/market/watchlist',
  summary: 'My watchlist in my order, with quotes (all markets)',
  auth: true,
  request: () => withType({}),
  response: () => z.object({ list: z.array(zQuote) }),
});

export const watchAddCall = defineCall({
  path: '/market/watchAdd',
  summary: 'Add a code to the end of my watchlist (adding it again changes nothing)',
  auth: true,
  request: () => withType({ code: zStockCode }),
  response: () => z.object({ codes: z.array(z.string()) }),
});

export const watchDeleteCall = defineCall({
  path: '/market/watchDelete',
  summary: 'Remove a code from my watchlist',
  auth: true,
  request: () => withType({ code: zStockCode }),
  response: () => z.object({ codes: z.array(z.string()) }),
});

export const watchOrderCall = defineCall({
  path: '/market/watchOrder',
  summary:
    'Reorder my watchlist: the codes given (comma-separated) first, in that order; the rest keep theirs',
  auth: true,
  request: () =>
    withType({
      codes: text({ min: 1, max: WATCHLIST_MAX * 17 })
        .transform((text) => text.split(',').map((c) => c.trim()))
        .pipe(z.array(zStockCode).min(1).max(WATCHLIST_MAX)),
    }),
  response: () => z.object({ codes: z.array(z.string()) }),
});

/** The quote stream at `/api/ws` (SPEC §8): what a client sends … */
export const zWsClientMessage = z.lazy(() =>
  z.discriminatedUnion('op', [
    z.object({ op: z.literal('subscribe'), codes: z.array(zStockCode).min(1).max(200) }),
    z.object({ op: z.literal('unsubscribe'), codes: z.array(zStockCode).min(1).max(200) }),
    z.object({ op: z.literal('ping') }),
    /** Binds the socket to a signed-in investor, for live notifications (SPEC §13.3). */
    z.object({
      op: z.literal('auth'),
      token: z.string().min(1).max(200),
      account: z.string().min(1).max(100),
      /** The language notices are written in (the `language` header of HTTP calls); default the investor's. */
      language: z.enum(LANGUAGES).optional(),
    }),
  ]),
);
export type WsClientMessage = z.input<typeof zWsClientMessage>;

/** … and what the server pushes. */
export const zWsServerMessage = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('tick'),
      code: z.string(),
      price: zPriceText,
      change: z.string(),
      changePercent: z.string(),
      /** The day's traded volume so far. */
      volume: z.number().int(),
      time: zTime,
      simulated: z.boolean(),
    }),
    z.object({
      type: z.literal('subscribed'),
      codes: z.array(z.string()),
      subscriptions: z.array(z.string()),
    }),
    z.object({
      type: z.literal('unsubscribed'),
      codes: z.array(z.string()),
      subscriptions: z.array(z.string()),
    }),
    z.object({ type: z.literal('pong') }),
    /** The socket now receives the investor's notifications (or `error` session_expired). */
    z.object({ type: z.literal('authed'), unread: z.number().int() }),
    /**
     * A new message for the investor (SPEC §13.3): a toast's text in the language the socket's
     * session chose, and the bell's new unread count.
     */
    z.object({
      type: z.literal('notice'),
      id: z.number().int(),
      kind: z.string(),
      title: z.string(),
      body: z.string(),
      unread: z.number().int(),
      /** Whether the investor's switch for this kind is on (off: bell only, no toast). */
      live: z.boolean(),
    }),
    z.object({
      type: z.literal('error'),
      msg: z.string(),
      field: z.string().optional(),
      codes: z.array(z.string()).optional(),
      limit: z.number().optional(),
    }),
  ]),
);
export type WsServerMessage = z.output<typeof zWsServerMessage>;

export const marketCalls = {
  searchCall,
  quoteCall,
  klineCall,
  rankingsCall,
  overviewCall,
  hotCall,
  companyCall,
  watchlistCall,
  watchAddCall,
  watchDeleteCall,
  watchOrderCall,
};
