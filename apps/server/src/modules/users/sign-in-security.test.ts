import { createHash } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, fund, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { operatorToken, TEST_REAL_NAME } from '../identity/testing';
import { FUND_PASSWORD, moneySnapshot, moneyUser } from '../money/testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterEach(() => {
  t.ctx.config.requireSecondFactor = false;
});
afterAll(() => t.close());

const PASSWORD = 'secret123';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const STEP_MS = 30_000;

/** The code an authenticator app shows now for `secret` (the injected clock's now). */
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

/** Turns TOTP on for a session's user: the secret and the ten recovery codes. */
async function turnOnTotp(session: Session) {
  const setup = await api<{ secret: string; otpauth_uri: string }>(t.app, '/user/totpSetup', {}, { session });
  expect(setup.status).toBe(1);
  expect(setup.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
  const enabled = await api<{ codes: string[] }>(
    t.app,
    '/user/totpEnable',
    { code: await codeNow(setup.data.secret) },
    { session },
  );
  expect(enabled.status).toBe(1);
  // The code that turned it on is used: the next proof is a later step's.
  t.clock.advance(STEP_MS);
  return { secret: setup.data.secret, codes: enabled.data.codes };
}

const login = (account: string, password = PASSWORD, userAgent?: string) =>
  api<{ challenge: string; methods: string[]; token: string; account: string }>(
    t.app,
    '/user/login',
    { account, password },
    userAgent ? { headers: { 'user-agent': userAgent } } : {},
  );

const finish = (challenge: string, code: string) =>
  api<{ token: string; account: string }>(t.app, '/user/loginSecondFactor', { challenge, code });

const stepUp = (session: Session, code: string) =>
  api<{ until: string }>(t.app, '/user/stepUp', { code }, { session });

async function secondSession(session: Session, secret: string): Promise<Session> {
  const first = await login(session.account);
  expect(first.msg).toBe('second_factor_required');
  const done = await finish(first.data.challenge, await codeNow(secret));
  expect(done.status).toBe(1);
  t.clock.advance(STEP_MS);
  return { ...done.data, userId: session.userId };
}

const userRow = (id: number) =>
  t.ctx.db
    .selectFrom('users')
    .select(['second_factor', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('TOTP and recovery codes (SPEC §13.1)', () => {
  it('turns TOTP on with a right first code and answers ten recovery codes; a wrong first code changes nothing', async () => {
    const user = await registerUser(t.app);
    const setup = await api<{ secret: string }>(t.app, '/user/totpSetup', {}, { session: user });
    const wrong = await api(t.app, '/user/totpEnable', { code: '000000' }, { session: user });
    expect(wrong).toMatchObject({ status: 0, msg: 'second_factor_wrong', data: { field: 'code' } });
    expect((await userRow(user.userId)).second_factor).toBe(false);
    const enabled = await api<{ codes: string[] }>(
      t.app,
      '/user/totpEnable',
      { code: await codeNow(setup.data.secret) },
      { session: user },
    );
    expect(enabled.data.codes).toHaveLength(10);
    expect(new Set(enabled.data.codes).size).toBe(10);
    // Stored as salted Argon2id (50 bits is under ASVS V6.5.2's 112): no code, no plain digest.
    const stored = await t.ctx.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) expect(code_hash).toMatch(/^\$argon2id\$/);
    expect(new Set(stored.map((r) => r.code_hash)).size).toBe(10);
    const info = await api<{ totp: boolean; recoveryCodesLeft: number; secondFactor: boolean }>(
      t.app,
      '/user/securityInfo',
      {},
      { session: user },
    );
    expect(info.data).toMatchObject({ totp: true, recoveryCodesLeft: 10, secondFactor: true });
  });
});

describe('a second factor at password sign-in', () => {
  it('asks for the second factor after the right password, and signs in with a right code', async () => {
    const user = await registerUser(t.app);
    const { secret } = await turnOnTotp(user);
    const first = await login(user.account);
    expect(first).toMatchObject({ status: 0, msg: 'second_factor_required' });
    expect(first.data.methods).toEqual(['totp', 'recovery']);
    const sessionsBefore = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(await finish(first.data.challenge, '123456')).toMatchObject({
      status: 0,
      msg: 'second_factor_wrong',
    });
    const sessionsAfter = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    const done = await finish(first.data.challenge, await codeNow(secret));
    expect(done).toMatchObject({ status: 1, msg: 'login', data: { account: user.account } });
  });

  it('accepts a TOTP code once, and a challenge once', async () => {
    const user = await registerUser(t.app);
    const { secret } = await turnOnTotp(user);
    const code = await codeNow(secret);
    const a = await login(user.account);
    expect((await finish(a.data.challenge, code)).status).toBe(1);
    // The same challenge again, and the same code on a new challenge: both refused.
    expect((await finish(a.data.challenge, await codeNow(secret))).msg).toBe('second_factor_required');
    const b = await login(user.account);
    expect(await finish(b.data.challenge, code)).toMatchObject({ status: 0, msg: 'second_factor_wrong' });
    // The next step's code works.
    t.clock.advance(STEP_MS);
    expect((await finish(b.data.challenge, await codeNow(secret))).status).toBe(1);
  });

  it('accepts a recovery code once', async () => {
    const user = await registerUser(t.app);
    const { codes } = await turnOnTotp(user);
    const a = await login(user.account);
    expect((await finish(a.data.challenge, codes[0]!.toLowerCase())).status).toBe(1);
    const b = await login(user.account);
    expect(await finish(b.data.challenge, codes[0]!)).toMatchObject({
      status: 0,
      msg: 'second_factor_wrong',
    });
    expect((await finish(b.data.challenge, codes[1]!)).status).toBe(1);
  });

  it('still accepts, once, a recovery code stored as a plain SHA-256 before codes were salted', async () => {
    const user = await registerUser(t.app);
    await turnOnTotp(user);
    const legacy = 'ABCDE-23456';
    await t.ctx.db
      .insertInto('user_recovery_codes')
      .values({
        user_id: user.userId,
        code_hash: createHash('sha256').update('ABCDE23456').digest('hex'),
        used_at: null,
        created_at: t.clock.now(),
      })
      .execute();
    const a = await login(user.account);
    expect((await finish(a.data.challenge, legacy)).status).toBe(1);
    const b = await login(user.account);
    expect((await finish(b.data.challenge, legacy)).msg).toBe('second_factor_wrong');
  });

  it('refuses an expired challenge', async () => {
    const user = await registerUser(t.app);
    const { secret } = await turnOnTotp(user);
    const a = await login(user.account);
    t.clock.advance(6 * 60_000);
    expect((await finish(a.data.challenge, await codeNow(secret))).msg).toBe('second_factor_required');
    expect((await finish('bm90LWEtY2hhbGxlbmdl', '123456')).msg).toBe('second_factor_required');
  });

  it('counts wrong codes towards the sign-in lock; the right password again does not clear them', async () => {
    const user = await registerUser(t.app);
    const { secret } = await turnOnTotp(user);
    const max = t.ctx.config.loginMaxFailures;
    for (let i = 1; i < max; i++) {
      const a = await login(user.account);
      expect(a.msg).toBe('second_factor_required');
      expect((await finish(a.data.challenge, '000000')).msg).toBe('second_factor_wrong');
    }
    const last = await login(user.account);
    expect(await finish(last.data.challenge, '000000')).toMatchObject({ status: 0, msg: 'locked_out' });
    // Locked: the right password and the right code are refused alike, as for an unknown name.
    expect((await login(user.account)).msg).toBe('locked_out');
    expect((await finish(last.data.challenge, await codeNow(secret))).msg).toBe('locked_out');
    t.clock.advance((t.ctx.config.loginLockMinutes + 1) * 60_000);
    const again = await login(user.account);
    expect((await finish(again.data.challenge, await codeNow(secret))).status).toBe(1);
  });
});

describe('step-up before money, card and password changes', () => {
  async function protectedMoneyUser() {
    const { session, cardId } = await moneyUser(t, token);
    await fund(t.ctx, session.userId, 'JPY', 100_000);
    const totp = await turnOnTotp(session);
    return { session, cardId, ...totp };
  }
  const withdrawal = (session: Session, cardId: number) =>
    api(
      t.app,
      '/user/withdraw',
      { amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
      { session },
    );

  it('refuses a withdrawal without a fresh proof, moving nothing; one goes through after a step-up, for 5 minutes', async () => {
    const { session, cardId, secret } = await protectedMoneyUser();
    const before = await moneySnapshot(t.ctx, session.userId);
    expect(await withdrawal(session, cardId)).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
    expect(await stepUp(session, '000000')).toMatchObject({ status: 0, msg: 'second_factor_wrong' });
    expect(await withdrawal(session, cardId)).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
    const up = await stepUp(session, await codeNow(secret));
    expect(up.status).toBe(1);
    expect(new Date(up.data.until).getTime() - t.clock.now().getTime()).toBe(5 * 60_000);
    // The window is 5 minutes on the injected clock.
    t.clock.advance(4 * 60_000 + 59_000);
    expect((await withdrawal(session, cardId)).status).toBe(1);
    t.clock.advance(1_000);
    const held = await moneySnapshot(t.ctx, session.userId);
    expect(await withdrawal(session, cardId)).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(held);
  });

  it('does not count a step-up made in another session', async () => {
    const { session, cardId, secret } = await protectedMoneyUser();
    const other = await secondSession(session, secret);
    expect((await stepUp(other, await codeNow(secret))).status).toBe(1);
    const before = await moneySnapshot(t.ctx, session.userId);
    expect(await withdrawal(session, cardId)).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
    expect((await withdrawal(other, cardId)).status).toBe(1);
  });

  it('refuses adding and unbinding a bank card without a fresh proof, changing nothing', async () => {
    const { session, cardId, secret } = await protectedMoneyUser();
    const cards = () =>
      t.ctx.db
        .selectFrom('bank_cards')
        .select(['id', 'deleted_at'])
        .where('user_id', '=', session.userId)
        .execute();
    const before = await cards();
    const add = () =>
      api(
        t.app,
        '/user/bankAdd',
        {
          holder: TEST_REAL_NAME,
          card_number: `63${String(session.userId).padStart(14, '0')}`,
          card_type: 'debit',
          institution: 'Demo Bank',
          branch: 'Shinjuku',
          branch_code: '123',
        },
        { session },
      );
    expect(await add()).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await api(t.app, '/user/bankDelete', { id: cardId }, { session })).toMatchObject({
      status: 0,
      msg: 'step_up_required',
    });
    expect(await cards()).toEqual(before);
    expect((await stepUp(session, await codeNow(secret))).status).toBe(1);
    expect((await api(t.app, '/user/bankDelete', { id: cardId }, { session })).status).toBe(1);
  });

  it('refuses login and fund password changes without a fresh proof, changing nothing', async () => {
    const { session, secret } = await protectedMoneyUser();
    const before = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'fund_password_hash'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    const change = () =>
      api(
        t.app,
        '/user/changePassword',
        { old_password: PASSWORD, password: 'new12345', repassword: 'new12345' },
        { session },
      );
    const changeFund = () =>
      api(
        t.app,
        '/user/changeFundPassword',
        { old_password: FUND_PASSWORD, password: 'fund5678', repassword: 'fund5678' },
        { session },
      );
    expect(await change()).toMatchObject({ status: 0, msg: 'step_up_required' });
    expect(await changeFund()).toMatchObject({ status: 0, msg: 'step_up_required' });
    const after = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'fund_password_hash'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await stepUp(session, await codeNow(secret))).status).toBe(1);
    expect((await changeFund()).status).toBe(1);
  });

  it('refuses removing a factor and new recovery codes without a fresh proof; removing ends the other sessions', async () => {
    const { session, secret, codes } = await protectedMoneyUser();
    const other = await secondSession(session, secret);
    expect(await api(t.app, '/user/totpDisable', {}, { session })).toMatchObject({ msg: 'step_up_required' });
    expect(await api(t.app, '/user/recoveryCodes', {}, { session })).toMatchObject({
      msg: 'step_up_required',
    });
    expect((await userRow(session.userId)).second_factor).toBe(true);
    // New codes after a step-up: the old ones stop working.
    expect((await stepUp(session, await codeNow(secret))).status).toBe(1);
    const fresh = await api<{ codes: string[] }>(t.app, '/user/recoveryCodes', {}, { session });
    expect(fresh.data.codes).toHaveLength(10);
    expect(await stepUp(session, codes[0]!)).toMatchObject({ msg: 'second_factor_wrong' });
    expect((await api(t.app, '/user/totpDisable', {}, { session })).status).toBe(1);
    expect((await userRow(session.userId)).second_factor).toBe(false);
    expect((await api(t.app, '/user/getUserinfo', {}, { session: other })).httpStatus).toBe(401);
    expect((await api(t.app, '/user/getUserinfo', {}, { session })).httpStatus).toBe(200);
    // With no factor left, a password alone signs in again.
    expect((await login(session.account)).status).toBe(1);
  });

  it('asks nothing of an investor without a factor while require_second_factor is off', async () => {
    const { session, cardId } = await moneyUser(t, token);
    await fund(t.ctx, session.userId, 'JPY', 100_000);
    expect((await withdrawal(session, cardId)).status).toBe(1);
  });

  it('refuses money and card calls without a factor when require_second_factor is on', async () => {
    const { session, cardId } = await moneyUser(t, token);
    await fund(t.ctx, session.userId, 'JPY', 100_000);
    t.ctx.config.requireSecondFactor = true;
    const before = await moneySnapshot(t.ctx, session.userId);
    expect(await withdrawal(session, cardId)).toMatchObject({ status: 0, msg: 'second_factor_unset' });
    expect(await api(t.app, '/user/bankDelete', { id: cardId }, { session })).toMatchObject({
      msg: 'second_factor_unset',
    });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
    const cards = await t.ctx.db
      .selectFrom('bank_cards')
      .select('deleted_at')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    expect(cards.deleted_at).toBeNull();
  });
});

