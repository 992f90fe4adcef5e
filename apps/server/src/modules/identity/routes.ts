import path from 'node:path';
import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { FileService } from '../../storage/files';
import { LocalDirectoryStore } from '../../storage/store';
import { addCard, deleteCard, listCards } from './cards';
import { fileRoutes } from './files';
import { type IdentityContext, kycReview, submitVerification, verifyInfo } from './kyc';
import './tables';

/** Real name, bank cards and uploaded files (SPEC §6.6); real-name submissions go to the review queue. */
export const identityModule = defineModule(
  { name: 'identity', dependencies: ['admin', 'reviews'] },
  (app, platform) => {
    // ARCHITECTURE "Data": files under DATA_DIR, outside any static root.
    const files = new FileService(
      new LocalDirectoryStore(path.join(platform.config.dataDir, 'files')),
      platform.db,
      platform.clock,
    );
    app.decorate('files', files);
    const ctx: IdentityContext = { ...platform, files, reviewQueue: app.reviewQueue };
    app.reviewQueue.register(kycReview(platform.config));
    route(app, ctx, API.verifyCall, async ({ user, body }) => ({
      msg: 'upload',
      data: await submitVerification(ctx, user, body),
    }));
    route(app, ctx, API.verifyInfoCall, async ({ user }) => ({ data: await verifyInfo(ctx, user.id) }));
    route(app, ctx, API.bankListCall, async ({ user }) => ({ data: await listCards(ctx.db, user.id) }));
    // SPEC §13.1: a card change asks for a fresh second-factor proof.
    route(
      app,
      ctx,
      API.bankAddCall,
      async ({ user, body }) => ({ msg: 'add', data: await addCard(ctx, user, body) }),
      { stepUp: 'money' },
    );
    route(
      app,
      ctx,
      API.bankDeleteCall,
      async ({ user, body }) => {
        await deleteCard(ctx, user.id, body.id);
        return { msg: 'unbind', data: null };
      },
      { stepUp: 'money' },
    );
    fileRoutes(app, ctx);
  },
);
