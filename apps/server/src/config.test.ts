import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { busChannel } from './market/bus';
import { systemModule } from './modules/system/routes';

const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('limits in config', () => {
  it('reads the per-account order rate limit from ORDER_RATE_LIMIT_PER_MINUTE (default 60)', () => {
    expect(loadConfig({}).orderRateLimitPerMinute).toBe(60);
    expect(loadConfig({ ORDER_RATE_LIMIT_PER_MINUTE: '240' }).orderRateLimitPerMinute).toBe(240);
  });
});

describe('REDIS_PREFIX', () => {
  it('defaults to the database name, so two deployments sharing one Redis stay apart', () => {
    const a = loadConfig({ DATABASE_URL: 'postgres://u:secret@db-1:5432/kabuto_prod' });
    const b = loadConfig({ DATABASE_URL: 'postgres://u:secret@db-1:5432/kabuto_staging' });
    expect(a.redisPrefix).toBe('kabuto:kabuto_prod');
    expect(b.redisPrefix).toBe('kabuto:kabuto_staging');
    // Nodes reaching the same database by another host name share the namespace.
    expect(loadConfig({ DATABASE_URL: 'postgres://u@10.0.0.5/kabuto_prod' }).redisPrefix).toBe(a.redisPrefix);
    expect(busChannel(a.redisPrefix)).not.toBe(busChannel(b.redisPrefix));
    expect(loadConfig({ DATA_DIR: '/srv/a' }).redisPrefix).not.toBe(
      loadConfig({ DATA_DIR: '/srv/b' }).redisPrefix,
    );
    expect(loadConfig({ REDIS_PREFIX: 'acme', DATABASE_URL: 'postgres://u@h/x' }).redisPrefix).toBe('acme');
  });

  it('keeps rate-limit counters under the prefix', async () => {
    const prefix = `kabuto:test:${randomBytes(6).toString('hex')}`;
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const database = await openDatabase({ thread: true });
    const { app } = await buildApp({
      config: loadConfig({}, { redisUrl: REDIS_URL, redisPrefix: prefix }),
      database,
      modules: [systemModule],
      serveStatic: false,
      rateLimitRedis: redis,
    });
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await app.close();
      await database.close();
      redis.disconnect();
    });
    const res = await app.inject({ method: 'POST', url: '/api/vue/common/config', payload: { type: 'all' } });
    expect(res.statusCode).toBe(200);
    const keys = await redis.keys(`${prefix}:rate-limit:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});
