import { API, MARKET_CURRENCY, SEARCH_RESULTS_MAX } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { resolveSession } from '../../http/auth';
import { route } from '../../http/route';
import { type BusMessage, busChannel, LocalTickBus, RedisTickBus, type TickBus } from '../../market/bus';
import { BarPersister, SimulatedFeed } from '../../market/feed';
import { ensureHistory } from '../../market/history';
import { advisoryLeadership, type Leadership, soleLeadership } from '../../market/leader';
import { marketSettings } from '../../market/options';
import { InMemoryMarket } from '../../market/service';
import { barStore } from '../../market/store';
import type { Instrument, MarketService } from '../../market/types';
import type { InstrumentSpec } from '../../market/universe';
import { QuoteHub, type SocketAuthenticator } from '../../market/ws-hub';
import { defineModule } from '../../module';
import { messages, pickLanguage } from '../messages/port';
import { KlineService } from './kline';
import { hot, marketCap, normalizeCode, overview, rankings, search } from './service';
import { quoteView, sectorName } from './views';
import { watchlist } from './watchlist';

/** What the market feature keeps beside `ctx.market` (the concrete market, charts, stream, feed). */
export interface MarketData {
  market: InMemoryMarket;
  klines: KlineService;
  hub: QuoteHub | null;
  bus: TickBus | null;
  feed: SimulatedFeed | null;
  /** Whether this node runs the feed (holds the leader lock). */
  leader: boolean;
  /** Lists an instrument at run time (a new share on its listing day): quoted, searched and ticked by the feed. */
  list(spec: InstrumentSpec): void;
}

/** The quote stream in the API document (app.ts adds it: WebSocket routes are hidden from the generator). */
export const QUOTE_STREAM_DOC = {
  get: {
    summary:
      'Quote stream (WebSocket). Send {"op":"subscribe","codes":[…]}, {"op":"unsubscribe","codes":[…]} or {"op":"ping"}; ' +
      `receive {"type":"tick",code,price,change,changePercent,volume,time,simulated} for each tick of a subscribed code, ` +
      `"subscribed"/"unsubscribed" acknowledgements and {"type":"error",msg,field}. At most ${LIMITS.wsSubscriptionsPerSocket} codes per socket. ` +
      'Signed in, send {"op":"auth",token,account,language?}: answered {"type":"authed",unread} (or an error ' +
      'session_expired, account_blocked, too_frequent or network_error), then each new message arrives as {"type":"notice",id,kind,title,body,unread,live}.',
    tags: ['market'],
    responses: { 101: { description: 'Switching protocols' } },
  },
};

/** What the market module's own code works with: the platform and the market. */
export interface MarketContext extends AppContext {
  market: MarketService;
  marketData: MarketData;
}

/** Loads corporate actions and the last stored prices into the in-memory market. */
export async function loadStoredMarket(ctx: MarketContext): Promise<void> {
  const { market, klines } = ctx.marketData;
  market.setCorporateActions(await barStore.actions(ctx.db));
  const now = ctx.clock.now();
  const states = await barStore.dayStates(
    ctx.db,
    market.instruments().map((i) => ({ code: i.code, today: market.tradingDay(i.market, now) })),
  );
  market.prime(states);
  klines.clear();
}

function languageOf(req: FastifyRequest, user: { language: string } | null) {
  return pickLanguage(req.headers.language, user?.language ?? 'jp');
}

/**
 * A socket's `auth` (SPEC §13.3): its token and account resolve as an HTTP call's headers do
 * (a banned account is refused as its calls are); the bell's count and the newest message id it
 * covers, after which messages arrive as notices.
 */
function socketAuthenticator(ctx: AppContext): SocketAuthenticator {
  return {
    async resolve(token, account, language) {
      const session = await resolveSession(ctx, token, account);
      if (!session) return { refused: 'session_expired' };
      if (session.user.banned) return { refused: 'account_blocked' };
      // The language the investor's app shows now is theirs: a push reaches a phone whose app is
      // closed, so it is written in the language the app last used, not the one at registration.
      if (language && language !== session.user.language)
        await ctx.db.updateTable('users').set({ language }).where('id', '=', session.user.id).execute();
      return { id: session.user.id, language: language ?? pickLanguage(undefined, session.user.language) };
    },
    async counts(userId) {
      const [unread, newest] = await Promise.all([
        messages.unreadCount(ctx.db, userId),
        ctx.db
          .selectFrom('messages')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst(),
      ]);
      return { unread, afterMessageId: Number(newest?.id ?? 0) };
    },
  };
}

