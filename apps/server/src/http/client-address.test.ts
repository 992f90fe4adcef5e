import { describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, type TestApp } from '../../test/helpers';
import { loadConfig } from '../config';

/** Runs `body` against an app with tight limits and the given proxy setting. */
async function withApp(trustProxy: string[], body: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({
    config: { trustProxy, loginRateLimitPerMinute: 2, orderRateLimitPerMinute: 2 },
  });
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

const loginFrom = (t: TestApp, forwardedFor: string) =>
  api(
    t.app,
    '/user/login',
    { account: 'someone1', password: 'wrong' },
    { headers: { 'x-forwarded-for': forwardedFor } },
  );

describe('client addresses (TRUST_PROXY)', () => {
  it('reads TRUST_PROXY as a comma-separated list, empty by default', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
  });

  it('ignores X-Forwarded-For by default, so the per-address login limit cannot be dodged', async () => {
    await withApp([], async (t) => {
      const answers = [];
      for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) answers.push(await loginFrom(t, address));
      expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 429]);
    });
  });

  it('believes X-Forwarded-For from a configured proxy: each client has its own limit', async () => {
    // app.inject connects from 127.0.0.1.
    await withApp(['127.0.0.1'], async (t) => {
      const answers = [];
      for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3', '1.1.1.1', '1.1.1.1'])
        answers.push(await loginFrom(t, address));
      expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 200, 200, 429]);
    });
  });

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    await withApp(['10.0.0.0/8'], async (t) => {
      const answers = [];
      for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) answers.push(await loginFrom(t, address));
      expect(answers.map((a) => a.httpStatus)).toEqual([200, 200, 429]);
    });
  });
});

describe('per-account limits', () => {
  it('count only requests whose session is proven: a wrong token naming a victim uses up its own address', async () => {
    await withApp(['127.0.0.1'], async (t) => {
      const victim = await registerUser(t.app);
      const forged = { token: 'x'.repeat(43), account: victim.account, userId: victim.userId };
      for (let i = 0; i < 5; i++) {
        const res = await api(
          t.app,
          '/trade/cancel',
          { id: 1 },
          {
            session: forged,
            headers: { 'x-forwarded-for': '6.6.6.6' },
          },
        );
        expect(res.httpStatus).toBe(i < 2 ? 401 : 429);
      }
      // The victim's own limit is untouched: both of its requests reach the call.
      for (let i = 0; i < 2; i++) {
        const res = await api(
          t.app,
          '/trade/cancel',
          { id: 999_999 },
          {
            session: victim,
            headers: { 'x-forwarded-for': '7.7.7.7' },
          },
        );
        expect(res).toMatchObject({ httpStatus: 200, status: 0, msg: 'not_found' });
      }
      const third = await api(
        t.app,
        '/trade/cancel',
        { id: 999_999 },
        {
          session: victim,
          headers: { 'x-forwarded-for': '8.8.8.8' },
        },
      );
      expect(third.httpStatus).toBe(429);
    });
  });
});
