import { admin } from '@kabuto/contract';
import { defineModule } from '../../module';
import { adminCall, refuseAdmin } from '../backoffice/port';
import { ReviewQueue } from './queue';

/**
 * The one review queue (SPEC §5, §9) and its back-office calls. Reviewed kinds (deposit,
 * withdrawal, kyc, and the products' loan, daytrade and block) register their hooks on the
 * `reviewQueue` port; listing, the single decision, the audit entry and the message live here.
 */
export const reviewsModule = defineModule({ name: 'reviews', dependencies: ['admin'] }, (app, ctx) => {
  const queue = new ReviewQueue(ctx);
  app.decorate('reviewQueue', queue);

  adminCall(app, admin.reviews.list, async ({ query }) => {
    const { kind, state, user_id, page, size } = query;
    const result = await queue.list({ kind, state, userId: user_id, page, size });
    return { ...result, page, size };
  });

  adminCall(app, admin.reviews.decide, async ({ params, body, operator }) => {
    const reason = body.reason || null;
    // SPEC §9: every refusal asks for a reason.
    if (params.decision === 'reject' && !reason) return refuseAdmin(400, 'reason_required', 'reason');
    const outcome = await queue.decide(params.kind, params.id, {
      decision: params.decision,
      operator,
      reason,
    });
    if (outcome === 'unknown_kind') return refuseAdmin(404, 'not_found');
    if (outcome === 'not_pending') return refuseAdmin(409, 'not_pending');
    return { ok: true };
  });
});
