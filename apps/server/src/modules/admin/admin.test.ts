import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { hashPassword } from '../../http/auth';
import { ensureFirstOperator } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureFirstOperator(t.ctx, 'adminpass');
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

describe('back-office access', () => {
  it('creates the first operator once and logs it in with a bearer token and role', async () => {
    expect(await ensureFirstOperator(t.ctx, 'another')).toBe(false);
    const res = await login('admin', 'adminpass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'admin' });
    expect((res.json() as { token: string }).token.length).toBeGreaterThan(20);
  });

  it('refuses wrong credentials and records logins in the audit log', async () => {
    expect((await login('admin', 'nope')).statusCode).toBe(401);
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator_login')
      .execute();
    expect(entries.length).toBeGreaterThan(0);
  });

  it('keeps review queues from callers without a token or without the reviewer role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews?kind=deposit' })).statusCode).toBe(
      401,
    );
    await t.ctx.db
      .insertInto('operators')
      .values({
        username: 'lister',
        password_hash: await hashPassword('listerpass'),
        role: 'operator',
        created_at: t.clock.now(),
      })
      .execute();
    const token = (await login('lister', 'listerpass')).json().token as string;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reviews?kind=deposit',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('ends a session after 30 minutes without a call, and keeps one that is in use', async () => {
    const token = (await login('admin', 'adminpass')).json().token as string;
    const reviews = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/reviews',
        headers: { authorization: `Bearer ${token}` },
      });
    for (let step = 0; step < 3; step++) {
      t.clock.advance(20 * 60_000);
      expect((await reviews()).statusCode, `after ${(step + 1) * 20} minutes in use`).toBe(200);
    }
    t.clock.advance(31 * 60_000);
    expect((await reviews()).statusCode).toBe(401);
  });

  it('asks a reason for every rejection and refuses unknown kinds', async () => {
    const token = (await login('admin', 'adminpass')).json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const noReason = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reviews/deposit/1/reject',
      headers,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ error: 'reason_required' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/reviews?kind=everything', headers });
    expect(unknown.statusCode).toBe(400);
  });
});
