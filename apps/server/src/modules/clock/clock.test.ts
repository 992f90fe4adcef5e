import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { operatorToken } from '../identity/testing';

describe('clock travel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { clockTravel: true } });
  });
  afterAll(() => t.close());

  // A fresh sign-in for each move: a back-office session idles out as the clock jumps hours.
  const advance = async (payload: unknown, auth?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/clock/advance',
      headers: { authorization: `Bearer ${auth ?? (await operatorToken(t))}` },
      payload: payload as object,
    });

  it('moves the clock forward and runs the jobs that became due', async () => {
    const res = await advance({ ms: 2 * 3_600_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { now: string; jobs: string[] };
    expect(body.now).toBe(new Date(Date.parse(TEST_NOW) + 2 * 3_600_000).toISOString());
    expect(t.ctx.clock.now().toISOString()).toBe(body.now);
    // The hourly clean-up fell due during the two hours.
    expect(body.jobs.some((run) => run.startsWith('idempotency.cleanup@'))).toBe(true);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('action', '=', 'clock_advance')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a step backwards, zero or over a month, and moves nothing', async () => {
    const before = t.ctx.clock.now().toISOString();
    for (const ms of [-1, 0, 32 * 86_400_000, 'soon', 1.5]) {
      const res = await advance({ ms });
      expect(res.statusCode, String(ms)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', field: 'ms' });
    }
    expect(t.ctx.clock.now().toISOString()).toBe(before);
  });

  it('refuses anyone but a signed-in operator', async () => {
    const res = await advance({ ms: 1000 }, 'not-a-token');
    expect(res.statusCode).toBe(401);
  });

  it('does not exist on a node started without the setting', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/admin/clock/advance',
        payload: { ms: 1 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
