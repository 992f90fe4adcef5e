import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@kabuto/contract';
import { z } from 'zod';
import type { Feature } from '../../context';
import { inTransaction } from '../../db/database';
import { audit, operatorLogin, requireOperator } from './auth';
import { REVIEW_KINDS } from './reviews';

export const ADMIN_PREFIX = '/api/admin';
const REASON_MAX = 500;

const loginBody = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(128) });
const listQuery = z.object({
  kind: z.enum(REVIEW_KINDS),
  state: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
const decideParams = z.object({
  kind: z.enum(REVIEW_KINDS),
  id: z.coerce.number().int().positive(),
  decision: z.enum(['approve', 'reject']),
});
const decideBody = z.object({ reason: z.string().trim().max(REASON_MAX).optional() });

export const adminFeature: Feature = {
  name: 'admin',
  init(ctx) {
    ctx.reviewKinds = {};
  },
  routes(app, ctx) {
    app.post(
      `${ADMIN_PREFIX}/login`,
      { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (req, reply) => {
        const body = loginBody.safeParse(req.body ?? {});
        if (!body.success)
          return reply
            .code(400)
            .send({ error: 'bad_request', field: String(body.error.issues[0]?.path[0] ?? 'body') });
        const session = await operatorLogin(ctx, body.data.username, body.data.password);
        if (!session) return reply.code(401).send({ error: 'login_failed' });
        await audit(
          ctx.db,
          {
            operatorId: null,
            action: 'operator_login',
            targetType: 'operator',
            targetId: body.data.username,
            reason: null,
          },
          ctx.clock.now(),
        );
        return session;
      },
    );

    app.get(`${ADMIN_PREFIX}/reviews`, async (req, reply) => {
      const operator = await requireOperator(ctx, req, reply, 'review');
      if (!operator) return reply;
      const query = listQuery.safeParse(req.query ?? {});
      if (!query.success)
        return reply
          .code(400)
          .send({ error: 'bad_request', field: String(query.error.issues[0]?.path[0] ?? 'query') });
      const kind = ctx.reviewKinds[query.data.kind];
      if (!kind) return { list: [], total: 0, page: query.data.page, size: query.data.size };
      const result = await kind.list(ctx, query.data.state, query.data.page, query.data.size);
      return { ...result, page: query.data.page, size: query.data.size };
    });

    app.post(`${ADMIN_PREFIX}/reviews/:kind/:id/:decision`, async (req, reply) => {
      const operator = await requireOperator(ctx, req, reply, 'review');
      if (!operator) return reply;
      const params = decideParams.safeParse(req.params);
      const body = decideBody.safeParse(req.body ?? {});
      if (!params.success)
        return reply
          .code(400)
          .send({ error: 'bad_request', field: String(params.error.issues[0]?.path[0] ?? 'params') });
      if (!body.success) return reply.code(400).send({ error: 'bad_request', field: 'reason' });
      const reason = body.data.reason || null;
      // SPEC §9: every refusal asks for a reason.
      if (params.data.decision === 'reject' && !reason)
        return reply.code(400).send({ error: 'reason_required', field: 'reason' });
      const kind = ctx.reviewKinds[params.data.kind];
      if (!kind) return reply.code(404).send({ error: 'not_found' });
      const done = await inTransaction(ctx.db, async (trx) => {
        const changed = await kind.decide(ctx, trx, params.data.id, params.data.decision, operator, reason);
        if (changed) {
          await audit(
            trx,
            {
              operatorId: operator.id,
              action: `${params.data.kind}_${params.data.decision}`,
              targetType: params.data.kind,
              targetId: params.data.id,
              reason,
            },
            ctx.clock.now(),
          );
        }
        return changed;
      });
      if (!done) return reply.code(409).send({ error: 'not_pending' });
      return { ok: true };
    });
  },
};
