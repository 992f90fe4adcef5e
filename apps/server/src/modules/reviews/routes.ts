import { API_ADMIN } from '@kabuto/contract';
import { defineModule } from '../../module';
import { ADMIN_PREFIX } from '../admin/port';
import { ReviewQueue } from './queue';

/**
 * The one review queue (SPEC §5, §9) and its back-office calls. Reviewed kinds (deposit,
 * withdrawal, kyc, and the products' loan, daytrade and block) register their hooks on the
 * `reviewQueue` port; listing, the single decision, the audit entry and the message live here.
 */
export const reviewsModule = defineModule({ name: 'reviews', dependencies: ['admin'] }, (app, ctx) => {
  const queue = new ReviewQueue(ctx);
  app.decorate('reviewQueue', queue);

  app.get(
    `${ADMIN_PREFIX}/reviews`,
    { schema: { ...API_ADMIN.reviews.doc, querystring: API_ADMIN.reviews.query }, attachValidation: true },
    async (req, reply) => {
      const operator = await app.admin.requireOperator(req, reply, 'review');
      if (!operator) return reply;
      const query = API_ADMIN.reviews.query.safeParse(req.query ?? {});
      if (!query.success)
        return reply
          .code(400)
          .send({ error: 'bad_request', field: String(query.error.issues[0]?.path[0] ?? 'query') });
      const { kind, state, user_id, page, size } = query.data;
      const result = await queue.list({ kind, state, userId: user_id, page, size });
      return { ...result, page, size };
    },
  );

  app.post(
    `${ADMIN_PREFIX}/reviews/:kind/:id/:decision`,
    {
      schema: { ...API_ADMIN.decide.doc, params: API_ADMIN.decide.params, body: API_ADMIN.decide.body },
      attachValidation: true,
    },
    async (req, reply) => {
      const operator = await app.admin.requireOperator(req, reply, 'review');
      if (!operator) return reply;
      const params = API_ADMIN.decide.params.safeParse(req.params);
      const body = API_ADMIN.decide.body.safeParse(req.body);
      if (!params.success)
        return reply
          .code(400)
          .send({ error: 'bad_request', field: String(params.error.issues[0]?.path[0] ?? 'params') });
      if (!body.success) return reply.code(400).send({ error: 'bad_request', field: 'reason' });
      const reason = body.data.reason || null;
      // SPEC §9: every refusal asks for a reason.
      if (params.data.decision === 'reject' && !reason)
        return reply.code(400).send({ error: 'reason_required', field: 'reason' });
      const outcome = await queue.decide(params.data.kind, params.data.id, {
        decision: params.data.decision,
        operator,
        reason,
      });
      if (outcome === 'unknown_kind') return reply.code(404).send({ error: 'not_found' });
      if (outcome === 'not_pending') return reply.code(409).send({ error: 'not_pending' });
      return { ok: true };
    },
  );
});
