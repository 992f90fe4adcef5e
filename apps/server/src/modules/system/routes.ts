import { createHash, timingSafeEqual } from 'node:crypto';
import { API } from '@kabuto/contract';
import client from 'prom-client';
import { z } from 'zod';
import { publicConfig } from '../../config';
import { ping } from '../../db/database';
import { route } from '../../http/route';
import { defineModule } from '../../module';

/** Configuration for the client, health, metrics and the API document (SPEC §8, §10). */
export const systemModule = defineModule({ name: 'system', dependencies: [] }, (app, ctx) => {
  const metrics = new client.Registry();
  client.collectDefaultMetrics({ register: metrics });
  app.decorate('metrics', metrics);

  const requests = new client.Histogram({
    name: 'kabuto_http_request_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [metrics],
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      { route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  route(app, ctx, API.configCall, async () => ({ data: publicConfig(ctx.config) }));

  // Public and minimal: whether this node can serve, nothing about what it runs on.
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and the database state: databaseState up, or down (503) while the node reconnects',
        tags: ['operations'],
        response: {
          200: z.object({ status: z.literal('ok'), databaseState: z.literal('up') }),
          503: z
            .object({
              status: z.literal('unavailable'),
              databaseState: z.enum(['up', 'down']),
              since: z.string(),
            })
            .describe('database down; the node reconnects with backoff'),
        },
      },
    },
    async (_req, reply) => {
      // Liveness and the database's state: down (503) while the node has lost its database and
      // probes it with backoff; it serves again by itself once a probe answers.
      try {
        await ping(ctx.db);
        // Minimal (SPEC §8 operations; docs/security.md): the state, not the database or its errors.
        return reply.send({ status: 'ok', databaseState: 'up' });
      } catch (error) {
        ctx.database.noteFault(error);
        const health = ctx.database.health();
        return reply.code(503).send({
          status: 'unavailable',
          databaseState: health.state,
          since: health.since.toISOString(),
        });
      }
    },
  );
  // Metrics describe the running system, so they are served only to a scraper holding
  // METRICS_TOKEN; without one they are not served at all.
  app.get(
    '/metrics',
    {
      schema: {
        summary:
          'Prometheus metrics (text exposition format); header `Authorization: Bearer <METRICS_TOKEN>`, not served without the setting',
        tags: ['operations'],
      },
    },
    async (req, reply) => {
      if (!ctx.config.metricsToken) return reply.code(404).send({ status: 0, msg: 'not_found' });
      if (!bearerMatches(req.headers.authorization, ctx.config.metricsToken))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ status: 0, msg: 'session_expired' });
      reply.header('content-type', metrics.contentType);
      return metrics.metrics();
    },
  );
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
});

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
