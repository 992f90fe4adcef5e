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

describe('the environment, read through one schema', () => {
  it('takes a test push origin only on a clock-travel node and only at a loopback address', () => {
    const origin = 'http://127.0.0.1:4555';
    expect(loadConfig({ KABUTO_PUSH_TEST_ORIGIN: origin }).pushTestOrigin).toBeNull();
    expect(
      loadConfig({ KABUTO_CLOCK_TRAVEL: '1', KABUTO_PUSH_TEST_ORIGIN: `${origin}/` }).pushTestOrigin,
    ).toBe(origin);
    expect(() =>
      loadConfig({ KABUTO_CLOCK_TRAVEL: '1', KABUTO_PUSH_TEST_ORIGIN: 'https://push.example.com' }),
    ).toThrow(/KABUTO_PUSH_TEST_ORIGIN/);
  });

  it('reads each variable into its type, an empty value as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      MARKET_HOURS: 'real',
      FUND_HOURS: '',
      REQUIRE_SECOND_FACTOR: 'Yes',
      WITHDRAW_WITH_OPEN_POSITIONS: 'off',
      SESSION_CACHE_MS: '0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 8080,
      marketHours: 'real',
      fundHours: 'always',
      requireSecondFactor: true,
      withdrawWithOpenPositions: false,
      sessionCacheMs: 0,
      redisUrl: 'redis://127.0.0.1:6379',
      webauthnOrigin: 'http://localhost:8080',
      totpKeyConfigured: true,
    });
    expect(config.totpKey.toString('hex')).toBe('ab'.repeat(32));
    expect(loadConfig({ ADMIN_PASSWORD: ' spaced secret ' }).adminPassword).toBe(' spaced secret ');
  });

  it.each([
    [{ PORT: '80a' }, 'PORT: expected a whole number (got "80a")'],
    [{ PORT: '70000' }, 'PORT: expected at most 65535 (got "70000")'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE: expected at least 1 (got "0")'],
    [{ MARKET_HOURS: 'sometimes' }, 'MARKET_HOURS: expected always or real (got "sometimes")'],
    [{ REQUIRE_SECOND_FACTOR: 'maybe' }, 'REQUIRE_SECOND_FACTOR: expected on or off'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL: expected a redis:// or rediss:// address'],
    [{ WEBAUTHN_ORIGIN: 'localhost:3000' }, 'WEBAUTHN_ORIGIN: expected an http:// or https:// origin'],
  ])('refuses %o with an error naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names every refused variable at once, and never shows a secret it refuses', () => {
    let error: Error | undefined;
    try {
      loadConfig({ PORT: 'x', TOTP_ENCRYPTION_KEY: 'too-short-secret' });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain('PORT: expected a whole number');
    expect(error?.message).toContain('TOTP_ENCRYPTION_KEY: expected 32 bytes as 64 hex digits or base64');
    expect(error?.message).not.toContain('too-short-secret');
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
