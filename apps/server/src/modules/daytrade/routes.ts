import { API, admin } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { adminCall } from '../backoffice/port';
import { pickLanguage } from '../messages/port';
import { dayTradeReview, settleMarket } from './review';
import {
  adminDayTrades,
  applyForDayTrade,
  type DayTradeContext,
  dayInfo,
  dayTradeDetail,
  dayTradeGate,
  listDayTrades,
} from './service';

/**
 * The day-trading program (SPEC §6.5): applications reviewed on the review queue, the gate that
 * lets the trading engine take day-mode orders on the approved day, and the forced flat and
 * settlement at each market's session close (jobs runner; a node down at the close catches up).
 */
export const dayTradeModule = defineModule(
  { name: 'daytrade', dependencies: ['market', 'admin', 'reviews', 'jobs', 'trading'] },
  (app, platform) => {
    const ctx: DayTradeContext = {
      ...platform,
      market: app.market,
      trading: app.trading,
      reviewQueue: app.reviewQueue,
    };
    app.trading.dayTradeGate = dayTradeGate(ctx);
    app.reviewQueue.register(dayTradeReview);
    for (const market of ['jpy', 'usd', 'cny'] as const)
      app.jobs.define({
        name: `daytrade.close.${market}`,
        schedule: { kind: 'sessionClose', market },
        scope: 'cluster',
        run: () => settleMarket(ctx, market),
      });
    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);

    route(app, ctx, API.dayInfoCall, async ({ user, body }) => ({
      data: await dayInfo(ctx, user, body.type),
    }));
    route(
      app,
      ctx,
      API.dayApplyCall,
      async ({ user, body }) => ({
        msg: 'subscribe',
        data: await applyForDayTrade(ctx, user, body.type, body),
      }),
      { guard: 'money' },
    );
    route(app, ctx, API.dayListCall, async ({ user, body }) => ({
      data: await listDayTrades(ctx, user.id, body.page, body.size),
    }));
    adminCall(app, admin.daytrade.list, ({ query }) => adminDayTrades(ctx, query));

    route(app, ctx, API.dayDetailCall, async ({ user, body, req }) => ({
      data: await dayTradeDetail(ctx, user.id, body.id, language(req.headers.language, user.language)),
    }));
  },
);
