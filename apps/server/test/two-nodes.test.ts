import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ManualClock } from '../src/clock';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { api, registerUser, TEST_NOW } from './helpers';
import { POSTGRES_URL } from './postgres-url';

/**
 * ARCHITECTURE "Scale-out": two nodes on one PostgreSQL and one Redis. A scheduled job runs once
 * across them, and a ban made through one node is refused by the other at once. Runs against the
 * PostgreSQL and Redis servers of the test environment, in both runs of the suite.
 */
const DATABASE_URL = POSTGRES_URL;
const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const schema = `t_nodes_${randomBytes(5).toString('hex')}`;
const clock = new ManualClock(new Date(TEST_NOW));
const config = loadConfig(
  {},
  {
    databaseUrl: DATABASE_URL,
    redisUrl: REDIS_URL,
    marketHours: 'always',
    fundHours: 'always',
    rateLimitPerMinute: 100_000,
    loginRateLimitPerMinute: 100_000,
    // Long enough that only an invalidation, not expiry, can explain a refusal within a second.
    sessionCacheMs: 60_000,
    marketBusChannel: `kabuto:test:${randomBytes(5).toString('hex')}`,
    dataDir: `/tmp/kabuto-test-${randomBytes(6).toString('hex')}`,
  },
);

async function node() {
  const database = await openDatabase({ url: DATABASE_URL, schema, poolSize: 5 });
  const { app, ctx } = await buildApp({ config, database, clock, schema, serveStatic: false });
  await app.ready();
  return { app, ctx, database };
}

let a: Awaited<ReturnType<typeof node>>;
let b: Awaited<ReturnType<typeof node>>;
beforeAll(async () => {
  a = await node();
  b = await node();
});
afterAll(async () => {
  for (const n of [a, b]) {
    await n?.app.close();
  }
  await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(a.ctx.db);
  for (const n of [a, b]) await n?.database.close();
});

describe('two nodes', () => {
  it('run a scheduled job once between them', async () => {
    let runs = 0;
    for (const n of [a, b]) {
      n.app.jobs.define({
        name: 'test.once',
        schedule: { kind: 'every', ms: 60_000 },
        scope: 'cluster',
        run: async () => {
          runs += 1;
          // Long enough for the other node to try while this one holds the job.
          await new Promise((resolve) => setTimeout(resolve, 200));
          return 'ran';
        },
      });
    }
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(runs).toBe(1);
    const recorded = await a.ctx.db
      .selectFrom('job_runs')
      .selectAll()
      .where('job', '=', 'test.once')
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ outcome: 'done', detail: 'ran' });
  });

  it('refuse on one node, within a second, a user banned through the other', async () => {
    const session = await registerUser(a.app);
    // Each node has read and cached the session.
    expect((await api(a.app, '/user/summary', {}, { session })).status).toBe(1);
    expect((await api(b.app, '/user/summary', {}, { session })).status).toBe(1);

    // The ban through node A: the flag written, the node's sessions told (as the back office does).
    await a.ctx.db
      .updateTable('users')
      .set({ banned: true, flag_reason: 'fraud review' })
      .where('id', '=', session.userId)
      .execute();
    a.ctx.sessions.forgetUser(session.userId);
    const bannedAt = Date.now();

    let answer = await api(b.app, '/user/summary', {}, { session });
    while (answer.status === 1 && Date.now() - bannedAt < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await api(b.app, '/user/summary', {}, { session });
    }
    expect(Date.now() - bannedAt).toBeLessThan(1_000);
    expect(answer).toMatchObject({ status: 0, msg: 'account_blocked' });
  });
});
