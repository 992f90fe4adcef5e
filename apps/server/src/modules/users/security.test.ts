import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  registerUser,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'secret123';
const FUND = 'fund1234';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const login = (account: string, password: string, userAgent?: string) =>
  api<{ token: string; account: string }>(
    t.app,
    '/user/login',
    { account, password },
    userAgent ? { headers: { 'user-agent': userAgent } } : {},
  );

async function signIn(account: string, userAgent?: string): Promise<Session> {
  const res = await login(account, PASSWORD, userAgent);
  expect(res.status).toBe(1);
  return { ...res.data, userId: 0 };
}

const whoAmI = async (session: Session) =>
  (await api(t.app, '/user/getUserinfo', {}, { session })).httpStatus;
const max = () => t.ctx.config.loginMaxFailures;
const lockMs = () => (t.ctx.config.loginLockMinutes + 1) * 60_000;

describe('one lock over every secret (SPEC §6.1)', () => {
  it('locks after repeated wrong original passwords when changing the login password', async () => {
    const user = await registerUser(t.app);
    const change = (old_password: string) =>
      api(
        t.app,
        '/user/changePassword',
        { old_password, password: 'new12345', repassword: 'new12345' },
        {
          session: user,
        },
      );
    for (let i = 1; i < max(); i++)
      expect(await change('wrong')).toMatchObject({ msg: 'password_wrong', data: { field: 'old_password' } });
    expect(await change('wrong')).toMatchObject({
      status: 0,
      msg: 'locked_out',
      data: { field: 'old_password' },
    });
    // The lock refuses the right original too, and the login.
    expect((await change(PASSWORD)).msg).toBe('locked_out');
    expect((await login(user.account, PASSWORD)).msg).toBe('locked_out');
    t.clock.advance(lockMs());
    expect((await change(PASSWORD)).status).toBe(1);
  });

  it('locks after repeated wrong original fund passwords when changing the fund password', async () => {
    const user = await registerUser(t.app);
    await setFundPassword(t.app, user, FUND);
    const change = (old_password: string) =>
      api(
        t.app,
        '/user/changeFundPassword',
        { old_password, password: 'fund5678', repassword: 'fund5678' },
        {
          session: user,
        },
      );
    for (let i = 1; i < max(); i++)
      expect(await change('wrong')).toMatchObject({
        msg: 'fund_password_wrong',
        data: { field: 'old_password' },
      });
    expect((await change('wrong')).msg).toBe('locked_out');
    expect((await change(FUND)).msg).toBe('locked_out');
    t.clock.advance(lockMs());
    expect((await change(FUND)).status).toBe(1);
  });

  it('counts wrong login, original and fund passwords towards the same lock', async () => {
    const user = await registerUser(t.app);
    await setFundPassword(t.app, user, FUND);
    expect((await login(user.account, 'wrong')).msg).toBe('login_failed');
    expect(
      (
        await api(
          t.app,
          '/user/changePassword',
          { old_password: 'wrong', password: 'x123456', repassword: 'x123456' },
          {
            session: user,
          },
        )
      ).msg,
    ).toBe('password_wrong');
    expect(
      (
        await api(
          t.app,
          '/user/changeFundPassword',
          { old_password: 'wrong', password: 'y123456', repassword: 'y123456' },
          {
            session: user,
          },
        )
      ).msg,
    ).toBe('fund_password_wrong');
    for (let i = 4; i < max(); i++) expect((await login(user.account, 'wrong')).msg).toBe('login_failed');
    expect((await login(user.account, 'wrong')).msg).toBe('locked_out');
    expect((await login(user.account, PASSWORD)).msg).toBe('locked_out');
  });

  it('forgets failures older than the lock window, and a right secret clears them', async () => {
    const user = await registerUser(t.app);
    for (let i = 1; i < max(); i++) await login(user.account, 'wrong');
    t.clock.advance(lockMs());
    for (let i = 1; i < max(); i++) expect((await login(user.account, 'wrong')).msg).toBe('login_failed');
    expect((await login(user.account, PASSWORD)).status).toBe(1);
    for (let i = 1; i < max(); i++) expect((await login(user.account, 'wrong')).msg).toBe('login_failed');
    expect((await login(user.account, PASSWORD)).status).toBe(1);
  });

  it('verifies no more guesses than the lock allows when they arrive all at once', async () => {
    const user = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 4 * max() }, () => login(user.account, 'wrong')));
    const verified = answers.filter((a) => a.msg === 'login_failed' || a.msg === 'locked_out').length;
    for (const answer of answers)
      expect(['login_failed', 'locked_out', 'too_frequent']).toContain(answer.msg);
    expect(verified).toBeLessThanOrEqual(4 * max());
    expect(answers.filter((a) => a.msg === 'login_failed').length).toBeLessThan(max());
    expect((await login(user.account, PASSWORD)).msg).toBe('locked_out');
  });
});