function instrumentOf(ctx: MarketContext, code: string): Instrument {
  const instrument = ctx.market.instrument(code) ?? ctx.market.instrument(normalizeCode(code));
  if (!instrument) throw new DomainError('not_found', { field: 'code' });
  return instrument;
}

/** Quotes, charts, rankings, the watchlist and the quote stream (SPEC §2, §6.2, §8 market calls). */
export const marketModule = defineModule(
  { name: 'market', dependencies: ['system'] },
  async (app, platform) => {
    const settings = marketSettings(platform.config);
    const market = new InMemoryMarket({
      instruments: settings.specs,
      hours: platform.config.marketHours,
      now: () => platform.clock.now(),
      simulated: true,
      onListenerError: (error) => platform.log.error({ err: error }, 'tick listener failed'),
    });
    const marketData: MarketData = {
      market,
      klines: new KlineService(platform.db, market, () => platform.clock.now()),
      hub: null,
      bus: null,
      feed: null,
      leader: false,
      list(spec) {
        market.list(spec);
        // The feed steps over this same array, so the new instrument ticks from its next step.
        if (!settings.specs.some((s) => s.code === spec.code)) settings.specs.push(spec);
      },
    };
    const ctx: MarketContext = { ...platform, market, marketData };
    app.decorate('market', market);
    app.decorate('marketData', marketData);
    await loadStoredMarket(ctx);
    const { klines } = marketData;

    route(app, ctx, API.searchCall, async ({ body, req, user }) => {
      const language = languageOf(req, user);
      return {
        data: {
          list: search(market, body.q, body.type, SEARCH_RESULTS_MAX).map((q) => quoteView(q, language)),
        },
      };
    });

    route(app, ctx, API.quoteCall, async ({ body, req, user }) => {
      const instrument = instrumentOf(ctx, body.code);
      const quote = market.quote(instrument.code);
      if (!quote) throw new DomainError('price_unavailable', { field: 'code' });
      return { data: quoteView(quote, languageOf(req, user)) };
    });

    route(app, ctx, API.klineCall, async ({ body }) => {
      const instrument = instrumentOf(ctx, body.code);
      const answer = await klines.kline(instrument.code, instrument.market, {
        code: instrument.code,
        period: body.period,
        adjust: body.adjust,
        before: body.before ? new Date(body.before) : null,
        size: body.size,
      });
      return {
        data: {
          code: instrument.code,
          market: instrument.market,
          period: body.period,
          adjust: body.adjust,
          day: answer.day,
          bars: answer.bars,
          more: answer.more,
          liveFactor: answer.liveFactor,
          simulated: true,
        },
      };
    });

    route(app, ctx, API.rankingsCall, async ({ body, req, user }) => ({
      data: await rankings(ctx, market, klines, body.type, body.window, languageOf(req, user), body.size),
    }));

    route(app, ctx, API.overviewCall, async ({ body, req, user }) => ({
      data: await overview(ctx, market, body.type, languageOf(req, user)),
    }));

    route(app, ctx, API.hotCall, async ({ body, req, user }) => {
      const language = languageOf(req, user);
      return { data: { list: hot(market, body.type, body.size).map((q) => quoteView(q, language)) } };
    });

    route(app, ctx, API.companyCall, async ({ body, req, user }) => {
      const instrument = instrumentOf(ctx, body.code);
      const spec = market.spec(instrument.code)!;
      const quote = market.quote(instrument.code);
      if (!quote) throw new DomainError('price_unavailable', { field: 'code' });
      const language = languageOf(req, user);
      return {
        data: {
          code: spec.code,
          market: spec.market,
          kind: spec.kind,
          name: spec.name[language],
          names: spec.name,
          sector: spec.sector,
          sectorName: sectorName(spec.sector, language),
          profile: spec.profile[language],
          currency: MARKET_CURRENCY[spec.market],
          price: quote.price,
          sharesOutstanding: spec.sharesOutstanding,
          marketCap: marketCap(spec, quote.price),
          simulated: quote.simulated,
        },
      };
    });

    route(app, ctx, API.watchlistCall, async ({ req, user }) => {
      const language = languageOf(req, user);
      const codes = await watchlist.codes(ctx.db, user.id);
      const list = codes.flatMap((code) => {
        const quote = market.quote(code);
        return quote ? [quoteView(quote, language)] : [];
      });
      return { data: { list } };
    });

    route(app, ctx, API.watchAddCall, async ({ body, user }) => {
      const instrument = instrumentOf(ctx, body.code);
      return {
        msg: 'add',
        data: { codes: await watchlist.add(ctx.db, user.id, instrument.code, ctx.clock.now()) },
      };
    });

    route(app, ctx, API.watchDeleteCall, async ({ body, user }) => {
      const code = ctx.market.instrument(body.code) ? body.code : normalizeCode(body.code);
      return { msg: 'ok', data: { codes: await watchlist.remove(ctx.db, user.id, code) } };
    });

    route(app, ctx, API.watchOrderCall, async ({ body, user }) => {
      const codes = body.codes.map((c) => (ctx.market.instrument(c) ? c : normalizeCode(c)));
      return { msg: 'modify', data: { codes: await watchlist.reorder(ctx.db, user.id, codes) } };
    });

    // SPEC §8: real-time quotes over a WebSocket, subscribed by code; SPEC §13.3: a socket that
    // sends `auth` also receives its investor's notices (modules/notify).
    const hub = new QuoteHub(market, LIMITS.wsSubscriptionsPerSocket, socketAuthenticator(ctx));
    ctx.marketData.hub = hub;
    // @fastify/websocket hides WebSocket routes from the API document; QUOTE_STREAM_DOC describes it there.
    app.get('/api/ws', { websocket: true }, (socket) => hub.add(socket));
    ctx.onClose.push(() => hub.close());

    platform.lifecycle.seed.push(async () => {
      const report = await ensureHistory(ctx.db, {
        seed: ctx.config.marketSeed,
        specs: settings.specs,
        now: ctx.clock.now(),
        historyDays: settings.historyDays,
        minuteDays: settings.minuteDays,
      });
      if (report.filledCodes > 0) ctx.log.info(report, 'market history generated');
      await loadStoredMarket(ctx);
    });

    platform.lifecycle.start.push(async () => {
      const onError = (error: unknown) => ctx.log.error({ err: error }, 'market feed');
      const bus: TickBus = ctx.config.redisUrl
        ? new RedisTickBus(
            ctx.config.redisUrl,
            ctx.config.marketBusChannel ?? busChannel(ctx.config.redisPrefix),
            onError,
          )
        : new LocalTickBus();
      ctx.marketData.bus = bus;
      bus.subscribe((message: BusMessage) => {
        if (message.kind === 'fx') market.ingestFx(message.rates);
        else if (message.kind === 'ticks') for (const tick of message.ticks) market.ingest(tick);
      });
      if (bus instanceof RedisTickBus) await bus.ready();

      const feed = new SimulatedFeed(market, bus, settings.specs, {
        seed: ctx.config.marketSeed,
        stepMs: settings.tickMs,
        ...(ctx.config.marketFeedSlices ? { slices: ctx.config.marketFeedSlices } : {}),
        now: () => ctx.clock.now(),
        onError,
      });
      ctx.marketData.feed = feed;
      const persister = new BarPersister(ctx.db, market, onError);
      const leadership: Leadership =
        ctx.database.kind === 'postgres' && ctx.config.databaseUrl
          ? advisoryLeadership(ctx.config.databaseUrl, {
              onError,
              ...(ctx.config.marketLeaderLockKey ? { key: ctx.config.marketLeaderLockKey } : {}),
            })
          : soleLeadership();
      leadership.onChange((leader) => {
        ctx.marketData.leader = leader;
        ctx.log.info(
          { leader },
          leader ? 'this node runs the market feed' : 'this node follows the market feed',
        );
        if (leader) {
          feed.start();
          persister.start();
        } else {
          feed.stop();
          void persister.stop();
        }
      });
      ctx.onClose.push(async () => {
        feed.stop();
        await persister.stop();
        await leadership.close();
        await bus.close();
      });
    });
  },
);
