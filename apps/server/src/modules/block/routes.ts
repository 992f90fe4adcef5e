import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import { blockAdminRoutes } from './admin';
import {
  applicationInfo,
  applyForBlock,
  BLOCK_STATES_MS,
  type BlockContext,
  blockReview,
  listApplications,
  listProducts,
  moveStates,
  productInfo,
  seedProducts,
} from './service';

/**
 * Block trades (SPEC §6.5): products the operator lists, applications that freeze block price ×
 * lots and take lots from the quota, decided on the review queue into holding positions.
 */
export const blockModule = defineModule(
  { name: 'block', dependencies: ['market', 'admin', 'reviews', 'jobs', 'trading'] },
  (app, platform) => {
    const ctx: BlockContext = {
      ...platform,
      market: app.market,
      reviewQueue: app.reviewQueue,
      trading: app.trading,
    };
    app.reviewQueue.register(blockReview(ctx));
    app.jobs.define({
      name: 'block.states',
      schedule: { kind: 'every', ms: BLOCK_STATES_MS },
      scope: 'cluster',
      run: () => moveStates(ctx),
    });
    ctx.lifecycle.seed.push(() => seedProducts(ctx));
    blockAdminRoutes(app, ctx);

    const language = (header: unknown, fallback: string) => pickLanguage(header, fallback);
    route(app, ctx, API.blockListCall, async ({ body, user, req }) => ({
      data: await listProducts(ctx, body.type, language(req.headers.language, user.language), body.state),
    }));
    route(app, ctx, API.blockInfoCall, async ({ body, user, req }) => ({
      data: await productInfo(ctx, user.id, body.id, language(req.headers.language, user.language)),
    }));
    route(
      app,
      ctx,
      API.blockApplyCall,
      async ({ body, user, req }) => ({
        msg: 'purchase',
        data: await applyForBlock(ctx, user, body, language(req.headers.language, user.language)),
      }),
      { guard: 'money' },
    );
    route(app, ctx, API.blockApplicationInfoCall, async ({ body, user, req }) => ({
      data: await applicationInfo(ctx, user.id, body.id, language(req.headers.language, user.language)),
    }));
    route(app, ctx, API.blockApplicationListCall, async ({ body, user, req }) => ({
      data: await listApplications(
        ctx,
        user.id,
        body.type,
        body.page,
        body.size,
        language(req.headers.language, user.language),
      ),
    }));
  },
);
