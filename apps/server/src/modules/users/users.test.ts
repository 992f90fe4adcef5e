import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, registerUser, setAccountFlags, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (body: Record<string, unknown>) =>
  api(t.app, '/user/register', { password: 'secret123', repassword: 'secret123', agree: 1, ...body });

async function userCount() {
  const row = await t.ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('registration', () => {
  it('registers an account and returns a session that works', async () => {
    const res = await register({ account: 'alice01' });
    expect(res).toMatchObject({ status: 1, msg: 'register', data: { account: 'alice01' } });
    const info = await api(
      t.app,
      '/user/getUserinfo',
      {},
      { headers: { token: (res.data as { token: string }).token, account: 'alice01' } },
    );
    expect(info).toMatchObject({
      status: 1,
      data: {
        account: 'alice01',
        status: 1,
        jpy: '0',
        jpyyjed: '0',
        usd: '0.00',
        usdyjed: '0.00',
        kyc: 'unverified',
      },
    });
  });

  it('refuses a taken account with account_exists and creates nothing', async () => {
    await register({ account: 'bobby001' });
    const before = await userCount();
    expect(await register({ account: 'bobby001' })).toMatchObject({ status: 0, msg: 'account_exists' });
    expect(await userCount()).toBe(before);
  });

  it('refuses mismatched passwords, a missing agreement and a bad invite code', async () => {
    const before = await userCount();
    expect(await register({ account: 'carol001', repassword: 'other123' })).toMatchObject({
      status: 0,
      msg: 'password_mismatch',
    });
    expect(await register({ account: 'carol001', agree: 0 })).toMatchObject({
      status: 0,
      msg: 'agreement_required',
    });
    expect(await register({ account: 'carol001', invite_code: 'NOPE0000' })).toMatchObject({
      status: 0,
      msg: 'invite_invalid',
    });
    expect(await userCount()).toBe(before);
  });

  it('asks a ten-digit mobile number in English and 6–20 letters or digits otherwise', async () => {
    expect(await register({ account: 'abc', language: 'jp' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'account' },
    });
    expect(await register({ account: 'abcdef1', language: 'us' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'account' },
    });
    expect(await register({ account: '0901234567', language: 'us' })).toMatchObject({ status: 1 });
  });

  it('links a new user to the inviter whose code was given', async () => {
    const inviter = await registerUser(t.app, 'inviter01');
    const info = await api<{ inviteCode: string }>(t.app, '/user/getUserinfo', {}, { session: inviter });
    expect(await register({ account: 'invitee01', invite_code: info.data.inviteCode })).toMatchObject({
      status: 1,
    });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('invited_by')
      .where('account', '=', 'invitee01')
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.userId);
  });

  it('accepts form-encoded bodies as well as JSON', async () => {
    const res = await api(
      t.app,
      '/user/register',
      { account: 'formuser1', password: 'secret123', repassword: 'secret123', agree: 'on' },
      { form: true },
    );
    expect(res).toMatchObject({ status: 1, msg: 'register' });
  });

  it('answers bad_request naming the field for malformed input, never a 500', async () => {
    const res = await api(t.app, '/user/register', { account: 'x'.repeat(300), password: 1 });
    expect(res.httpStatus).toBe(200);
    expect(res).toMatchObject({ status: 0, msg: 'bad_request' });
    expect((res.data as { field: string }).field).toBeTruthy();
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toMatchObject({ status: 0, msg: 'bad_request' });
  });
});