describe('answers do not tell which accounts exist', () => {
  it('answers an unknown name exactly as a wrong password: login_failed, then locked_out for the same time', async () => {
    const known = await registerUser(t.app);
    const unknown = `nobody${Date.now()}`.slice(0, 20);
    const sequence = async (account: string) => {
      const answers: string[] = [];
      for (let i = 0; i < max() + 1; i++) answers.push((await login(account, 'wrong')).msg);
      return answers;
    };
    const knownAnswers = await sequence(known.account);
    const unknownAnswers = await sequence(unknown);
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers).toEqual([...Array(max() - 1).fill('login_failed'), 'locked_out', 'locked_out']);
    const lockedKnown = await login(known.account, 'wrong');
    const lockedUnknown = await login(unknown, 'wrong');
    expect(Object.keys(lockedUnknown.data as object)).toEqual(Object.keys(lockedKnown.data as object));
    t.clock.advance(lockMs());
    expect((await login(unknown, 'wrong')).msg).toBe('login_failed');
    expect((await login(known.account, 'wrong')).msg).toBe('login_failed');
  });

  it('prunes the lock state of unknown names once their failures have expired', async () => {
    await login('ghost0001', 'wrong');
    t.clock.advance(lockMs());
    await login('ghost0002', 'wrong');
    const rows = await t.ctx.db.selectFrom('login_throttle').select('account').execute();
    expect(rows.map((r) => r.account)).not.toContain('ghost0001');
    expect(rows.map((r) => r.account)).toContain('ghost0002');
  });
});

describe('sessions end when they should', () => {
  it('ends every other session when the login password changes; the changing one stays', async () => {
    const user = await registerUser(t.app);
    const phone = await signIn(user.account, IPHONE);
    const desktop = await signIn(user.account, DESKTOP);
    expect(await whoAmI(phone)).toBe(200);
    expect(await whoAmI(desktop)).toBe(200);
    const res = await api(
      t.app,
      '/user/changePassword',
      { old_password: PASSWORD, password: 'changed123', repassword: 'changed123' },
      { session: phone },
    );
    expect(res.status).toBe(1);
    expect(await whoAmI(phone)).toBe(200);
    expect(await whoAmI(desktop)).toBe(401);
    expect(await whoAmI(user)).toBe(401);
    expect((await login(user.account, PASSWORD)).msg).toBe('login_failed');
    expect((await login(user.account, 'changed123')).status).toBe(1);
  });

  it('lists the active sessions with device and last seen, the current one marked', async () => {
    const user = await registerUser(t.app);
    const phone = await signIn(user.account, IPHONE);
    t.clock.advance(120_000);
    const desktop = await signIn(user.account, DESKTOP);
    await api(t.app, '/user/logout', {}, { session: user });
    const res = await api<{
      list: Array<{
        id: number;
        device: string | null;
        platform: string | null;
        current: boolean;
        lastSeenAt: string;
      }>;
    }>(t.app, '/user/sessions', {}, { session: desktop });
    expect(res.status).toBe(1);
    expect(res.data.list).toHaveLength(2);
    expect(res.data.list[0]).toMatchObject({
      device: 'Chrome 124 · Windows 10',
      platform: 'desktop',
      current: true,
      lastSeenAt: t.clock.now().toISOString(),
    });
    expect(res.data.list[1]).toMatchObject({
      device: 'Safari 17 · iOS 17.4 · iPhone',
      platform: 'mobile',
      current: false,
    });
    expect(await whoAmI(phone)).toBe(200);
  });

  it('ends one session of the user’s own by id, and answers not_found for another user’s', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const phone = await signIn(user.account, IPHONE);
    const list = async (session: Session) =>
      (await api<{ list: Array<{ id: number; current: boolean }> }>(t.app, '/user/sessions', {}, { session }))
        .data.list;
    const phoneId = (await list(phone)).find((s) => s.current)!.id;
    const otherId = (await list(other))[0]!.id;
    expect(await api(t.app, '/user/sessionEnd', { id: otherId }, { session: user })).toMatchObject({
      status: 0,
      msg: 'not_found',
      data: { field: 'id' },
    });
    expect(await whoAmI(other)).toBe(200);
    expect((await api(t.app, '/user/sessionEnd', { id: phoneId }, { session: user })).status).toBe(1);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(user)).toBe(200);
    expect((await api(t.app, '/user/sessionEnd', { id: phoneId }, { session: user })).msg).toBe('not_found');
  });

  it('logs out of every device, this one included', async () => {
    const user = await registerUser(t.app);
    const phone = await signIn(user.account, IPHONE);
    expect(await api(t.app, '/user/logoutAll', {}, { session: phone })).toMatchObject({
      status: 1,
      data: { ended: 2 },
    });
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(user)).toBe(401);
    expect((await signIn(user.account)).token).toBeTruthy();
  });
});

describe('headers', () => {
  it('answers 401, never a 500, to a malformed, oversized or repeated account header', async () => {
    const user = await registerUser(t.app);
    for (const account of ['%E0%A4%A', '%', '%zz', 'a'.repeat(5000), `${user.account}%`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/getUserinfo',
        headers: { token: user.token, account, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, account.slice(0, 10)).toBe(401);
    }
    expect(await whoAmI({ ...user, account: encodeURIComponent(user.account) })).toBe(200);
  });
});
