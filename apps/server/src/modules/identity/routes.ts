import path from 'node:path';
import { API } from '@kabuto/contract';
import type { Feature } from '../../context';
import { route } from '../../http/route';
import { FileService } from '../../storage/files';
import { LocalDirectoryStore } from '../../storage/store';
import { addCard, deleteCard, listCards } from './cards';
import { fileRoutes } from './files';
import { kycReviewKind, submitVerification, verifyInfo } from './kyc';
import './tables';

/** Real name, bank cards and uploaded files (SPEC §6.6). Needs the admin feature's review registry. */
export const identityFeature: Feature = {
  name: 'identity',
  init(ctx) {
    // ARCHITECTURE "Data": files under DATA_DIR, outside any static root.
    ctx.files = new FileService(
      new LocalDirectoryStore(path.join(ctx.config.dataDir, 'files')),
      ctx.db,
      ctx.clock,
    );
    ctx.reviewKinds.kyc = kycReviewKind;
  },
  routes(app, ctx) {
    route(app, ctx, API.verifyCall, async ({ user, body }) => ({
      msg: 'upload',
      data: await submitVerification(ctx, user, body),
    }));
    route(app, ctx, API.verifyInfoCall, async ({ user }) => ({ data: await verifyInfo(ctx, user.id) }));
    route(app, ctx, API.bankListCall, async ({ user }) => ({ data: await listCards(ctx.db, user.id) }));
    route(app, ctx, API.bankAddCall, async ({ user, body }) => ({
      msg: 'add',
      data: await addCard(ctx, user, body),
    }));
    route(app, ctx, API.bankDeleteCall, async ({ user, body }) => {
      await deleteCard(ctx, user.id, body.id);
      return { msg: 'unbind', data: null };
    });
    fileRoutes(app, ctx);
  },
};