describe('sessions (SPEC §13.1)', () => {
  it('lists the address of each session and sends a message on a sign-in from a new device', async () => {
    const user = await registerUser(t.app);
    const unread = async (session: Session) =>
      (await api<{ count: number }>(t.app, '/user/unreadCount', {}, { session })).data.count;
    const before = await unread(user);
    // The same browser again sends nothing; a new one does.
    const same = await login(user.account);
    expect(same.status).toBe(1);
    expect(await unread(user)).toBe(before);
    const desktop = await login(user.account, PASSWORD, DESKTOP);
    expect(desktop.status).toBe(1);
    expect(await unread(user)).toBe(before + 1);
    const list = await api<{ list: Array<{ address: string | null; device: string | null }> }>(
      t.app,
      '/user/sessions',
      {},
      { session: user },
    );
    expect(list.data.list[0]).toMatchObject({
      address: '127.0.0.1',
      device: expect.stringContaining('Chrome'),
    });
  });
});

describe('the back office (SPEC §13.1)', () => {
  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  it('shows a user’s factors and sessions, never a secret', async () => {
    const user = await registerUser(t.app);
    const { secret, codes } = await turnOnTotp(user);
    const res = await admin('GET', `/api/admin/users/${user.userId}/security`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      factors: { totp: true, passkeys: [], recoveryCodesLeft: 10, secondFactor: true },
      sessions: [{ address: '127.0.0.1' }],
    });
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(codes[0]);
  });

  it('resets the factors only with a reason: audited, every session ended, the user told', async () => {
    const user = await registerUser(t.app);
    await turnOnTotp(user);
    const messagesBefore = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    const noReason = await admin('POST', `/api/admin/users/${user.userId}/reset-factors`, {});
    expect(noReason.statusCode).toBe(400);
    expect((await userRow(user.userId)).second_factor).toBe(true);
    const res = await admin('POST', `/api/admin/users/${user.userId}/reset-factors`, {
      reason: 'lost phone, ID checked',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totp: true, passkeys: 0, sessionsEnded: 1 });
    expect((await userRow(user.userId)).second_factor).toBe(false);
    expect((await api(t.app, '/user/getUserinfo', {}, { session: user })).httpStatus).toBe(401);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .select(['reason', 'target_id'])
      .where('action', '=', 'user_factors_reset')
      .where('target_id', '=', String(user.userId))
      .executeTakeFirstOrThrow();
    expect(entry.reason).toBe('lost phone, ID checked');
    const messagesAfter = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(messagesAfter).toHaveLength(messagesBefore.length + 1);
    // A password alone signs in again.
    expect((await login(user.account)).status).toBe(1);
  });
});
