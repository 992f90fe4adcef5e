import { API } from '@kabuto/contract';
import client from 'prom-client';
import { publicConfig } from '../../config';
import type { Feature } from '../../context';
import { ping } from '../../db/database';
import { route } from '../../http/route';
import { extraPaths, openApiDocument } from './openapi';

declare module '../../context' {
  interface AppContext {
    metrics: client.Registry;
  }
}

export const systemFeature: Feature = {
  name: 'system',
  init(ctx) {
    ctx.metrics = new client.Registry();
    client.collectDefaultMetrics({ register: ctx.metrics });
  },
  routes(app, ctx) {
    const requests = new client.Histogram({
      name: 'kabuto_http_request_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [ctx.metrics],
    });
    app.addHook('onResponse', async (req, reply) => {
      requests.observe(
        { route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    route(app, ctx, API.configCall, async () => ({ data: publicConfig(ctx.config) }));

    app.get('/healthz', async (_req, reply) => {
      try {
        await ping(ctx.db);
        return { status: 'ok', database: ctx.database.kind };
      } catch {
        return reply.code(503).send({ status: 'unavailable' });
      }
    });
    app.get('/metrics', async (_req, reply) => {
      reply.header('content-type', ctx.metrics.contentType);
      return ctx.metrics.metrics();
    });
    Object.assign(extraPaths, {
      '/healthz': {
        get: {
          summary: 'Liveness and database reachability',
          responses: { 200: { description: 'ok' }, 503: { description: 'database down' } },
        },
      },
      '/metrics': {
        get: { summary: 'Prometheus metrics', responses: { 200: { description: 'text exposition format' } } },
      },
      '/api/admin/login': {
        post: {
          summary: 'Operator login {username, password} → {token, role}',
          responses: { 200: { description: 'session' }, 401: { description: 'wrong credentials' } },
        },
      },
      '/api/admin/reviews': {
        get: {
          summary: 'Review queue ?kind=deposit|withdrawal|kyc|loan|daytrade|block&state=pending',
          security: [{ operator: [] }],
          responses: { 200: { description: 'items' } },
        },
      },
      '/api/admin/reviews/{kind}/{id}/approve': {
        post: {
          summary: 'Approve {reason?}',
          security: [{ operator: [] }],
          responses: { 200: { description: 'done' }, 409: { description: 'not pending' } },
        },
      },
      '/api/admin/reviews/{kind}/{id}/reject': {
        post: {
          summary: 'Reject {reason}',
          security: [{ operator: [] }],
          responses: { 200: { description: 'done' }, 409: { description: 'not pending' } },
        },
      },
    });
    app.get('/api/docs', async () => openApiDocument());
  },
};
