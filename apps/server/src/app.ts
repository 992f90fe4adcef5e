import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { type Config, LIMITS } from './config';
import type { AppContext, Feature } from './context';
import { type Database, migrate } from './db/database';
import { DomainError } from './errors';
import { API_PREFIX } from './http/route';
import { SessionCache } from './http/session-cache';
import { features as defaultFeatures } from './modules/index';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL schema of this instance (tests). */
  schema?: string;
  features?: Feature[];
  /** Seed demo data when the database is empty. */
  seed?: boolean;
  /** Start background work (market feed, jobs). */
  background?: boolean;
  /** Serve the built front ends. */
  serveStatic?: boolean;
  /** Redis client factory for shared rate-limit counters across nodes. */
  rateLimitRedis?: unknown;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../../web/dist');
export const ADMIN_DIST = path.resolve(here, '../../admin/dist');

/** Builds the app: plugins, features, routes. `main.ts` listens; tests use `app.inject`. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: true,
    requestTimeout: 30_000,
  });
  await migrate(options.database.db, options.schema);

  const sessions = new SessionCache(options.config.sessionCacheMs);
  const ctx = {
    config: options.config,
    clock: options.clock ?? systemClock,
    db: options.database.db.withPlugin(sessions.plugin()),
    sessions,
    database: options.database,
    log: app.log,
    onClose: [],
  } as unknown as AppContext;
  const features = options.features ?? defaultFeatures;
  for (const feature of features) await feature.init?.(ctx);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(options.rateLimitRedis ? { redis: options.rateLimitRedis as never } : {}),
    // The limit guards the API; the built front ends' static files are not counted.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: () => ({ statusCode: 429, status: 0, msg: 'too_frequent' }),
  });
  await app.register(formbody, { bodyLimit: LIMITS.bodyBytes });
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadBytes, files: 4, fields: 30 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // One error handler: refusals answer their key; malformed requests answer bad_request; faults hide internals.
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof DomainError) {
      return reply.code(200).send({ status: 0, msg: error.key, ...(error.data ? { data: error.data } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ status: 0, msg: 'too_frequent' });
    if (status >= 400 && status < 500) {
      const isApi = req.url.startsWith(API_PREFIX);
      return reply
        .code(isApi ? 200 : status)
        .send({ status: 0, msg: 'bad_request', data: { field: 'body' } });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 0, msg: 'network_error' });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ status: 0, msg: 'not_found' });
    return reply.code(404).send('Not found');
  });

  for (const feature of features) await feature.routes?.(app, ctx);

  if (options.serveStatic !== false) {
    if (existsSync(ADMIN_DIST)) {
      await app.register(fastifyStatic, { root: ADMIN_DIST, prefix: '/admin/', decorateReply: false });
    }
    if (existsSync(WEB_DIST)) {
      await app.register(fastifyStatic, { root: WEB_DIST, prefix: '/', decorateReply: false });
    }
  }

  if (options.seed) {
    for (const feature of features) await feature.seed?.(ctx);
  }
  if (options.background) {
    for (const feature of features) await feature.start?.(ctx);
  }
  app.addHook('onClose', async () => {
    for (const stop of ctx.onClose.reverse()) await stop();
  });
  return { app, ctx };
}