describe('login and sessions', () => {
  it('answers one message for a wrong account or a wrong password', async () => {
    await registerUser(t.app, 'dave0001');
    expect(await api(t.app, '/user/login', { account: 'dave0001', password: 'wrong999' })).toMatchObject({
      status: 0,
      msg: 'login_failed',
    });
    expect(await api(t.app, '/user/login', { account: 'nobody99', password: 'wrong999' })).toMatchObject({
      status: 0,
      msg: 'login_failed',
    });
  });

  it('issues a new token on every login and ends it on logout', async () => {
    await registerUser(t.app, 'erin0001');
    const a = await api<{ token: string; account: string }>(t.app, '/user/login', {
      account: 'erin0001',
      password: 'secret123',
    });
    const b = await api<{ token: string; account: string }>(t.app, '/user/login', {
      account: 'erin0001',
      password: 'secret123',
    });
    expect(a.data.token).not.toBe(b.data.token);
    expect(a.data.token.length).toBeGreaterThanOrEqual(22);
    const session = { ...a.data, userId: 0 };
    expect(await api(t.app, '/user/logout', {}, { session })).toMatchObject({ status: 1 });
    expect((await api(t.app, '/user/getUserinfo', {}, { session })).httpStatus).toBe(401);
    expect((await api(t.app, '/user/getUserinfo', {}, { session: { ...b.data, userId: 0 } })).status).toBe(1);
  });

  it('stores only a hash of the token', async () => {
    const s = await registerUser(t.app, 'frank001');
    const rows = await t.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', s.userId)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(s.token);
  });

  it('answers 401 without a session, with a wrong account header, and after idle or absolute expiry', async () => {
    const s = await registerUser(t.app, 'gina0001');
    expect((await api(t.app, '/user/summary', {})).httpStatus).toBe(401);
    expect(
      (await api(t.app, '/user/summary', {}, { headers: { token: s.token, account: 'someoneelse' } }))
        .httpStatus,
    ).toBe(401);
    t.clock.advance((t.ctx.config.sessionIdleMinutes + 1) * 60_000);
    expect((await api(t.app, '/user/summary', {}, { session: s })).httpStatus).toBe(401);
    const again = await api<{ token: string; account: string }>(t.app, '/user/login', {
      account: 'gina0001',
      password: 'secret123',
    });
    const fresh = { ...again.data, userId: s.userId };
    t.clock.advance(t.ctx.config.sessionAbsoluteHours * 3_600_000 + 1);
    expect((await api(t.app, '/user/summary', {}, { session: fresh })).httpStatus).toBe(401);
  });

  it('locks an account after repeated failed logins, even for the right password', async () => {
    await registerUser(t.app, 'hank0001');
    for (let i = 1; i < t.ctx.config.loginMaxFailures; i++) {
      expect(await api(t.app, '/user/login', { account: 'hank0001', password: 'bad' })).toMatchObject({
        msg: 'login_failed',
      });
    }
    expect(await api(t.app, '/user/login', { account: 'hank0001', password: 'bad' })).toMatchObject({
      msg: 'locked_out',
    });
    expect(await api(t.app, '/user/login', { account: 'hank0001', password: 'secret123' })).toMatchObject({
      msg: 'locked_out',
    });
    t.clock.advance(t.ctx.config.loginLockMinutes * 60_000 + 1);
    expect(await api(t.app, '/user/login', { account: 'hank0001', password: 'secret123' })).toMatchObject({
      status: 1,
    });
  });
});

