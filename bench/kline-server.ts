/**
 * The server the market benchmarks (bench/kline.ts, bench/ws-fanout.ts) start: the market's own
 * features only, on the embedded database by default or, with BENCH_DATABASE_URL, on PostgreSQL
 * in a fresh schema of that database (created when missing; the schema is dropped at the end).
 * On PostgreSQL the feed's leader lock is taken in that database, so the benchmark database
 * must not be shared with a running deployment.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Config } from '../apps/server/src/config';
import { ensureDatabase } from './pg';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || null;

export async function startMarketServer(overrides: Partial<Config>, withNews: boolean) {
  process.env.NODE_ENV ??= 'production';
  const { sql } = await import('kysely');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { openDatabase } = await import('../apps/server/src/db/database');
  const { systemModule } = await import('../apps/server/src/modules/system/routes');
  const { marketModule } = await import('../apps/server/src/modules/market/routes');
  const { newsModule } = await import('../apps/server/src/modules/news/routes');

  const url = BENCH_DATABASE_URL;
  const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (url) await ensureDatabase(url);
  // The embedded database in its own thread, as the server runs it.
  const database = await openDatabase({ url, schema, poolSize: 20, thread: true });
  const config = loadConfig(
    {},
    { marketHours: 'always', rateLimitPerMinute: 10_000_000, databaseUrl: url, ...overrides },
  );
  const started = performance.now();
  // Only the market's own modules: other modules' background jobs would measure themselves.
  const { app, ctx } = await buildApp({
    config,
    database,
    schema,
    modules: withNews ? [systemModule, marketModule, newsModule] : [systemModule, marketModule],
    seed: true,
    background: true,
    serveStatic: false,
  });
  const startMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    ctx: { ...ctx, market: app.market, marketData: app.marketData },
    port: (app.server.address() as AddressInfo).port,
    startMs,
    databaseKind: database.kind,
    async close() {
      await app.close();
      if (schema) await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(ctx.db);
      await database.close();
    },
  };
}
