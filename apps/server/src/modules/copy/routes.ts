import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import { copyAdminRoutes } from './admin-routes';
import type { CopyContext } from './context';
import { FANOUT_SWEEP_MS, FanoutRunner, runLeaders } from './fanout';
import { follow, followOrders, listHoldings } from './holdings';
import { BUILT_IN_LEADERS, createLeader, runHistory } from './leaders';
import { endLockIns, LOCKIN_SWEEP_MS } from './lockin';
import { listProductOnLeader, listProducts, productInfo } from './products';
import './tables';

/** How often the strategies look for their daily decision (each decides once per trading day). */
export const STRATEGY_SWEEP_MS = 60_000;
/** The demo products listed on the built-in leaders at the first start. */
const DEMO_PRODUCTS = [
  {
    name: 'Trend Follower',
    names: { cn: '趋势跟随', us: 'Trend Follower', jp: 'トレンドフォロー' },
    minAmountMinor: 100_000,
    lockDays: 7,
  },
  {
    name: 'Mean Reversion',
    names: { cn: '均值回归', us: 'Mean Reversion', jp: 'ミーンリバージョン' },
    minAmountMinor: 100_000,
    lockDays: 14,
  },
  {
    name: 'Nikkei Basket',
    names: { cn: '日经篮子', us: 'Nikkei Basket', jp: '日経バスケット' },
    minAmountMinor: 50_000,
    lockDays: 30,
  },
];
const DEMO_CUTOFF_DAYS = 365;

export interface CopyPort {
  fanout: FanoutRunner;
}

/**
 * Copy trading (SPEC §6.5): leaders run by built-in strategies trade through the order engine;
 * their fills are mirrored into followers' holdings in batches; lock-ins end by the jobs runner.
 */
export const copyModule = defineModule(
  { name: 'copy', dependencies: ['market', 'users', 'trading', 'jobs', 'admin'] },
  (app, platform) => {
    const ctx: CopyContext = { ...platform, market: app.market, trading: app.trading };
    const fanout = new FanoutRunner(ctx);
    app.decorate('copyTrading', { fanout } satisfies CopyPort);
    ctx.onClose.push(() => fanout.idle());

    // SPEC §11 demo data: the built-in leaders, their simulated history, a product on each.
    platform.lifecycle.seed.push(async () => {
      const now = ctx.clock.now();
      for (const [i, definition] of BUILT_IN_LEADERS.entries()) {
        const leader = await runHistory(ctx, await createLeader(ctx, definition));
        const listed = await ctx.db
          .selectFrom('copy_products')
          .select(['id', 'name', 'names'])
          .where('leader_id', '=', leader.id)
          .executeTakeFirst();
        const demo = DEMO_PRODUCTS[i];
        // A demo product listed before names by language were kept gets them now.
        if (listed && demo && listed.names === null && listed.name === demo.name)
          await ctx.db
            .updateTable('copy_products')
            .set({ names: JSON.stringify(demo.names) })
            .where('id', '=', listed.id)
            .execute();
        if (!listed && demo)
          await listProductOnLeader(
            ctx.db,
            {
              leaderId: leader.id,
              ...demo,
              cutoffAt: new Date(now.getTime() + DEMO_CUTOFF_DAYS * 86_400_000),
            },
            null,
            now,
          );
      }
    });

    app.jobs.define({
      name: 'copy.strategies',
      schedule: { kind: 'every', ms: STRATEGY_SWEEP_MS },
      scope: 'cluster',
      run: () => runLeaders(ctx, fanout),
    });
    app.jobs.define({
      name: 'copy.fanout',
      schedule: { kind: 'every', ms: FANOUT_SWEEP_MS },
      scope: 'cluster',
      run: async () => {
        fanout.kick();
        await fanout.idle();
        return 'drained';
      },
    });
    app.jobs.define({
      name: 'copy.lockin',
      schedule: { kind: 'every', ms: LOCKIN_SWEEP_MS },
      scope: 'cluster',
      // SPEC §6.5: at the end of the lock-in the holding's value returns to available.
      run: () => endLockIns(ctx),
    });

    copyAdminRoutes(app, ctx);

    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);

    route(app, ctx, API.productListCall, async ({ body, user, req }) => ({
      data: await listProducts(ctx, body.page, body.size, language(req.headers.language, user.language)),
    }));
    route(app, ctx, API.productInfoCall, async ({ body, user, req }) => ({
      data: await productInfo(ctx, body.id, language(req.headers.language, user.language)),
    }));
    route(
      app,
      ctx,
      API.productBuyCall,
      async ({ user, body, req }) => ({
        msg: 'follow',
        data: await follow(ctx, user, body, language(req.headers.language, user.language)),
      }),
      { guard: 'money' },
    );
    route(app, ctx, API.userProductListCall, async ({ user, body, req }) => ({
      data: await listHoldings(
        ctx,
        user.id,
        body.page,
        body.size,
        language(req.headers.language, user.language),
      ),
    }));
    route(app, ctx, API.followOrdersCall, async ({ user, body, req }) => ({
      data: await followOrders(
        ctx,
        user.id,
        body.holding_id,
        language(req.headers.language, user.language),
        body.page,
        body.size,
      ),
    }));
  },
);
