import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

/** /metrics is served only with its token (system module). */
const METRICS_TOKEN = 'jobs-metrics-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-17T01:00:00.000Z', config: { metricsToken: METRICS_TOKEN } });
});
afterAll(() => t.close());

describe('the jobs runner', () => {
  it('runs a cluster job once per slot, records it, and runs the next slot when the clock reaches it', async () => {
    const runs: string[] = [];
    t.ctx.jobs.define({
      name: 'test.interval',
      schedule: { kind: 'every', ms: 10_000 },
      scope: 'cluster',
      run: async (slot) => {
        runs.push(slot.key);
        return 'ran';
      },
    });
    await t.ctx.jobs.runDue();
    await t.ctx.jobs.runDue();
    expect(runs).toEqual(['2026-11-17T01:00:00.000Z']);
    t.clock.advance(10_000);
    await t.ctx.jobs.runDue();
    expect(runs).toEqual(['2026-11-17T01:00:00.000Z', '2026-11-17T01:00:10.000Z']);
    const recorded = await t.ctx.db
      .selectFrom('job_runs')
      .select(['slot', 'outcome', 'detail'])
      .where('job', '=', 'test.interval')
      .orderBy('slot')
      .execute();
    expect(recorded).toEqual([
      { slot: '2026-11-17T01:00:00.000Z', outcome: 'done', detail: 'ran' },
      { slot: '2026-11-17T01:00:10.000Z', outcome: 'done', detail: 'ran' },
    ]);
  });

  it('catches up every missed close after downtime, in order, once', async () => {
    const settled: string[] = [];
    t.ctx.jobs.define({
      name: 'test.close',
      schedule: { kind: 'sessionClose', market: 'jpy' },
      scope: 'cluster',
      run: async (slot) => {
        settled.push(slot.key);
        return undefined;
      },
    });
    // First run: only the latest close (Monday 16 Nov), no history replay.
    await t.ctx.jobs.runDue();
    expect(settled).toEqual(['2026-11-16']);
    // The node is down from Tuesday morning until the next Tuesday: four closes are missed
    // (Mon 23 Nov is a holiday in Japan).
    t.clock.set('2026-11-24T07:00:00.000Z');
    await t.ctx.jobs.runDue();
    expect(settled).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-24',
    ]);
    await t.ctx.jobs.runDue();
    expect(settled).toHaveLength(6);
  });

  it('re-runs a slot whose run failed, and does not move past it', async () => {
    let attempts = 0;
    t.ctx.jobs.define({
      name: 'test.flaky',
      schedule: { kind: 'daily', at: '00:05', timeZone: 'Asia/Tokyo' },
      scope: 'cluster',
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('the database went away');
        return 'ok';
      },
    });
    const first = await t.ctx.jobs.runDue();
    expect(first.find((r) => r.job === 'test.flaky')?.outcome).toBe('failed');
    const second = await t.ctx.jobs.runDue();
    expect(second.find((r) => r.job === 'test.flaky')?.outcome).toBe('done');
    expect(attempts).toBe(2);
  });

  it('counts runs in /metrics', async () => {
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/kabuto_job_runs_total\{job="test.flaky",outcome="done"\} 1/);
    expect(metrics.body).toMatch(/kabuto_job_runs_total\{job="test.flaky",outcome="failed"\} 1/);
  });

  it('removes idempotency keys older than a day', async () => {
    const old = new Date(t.clock.now().getTime() - 25 * 3_600_000);
    await sql`INSERT INTO users (account, password_hash, invite_code, language, created_at)
      VALUES ('jobs-user', 'x', 'JOBS0001', 'jp', now())`.execute(t.ctx.db);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'jobs-user')
      .executeTakeFirstOrThrow();
    for (const [key, createdAt] of [
      ['old', old],
      ['new', t.clock.now()],
    ] as const) {
      await t.ctx.db
        .insertInto('idempotency_keys')
        .values({
          user_id: user.id,
          key,
          path: '/x',
          request_hash: 'h',
          status_code: 200,
          response: '{}',
          created_at: createdAt,
        })
        .execute();
    }
    t.clock.advance(3_600_000);
    await t.ctx.jobs.runDue();
    const left = await t.ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((r) => r.key)).toEqual(['new']);
  });

  it("prunes runs older than a week, keeping each job's latest finished run", async () => {
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    for (const [slot, ago] of [
      ['a', 10],
      ['b', 9],
    ] as const) {
      await t.ctx.db
        .insertInto('job_runs')
        .values({
          job: 'test.rare',
          slot,
          due_at: new Date(now - ago * day),
          started_at: new Date(now - ago * day),
          finished_at: new Date(now - ago * day),
          outcome: 'done',
          detail: null,
        })
        .execute();
    }
    t.clock.advance(day);
    await t.ctx.jobs.runDue();
    const left = await t.ctx.db
      .selectFrom('job_runs')
      .select('slot')
      .where('job', '=', 'test.rare')
      .execute();
    expect(left.map((r) => r.slot)).toEqual(['b']);
  });
});