describe('passwords', () => {
  it('changes the login password only with the original', async () => {
    const s = await registerUser(t.app, 'ivan0001');
    expect(
      await api(
        t.app,
        '/user/changePassword',
        { old_password: 'nope', password: 'newpass1', repassword: 'newpass1' },
        { session: s },
      ),
    ).toMatchObject({ msg: 'password_wrong' });
    expect(
      await api(
        t.app,
        '/user/changePassword',
        { old_password: 'secret123', password: 'newpass1', repassword: 'newpass2' },
        { session: s },
      ),
    ).toMatchObject({ msg: 'password_mismatch' });
    expect(
      await api(
        t.app,
        '/user/changePassword',
        { old_password: 'secret123', password: 'newpass1', repassword: 'newpass1' },
        { session: s },
      ),
    ).toMatchObject({ status: 1 });
    expect(await api(t.app, '/user/login', { account: 'ivan0001', password: 'newpass1' })).toMatchObject({
      status: 1,
    });
  });

  it('sets the fund password once, then changes it only with the original', async () => {
    const s = await registerUser(t.app, 'judy0001');
    expect(
      await api(
        t.app,
        '/user/setFundPassword',
        { password: 'fund1234', repassword: 'fund1234' },
        { session: s },
      ),
    ).toMatchObject({ status: 1 });
    expect(
      await api(
        t.app,
        '/user/setFundPassword',
        { password: 'fund9999', repassword: 'fund9999' },
        { session: s },
      ),
    ).toMatchObject({ status: 0, msg: 'password_wrong' });
    expect(
      await api(
        t.app,
        '/user/changeFundPassword',
        { old_password: 'wrong', password: 'fund5678', repassword: 'fund5678' },
        { session: s },
      ),
    ).toMatchObject({ msg: 'fund_password_wrong' });
    expect(
      await api(
        t.app,
        '/user/changeFundPassword',
        { old_password: 'fund1234', password: 'fund5678', repassword: 'fund5678' },
        { session: s },
      ),
    ).toMatchObject({ status: 1 });
    const info = await api<{ fundPasswordSet: boolean }>(t.app, '/user/getUserinfo', {}, { session: s });
    expect(info.data.fundPasswordSet).toBe(true);
  });
});

describe('account flags', () => {
  it('answers account_blocked to a banned user and status 0 from getUserinfo so the client logs out', async () => {
    const s = await registerUser(t.app, 'kate0001');
    await setAccountFlags(t.ctx, s.userId, { banned: true, flag_reason: 'fraud review' });
    expect(await api(t.app, '/user/summary', {}, { session: s })).toMatchObject({
      status: 0,
      msg: 'account_blocked',
      data: { reason: 'fraud review' },
    });
    expect(await api(t.app, '/user/getUserinfo', {}, { session: s })).toMatchObject({
      status: 1,
      data: { status: 0 },
    });
    expect(await api(t.app, '/user/login', { account: 'kate0001', password: 'secret123' })).toMatchObject({
      status: 0,
      msg: 'account_blocked',
    });
  });
});

describe('summary and fund records', () => {
  it('shows zero balances for a new user in every market', async () => {
    const s = await registerUser(t.app, 'liam0001');
    const res = await api<{
      current: { market: string; available: string; frozen: string; totalAssets: string };
    }>(t.app, '/user/summary', { type: 'usd' }, { session: s });
    expect(res.data.current).toMatchObject({
      market: 'usd',
      available: '0.00',
      frozen: '0.00',
      totalAssets: '0.00',
    });
  });

  it('accepts the risk disclosure once ticked', async () => {
    const s = await registerUser(t.app, 'mona0001');
    expect(await api(t.app, '/user/acceptRisk', { agree: 0 }, { session: s })).toMatchObject({
      msg: 'agreement_required',
    });
    expect(await api(t.app, '/user/acceptRisk', { agree: 1 }, { session: s })).toMatchObject({ status: 1 });
    expect(await api(t.app, '/user/getUserinfo', {}, { session: s })).toMatchObject({
      data: { riskAccepted: true },
    });
  });

  it('refuses an unknown fund-record kind and page sizes above the cap', async () => {
    const s = await registerUser(t.app, 'nina0001');
    expect(await api(t.app, '/user/fundRecords', { kind: 'everything' }, { session: s })).toMatchObject({
      msg: 'bad_request',
      data: { field: 'kind' },
    });
    expect(await api(t.app, '/user/fundRecords', { size: 100_000 }, { session: s })).toMatchObject({
      msg: 'bad_request',
      data: { field: 'size' },
    });
  });
});

describe('rate limits', () => {
  it('answers too_frequent past the per-address login limit', async () => {
    const limited = await createTestApp({ config: { loginRateLimitPerMinute: 3 } });
    try {
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push(await api(limited.app, '/user/login', { account: 'someone1', password: 'x' }));
      expect(answers.slice(0, 3).every((a) => a.msg === 'login_failed')).toBe(true);
      expect(answers[4]).toMatchObject({ httpStatus: 429, status: 0, msg: 'too_frequent' });
    } finally {
      await limited.close();
    }
  });
});
