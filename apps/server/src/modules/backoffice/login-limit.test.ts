import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginRateLimitPerMinute: 3 } });
});
afterAll(async () => {
  await t.close();
});

describe('back-office sign-in from one address', () => {
  it('is limited per address per minute, whatever names are tried', async () => {
    const statuses: number[] = [];
    for (const username of ['a1', 'b2', 'c3', 'd4']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username, password: 'whatever' },
        remoteAddress: '203.0.113.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'a1', password: 'whatever' },
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(401);
  });
});
