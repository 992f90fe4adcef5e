import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import { ipoAdminRoutes } from './admin';
import { IPO_ADVANCE_MS, type IpoContext } from './context';
import { seedDemoShares } from './demo';
import { advance, relistAll } from './lifecycle';
import {
  abstain,
  listShares,
  lotteryProof,
  payForWin,
  shareInfo,
  subscribe,
  userSubscriptions,
} from './service';

/**
 * New shares (SPEC §6.5): the operator lists a share with its moments; users subscribe with the
 * amount frozen; the jobs runner opens, closes, draws (a seeded, recorded lottery), fails unpaid
 * wins and lists the share, turning paid wins into holding positions. Listed shares trade in the
 * simulated market and are re-listed at every start.
 */
export const ipoModule = defineModule(
  { name: 'ipo', dependencies: ['market', 'users', 'jobs', 'admin', 'trading'] },
  async (app, platform) => {
    const ctx: IpoContext = {
      ...platform,
      market: app.market,
      marketData: app.marketData,
      trading: app.trading,
    };
    await relistAll(ctx);
    app.jobs.define({
      name: 'ipo.advance',
      schedule: { kind: 'every', ms: IPO_ADVANCE_MS },
      scope: 'cluster',
      run: (slot) => advance(ctx, slot.dueAt),
    });
    ctx.lifecycle.seed.push(() => seedDemoShares(ctx));
    ipoAdminRoutes(app, ctx);

    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);
    route(app, ctx, API.newStockListCall, async ({ body, user, req }) => ({
      data: await listShares(ctx, user.id, body, language(req.headers.language, user.language)),
    }));
    route(app, ctx, API.newStockInfoCall, async ({ body, user, req }) => ({
      data: await shareInfo(ctx, user.id, body.id, language(req.headers.language, user.language)),
    }));
    route(
      app,
      ctx,
      API.subscribeCall,
      async ({ body, user, req }) => ({
        msg: 'subscribe',
        data: await subscribe(ctx, user, body, language(req.headers.language, user.language)),
      }),
      { guard: 'money' },
    );
    route(
      app,
      ctx,
      API.newStockPayCall,
      async ({ body, user, req }) => ({
        msg: 'purchase',
        data: await payForWin(ctx, user, body, language(req.headers.language, user.language)),
      }),
      { guard: 'money' },
    );
    route(
      app,
      ctx,
      API.newStockAbstainCall,
      async ({ body, user, req }) => ({
        msg: 'ok',
        data: await abstain(ctx, user, body.id, language(req.headers.language, user.language)),
      }),
      { guard: 'money' },
    );
    route(app, ctx, API.newStockLotteryCall, async ({ body, user }) => ({
      data: await lotteryProof(ctx, user.id, body.id),
    }));
    route(app, ctx, API.userNewStockListCall, async ({ body, user, req }) => ({
      data: await userSubscriptions(ctx, user.id, body, language(req.headers.language, user.language)),
    }));
  },
);
