import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { type Config, LIMITS } from './config';
import type { AppContext } from './context';
import { type Database, isConnectionFault, migrate } from './db/database';
import { DomainError } from './errors';
import { parseForm, strictJsonBodies } from './http/bodies';
import { API_PREFIX } from './http/route';
import { SessionCache } from './http/session-cache';
import { serveBuiltApp } from './http/static-files';
import { sealStoredTotpSecrets } from './http/totp';
import type { Module } from './module';
import { modules as defaultModules } from './modules/index';
import { QUOTE_STREAM_DOC } from './modules/market/routes';
import './ports';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL schema of this instance (tests). */
  schema?: string;
  /** The modules to register, in an order that satisfies their dependencies (default: all). */
  modules?: Module[];
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
    logger: options.logger ?? (process.env.DEBUG_LOG ? { level: 'error' } : false),
    bodyLimit: LIMITS.bodyBytes,
    // Forwarding headers only from configured proxies (TRUST_PROXY); otherwise anyone could
    // pick the address every per-address limit counts by.
    trustProxy: options.config.trustProxy.length > 0 ? options.config.trustProxy : false,
    requestTimeout: 30_000,
    // A plugin's start may build the market's history, today's session so far included (seconds
    // on a busy machine): Fastify's 10 s default failed such starts, which are slow, not stuck.
    pluginTimeout: 120_000,
  });
  await migrate(options.database.db, options.schema);
  // Secrets written before they were sealed at rest are sealed now (a data migration that needs
  // the configured key, which the schema migrations do not see).
  await sealStoredTotpSecrets(options.database.db, options.config.totpKey);

  const sessions = new SessionCache(options.config.sessionCacheMs);
  const ctx: AppContext = {
    config: options.config,
    clock: options.clock ?? systemClock,
    db: options.database.db,
    sessions,
    database: options.database,
    log: app.log,
    onClose: [],
    lifecycle: { seed: [], start: [] },
  };
  app.decorate('platform', ctx);
  if (options.config.redisUrl) {
    // A ban or password change on one node is refused on every other at once.
    await sessions.connect(
      options.config.redisUrl,
      // Under the deployment's REDIS_PREFIX (a test's own bus channel when it names one).
      `${options.config.marketBusChannel ?? options.config.redisPrefix}:sessions`,
      (error) => app.log.error({ err: error }, 'session invalidation bus'),
    );
    ctx.onClose.push(() => sessions.close());
  }
  // Requests are validated by their contract schemas (zod type provider). Answers are checked
  // against theirs in the route itself outside production and sent as plain JSON.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // The OpenAPI document at /api/docs is generated from the routes' schemas (modules/system).
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kabuto API',
        version: '1.0.0',
        description:
          'Investor API under /api/vue (POST, form or JSON, answers {status, msg, data}; SPEC §8), back office under /api/admin (Bearer token; SPEC §9), quote stream at /api/ws.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          account: { type: 'apiKey', in: 'header', name: 'account' },
          operator: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? {
            ...document.openapiObject,
            paths: { ...document.openapiObject.paths, '/api/ws': QUOTE_STREAM_DOC },
          }
        : document.swaggerObject,
  });

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
  // API answers (JSON lists, klines) are compressed when the client asks; the built front ends'
  // files keep the brotli / gzip files made at build time (static-files.ts) and are left alone.
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(rateLimit, {
    global: true,
    max: options.config.rateLimitPerMinute,
    timeWindow: 60_000,
    // Counters live under the deployment's REDIS_PREFIX, so deployments sharing a Redis never mix.
    ...(options.rateLimitRedis
      ? { redis: options.rateLimitRedis as never, nameSpace: `${options.config.redisPrefix}:rate-limit:` }
      : {}),
    // The limit guards the API; the built front ends' static files are not counted.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: () => ({ statusCode: 429, status: 0, msg: 'too_frequent' }),
  });
  await app.register(formbody, { bodyLimit: LIMITS.bodyBytes, parser: parseForm });
  strictJsonBodies(app);
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
    if (isConnectionFault(error)) {
      // The database connection was lost or refused: nothing was answered, so the client may
      // retry (with its Idempotency-Key); the node probes the database until it answers.
      options.database.noteFault(error);
      req.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ status: 0, msg: 'network_error' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 0, msg: 'network_error' });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return reply.code(404).send({ status: 0, msg: 'not_found' });
    return reply.code(404).send('Not found');
  });

  for (const module of options.modules ?? defaultModules) await app.register(module);

  if (options.serveStatic !== false) {
    if (existsSync(ADMIN_DIST)) {
      await serveBuiltApp(app, ADMIN_DIST, '/admin/');
    }
    if (existsSync(WEB_DIST)) {
      await serveBuiltApp(app, WEB_DIST, '/');
    }
  }

  await app.after();
  if (options.seed) {
    for (const seed of ctx.lifecycle.seed) await seed();
  }
  if (options.background) {
    for (const start of ctx.lifecycle.start) await start();
  }
  app.addHook('onClose', async () => {
    for (const stop of ctx.onClose.reverse()) await stop();
  });
  return { app, ctx };
}
