import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, fund, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { userBalances } from '../../ledger/ledger';
import { houseBalance } from '../trading/testing';
import { adminApi, OPERATOR_PASSWORD, operatorAs } from './testing';

let t: TestApp;
let admin: string;
let secondAdmin: string;
let user: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorAs(t, 'admin', 'admin');
  secondAdmin = await operatorAs(t, 'admin2', 'admin');
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const auditActions = async () =>
  (await t.ctx.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((r) => r.action);

describe('user care', () => {
  it('finds a user by account and shows profile, ledger, positions and sessions', async () => {
    await fund(t.ctx, user.userId, 'JPY', 250_000);
    const found = await adminApi<{ list: Array<{ id: number }> }>(
      t,
      admin,
      'GET',
      `/api/admin/users?q=${user.account.slice(2, 10)}`,
    );
    expect(found.body.list.map((u) => u.id)).toContain(user.userId);
    await t.ctx.db
      .insertInto('bank_cards')
      .values({
        user_id: user.userId,
        holder: 'Yamada Taro',
        card_number: '6222021234567890',
        card_type: 'debit',
        institution: 'Demo Bank',
        branch: 'Shinjuku',
        branch_code: '123',
        created_at: t.clock.now(),
        deleted_at: null,
      })
      .execute();
    const byCard = await adminApi<{ list: Array<{ id: number }> }>(
      t,
      admin,
      'GET',
      '/api/admin/users?q=4567%20890',
    );
    expect(byCard.body.list.map((u) => u.id)).toEqual([user.userId]);
    const wildcard = await adminApi<{ list: unknown[] }>(t, admin, 'GET', '/api/admin/users?q=%25');
    expect(wildcard.body.list).toEqual([]);
    const profile = await adminApi<{
      user: { account: string };
      balances: Array<{ currency: string; available: string }>;
    }>(t, admin, 'GET', `/api/admin/users/${user.userId}`);
    expect(profile.body.user.account).toBe(user.account);
    expect(profile.body.balances).toContainEqual(
      expect.objectContaining({ currency: 'JPY', available: '250000' }),
    );
    const ledger = await adminApi<{ list: Array<{ kind: string; account: string; amount: string }> }>(
      t,
      admin,
      'GET',
      `/api/admin/users/${user.userId}/ledger`,
    );
    expect(ledger.body.list[0]).toMatchObject({ kind: 'deposit', account: 'available', amount: '250000' });
    const sessions = await adminApi<{ list: Array<{ active: boolean }> }>(
      t,
      admin,
      'GET',
      `/api/admin/users/${user.userId}/sessions`,
    );
    expect(sessions.body.list[0]?.active).toBe(true);
    const applications = await adminApi(t, admin, 'GET', `/api/admin/users/${user.userId}/applications`);
    expect(applications).toMatchObject({ status: 200, body: { list: [] } });
    const positions = await adminApi(t, admin, 'GET', `/api/admin/users/${user.userId}/positions`);
    expect(positions.status).toBe(200);
    expect((await adminApi(t, admin, 'GET', '/api/admin/users/999999')).status).toBe(404);
  });

  it('freezes an account with a reason the investor sees at once, and lifts it', async () => {
    const noReason = await adminApi(t, admin, 'POST', `/api/admin/users/${user.userId}/flags`, {
      frozen: true,
    });
    expect(noReason).toMatchObject({ status: 400, body: { field: 'reason' } });
    const set = await adminApi(t, admin, 'POST', `/api/admin/users/${user.userId}/flags`, {
      frozen: true,
      reason: 'Documents requested',
    });
    expect(set.status).toBe(200);
    const info = await api<{ flags: { frozen: boolean; reason: string } }>(
      t.app,
      '/user/getUserinfo',
      {},
      { session: user },
    );
    expect(info.data.flags).toMatchObject({ frozen: true, reason: 'Documents requested' });
    const withdraw = await api(
      t.app,
      '/user/withdraw',
      { amount: '30000', card_id: 1, fund_password: 'x', type: 'jpy' },
      { session: user },
    );
    expect(withdraw).toMatchObject({
      status: 0,
      msg: 'account_blocked',
      data: { reason: 'Documents requested' },
    });
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user_flags')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ before: { frozen: false }, after: { frozen: true } });
    await adminApi(t, admin, 'POST', `/api/admin/users/${user.userId}/flags`, {
      frozen: false,
      reason: 'Received',
    });
    const lifted = await api<{ flags: { frozen: boolean; reason: string | null } }>(
      t.app,
      '/user/getUserinfo',
      {},
      { session: user },
    );
    expect(lifted.data.flags).toMatchObject({ frozen: false, reason: null });
  });
});

describe('ledger adjustments', () => {
  it('posts a small credit at once through the ledger, visible in the fund records with its reason', async () => {
    const before = (await userBalances(t.ctx.db, user.userId)).JPY.available;
    const res = await adminApi<{ state: string; orderNo: string }>(
      t,
      admin,
      'POST',
      `/api/admin/users/${user.userId}/adjustments`,
      {
        currency: 'JPY',
        direction: 'credit',
        amount: '5000',
        reason: 'Fee refund',
      },
    );
    expect(res.body).toMatchObject({ state: 'posted' });
    expect((await userBalances(t.ctx.db, user.userId)).JPY.available).toBe(before + 5000);
    const records = await api<{
      list: Array<{ kind: string; amount: string; memo: string; orderNo: string }>;
    }>(t.app, '/user/fundRecords', { kind: 'transactions' }, { session: user });
    expect(records.data.list[0]).toMatchObject({
      kind: 'adjustment',
      amount: '5000',
      memo: 'Fee refund',
      orderNo: res.body.orderNo,
    });
  });

  it('holds a large adjustment for a second operator, who alone may approve it', async () => {
    const res = await adminApi<{ id: number; state: string }>(
      t,
      admin,
      'POST',
      `/api/admin/users/${user.userId}/adjustments`,
      {
        currency: 'JPY',
        direction: 'credit',
        amount: '200000',
        reason: 'Missed deposit',
      },
    );
    expect(res.body.state).toBe('pending');
    const before = (await userBalances(t.ctx.db, user.userId)).JPY.available;
    const self = await adminApi(t, admin, 'POST', `/api/admin/adjustments/${res.body.id}/approve`, {});
    expect(self).toMatchObject({ status: 409, body: { error: 'second_operator_required' } });
    expect((await userBalances(t.ctx.db, user.userId)).JPY.available).toBe(before);
    const ok = await adminApi(t, secondAdmin, 'POST', `/api/admin/adjustments/${res.body.id}/approve`, {});
    expect(ok.body).toMatchObject({ state: 'posted' });
    expect((await userBalances(t.ctx.db, user.userId)).JPY.available).toBe(before + 200_000);
    const again = await adminApi(t, secondAdmin, 'POST', `/api/admin/adjustments/${res.body.id}/approve`, {});
    expect(again.status).toBe(409);
  });

  it('freezes a large debit while it waits, so the money cannot leave first; approval takes it, rejection frees it', async () => {
    const url = `/api/admin/users/${user.userId}/adjustments`;
    const debit = { currency: 'JPY', direction: 'debit', amount: '150000', reason: 'Duplicate credit' };
    const start = (await userBalances(t.ctx.db, user.userId)).JPY;
    const first = await adminApi<{ id: number; state: string }>(t, admin, 'POST', url, debit);
    expect(first.body.state).toBe('pending');
    const waiting = (await userBalances(t.ctx.db, user.userId)).JPY;
    expect(waiting.available).toBe(start.available - 150_000);
    expect(waiting.frozen.adjustment).toBe(150_000);
    const rejected = await adminApi(
      t,
      secondAdmin,
      'POST',
      `/api/admin/adjustments/${first.body.id}/reject`,
      {
        reason: 'Not a duplicate',
      },
    );
    expect(rejected.body).toMatchObject({ state: 'rejected' });
    expect((await userBalances(t.ctx.db, user.userId)).JPY).toMatchObject({
      available: start.available,
      frozen: { adjustment: 0 },
    });

    const second = await adminApi<{ id: number }>(t, admin, 'POST', url, debit);
    const houseBefore = await houseBalance(t, 'house:adjustments', 'JPY');
    const approved = await adminApi(
      t,
      secondAdmin,
      'POST',
      `/api/admin/adjustments/${second.body.id}/approve`,
      {},
    );
    expect(approved.body).toMatchObject({ state: 'posted' });
    expect((await userBalances(t.ctx.db, user.userId)).JPY).toMatchObject({
      available: start.available - 150_000,
      frozen: { adjustment: 0 },
    });
    expect(await houseBalance(t, 'house:adjustments', 'JPY')).toBe(houseBefore + 150_000);

    // A waiting debit larger than what is available is refused at once, freezing nothing.
    const over = await adminApi(t, admin, 'POST', url, { ...debit, amount: String(start.available + 1) });
    expect(over).toMatchObject({ status: 400, body: { error: 'balance_insufficient' } });
    expect((await userBalances(t.ctx.db, user.userId)).JPY.available).toBe(start.available - 150_000);
  });

  it('refuses a debit larger than the balance, a missing reason and a malformed amount, changing nothing', async () => {
    const before = await userBalances(t.ctx.db, user.userId);
    const url = `/api/admin/users/${user.userId}/adjustments`;
    const over = await adminApi(t, admin, 'POST', url, {
      currency: 'USD',
      direction: 'debit',
      amount: '1.00',
      reason: 'x',
    });
    expect(over).toMatchObject({ status: 400, body: { error: 'balance_insufficient' } });
    const noReason = await adminApi(t, admin, 'POST', url, {
      currency: 'JPY',
      direction: 'credit',
      amount: '1',
    });
    expect(noReason.body).toMatchObject({ field: 'reason' });
    const bad = await adminApi(t, admin, 'POST', url, {
      currency: 'JPY',
      direction: 'credit',
      amount: '1e3',
      reason: 'x',
    });
    expect(bad.body).toMatchObject({ field: 'amount' });
    const fraction = await adminApi(t, admin, 'POST', url, {
      currency: 'JPY',
      direction: 'credit',
      amount: '1.5',
      reason: 'x',
    });
    expect(fraction.body).toMatchObject({ field: 'amount' });
    expect(await userBalances(t.ctx.db, user.userId)).toEqual(before);
  });
});

describe('content and configuration', () => {
  it('publishes news in three languages that the investor reads in theirs', async () => {
    const text = (s: string) => ({ cn: `${s} 中文`, us: `${s} English`, jp: `${s} 日本語` });
    const missing = await adminApi(t, admin, 'POST', '/api/admin/news', {
      title: { cn: 'a', us: 'b' },
      summary: text('s'),
      body: text('b'),
    });
    expect(missing.body).toMatchObject({ field: 'title.jp' });
    const res = await adminApi<{ id: number }>(t, admin, 'POST', '/api/admin/news', {
      title: text('Headline'),
      summary: text('Summary'),
      body: text('Body'),
    });
    const article = await api<{ title: string }>(
      t.app,
      '/news/info',
      { id: res.body.id },
      { headers: { language: 'us' } },
    );
    expect(article.data.title).toBe('Headline English');
  });

  it('publishes news with its source in three languages, edits it and takes it down with reasons, audited; refuses once down', async () => {
    const text = (s: string) => ({ cn: `${s} 中文`, us: `${s} English`, jp: `${s} 日本語` });
    const sourceNames = { cn: '东京通讯', us: 'Tokyo Wire', jp: '東京通信' };
    const res = await adminApi<{ id: number }>(t, admin, 'POST', '/api/admin/news', {
      title: text('Before'),
      summary: text('Summary'),
      body: text('Body'),
      sourceNames,
    });
    const id = res.body.id;
    const read = async (language: string) =>
      api<{ title: string; source: string }>(t.app, '/news/info', { id }, { headers: { language } });
    expect((await read('jp')).data).toMatchObject({ title: 'Before 日本語', source: '東京通信' });
    expect((await read('cn')).data.source).toBe('东京通讯');

    const url = `/api/admin/news/${id}`;
    const change = { title: text('After'), summary: text('Summary'), body: text('Body'), sourceNames };
    expect((await adminApi(t, admin, 'POST', url, change)).body).toEqual({
      error: 'bad_request',
      field: 'reason',
    });
    const edited = await adminApi(t, admin, 'POST', url, { ...change, reason: 'typo in the headline' });
    expect(edited.status).toBe(200);
    expect((await read('us')).data.title).toBe('After English');

    expect((await adminApi(t, admin, 'POST', `${url}/unpublish`, {})).body).toEqual({
      error: 'bad_request',
      field: 'reason',
    });
    expect(
      (await adminApi(t, admin, 'POST', `${url}/unpublish`, { reason: 'source withdrew it' })).status,
    ).toBe(200);
    // Taken down: investors no longer find it, in the list or by its id.
    expect((await read('us')).msg).toBe('not_found');
    const list = await api<{ list: Array<{ id: number }> }>(t.app, '/news/list', { page: 1, size: 50 });
    expect(list.data.list.map((n) => n.id)).not.toContain(id);
    // The back office still lists it, marked; nothing more can change it.
    const listed = await adminApi<{ list: Array<{ id: number; unpublishedAt: string | null }> }>(
      t,
      admin,
      'GET',
      '/api/admin/news?page=1&size=50',
    );
    expect(listed.body.list.find((n) => n.id === id)?.unpublishedAt).not.toBeNull();
    expect((await adminApi(t, admin, 'POST', `${url}/unpublish`, { reason: 'again' })).body).toEqual({
      error: 'news_unpublished',
      field: 'id',
    });
    expect((await adminApi(t, admin, 'POST', url, { ...change, reason: 'late' })).body).toEqual({
      error: 'news_unpublished',
      field: 'id',
    });
    expect(
      (await adminApi(t, admin, 'POST', '/api/admin/news/999999/unpublish', { reason: 'x' })).status,
    ).toBe(404);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'news')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { action: 'news_publish', reason: null },
      { action: 'news_update', reason: 'typo in the headline' },
      { action: 'news_unpublish', reason: 'source withdrew it' },
    ]);
  });

  it('sends a message to one user and to everyone', async () => {
    const other = await registerUser(t.app);
    const message = {
      title: { cn: '通知', us: 'Notice', jp: 'お知らせ' },
      body: { cn: '内容', us: 'Body', jp: '本文' },
    };
    expect(
      (await adminApi(t, admin, 'POST', '/api/admin/messages', { to: user.account, ...message })).status,
    ).toBe(200);
    expect((await adminApi(t, admin, 'POST', '/api/admin/messages', { to: 'all', ...message })).status).toBe(
      200,
    );
    expect(
      (await adminApi(t, admin, 'POST', '/api/admin/messages', { to: 'nobody-here', ...message })).body,
    ).toMatchObject({
      error: 'account_missing',
    });
    const mine = await api<{ list: unknown[] }>(t.app, '/user/messageList', {}, { session: user });
    const theirs = await api<{ list: unknown[] }>(t.app, '/user/messageList', {}, { session: other });
    expect(mine.data.list.length - theirs.data.list.length).toBeGreaterThanOrEqual(1);
  });

  it('validates a setting, applies it at once, keeps a history and restores the default', async () => {
    const bad = await adminApi(t, admin, 'POST', '/api/admin/config', {
      name: 'leverageChoices',
      value: [0, 2],
      reason: 'x',
    });
    expect(bad.body).toMatchObject({ error: 'bad_request', field: 'value.0' });
    const unknown = await adminApi(t, admin, 'POST', '/api/admin/config', {
      name: 'databaseUrl',
      value: 'x',
      reason: 'x',
    });
    expect(unknown.body).toMatchObject({ field: 'name' });
    const minAboveMax = await adminApi(t, admin, 'POST', '/api/admin/config', {
      name: 'withdrawMin',
      value: { JPY: '999999999' },
      reason: 'x',
    });
    expect(minAboveMax.body).toMatchObject({ error: 'min_above_max' });
    const ok = await adminApi(t, admin, 'POST', '/api/admin/config', {
      name: 'leverageChoices',
      value: [5, 1, 2],
      reason: 'Fewer choices',
    });
    expect(ok.body).toMatchObject({ value: [1, 2, 5] });
    const config = await api<Array<{ name: string; value: string }>>(t.app, '/common/config', {
      type: 'all',
    });
    expect(config.data.find((c) => c.name === 'leverageChoices')?.value).toBe('1,2,5');
    const history = await adminApi<{
      list: Array<{ name: string; before: unknown; after: unknown; reason: string }>;
    }>(t, admin, 'GET', '/api/admin/config/history');
    expect(history.body.list[0]).toMatchObject({
      name: 'leverageChoices',
      before: [1, 2, 3, 5, 10],
      after: [1, 2, 5],
      reason: 'Fewer choices',
    });
    await adminApi(t, admin, 'POST', '/api/admin/config', {
      name: 'leverageChoices',
      value: null,
      reason: 'Back',
    });
    expect(t.ctx.config.leverageChoices).toEqual([1, 2, 3, 5, 10]);
  });
});

describe('audit log', () => {
  it('is searchable, exports as CSV, and refuses any edit or deletion', async () => {
    const found = await adminApi<{ list: Array<{ action: string; reason: string }> }>(
      t,
      admin,
      'GET',
      '/api/admin/audit?q=Documents%20requested',
    );
    expect(found.body.list).toContainEqual(
      expect.objectContaining({ action: 'user_flags', reason: 'Documents requested' }),
    );
    const csv = await adminApi<string>(t, admin, 'GET', '/api/admin/audit.csv?action=user_flags');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('id,time,operator,action,target_type,target_id,reason,details');
    expect(csv.body).toContain('Documents requested');
    await expect(sql`UPDATE audit_log SET reason = 'edited'`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    expect(
      (await t.ctx.db.selectFrom('audit_log').select('id').where('reason', '=', 'edited').execute()).length,
    ).toBe(0);
  });
});

describe('operator accounts', () => {
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

  it('creates an operator, assigns a role, resets the password and disables it', async () => {
    const created = await adminApi<{ id: number }>(t, admin, 'POST', '/api/admin/operators', {
      username: 'carol',
      password: 'carol-pass-1',
      role: 'reviewer',
    });
    expect(created.status).toBe(200);
    const carol = (await login('carol', 'carol-pass-1')).json() as { token: string; role: string };
    expect(carol.role).toBe('reviewer');
    await adminApi(t, admin, 'POST', `/api/admin/operators/${created.body.id}`, {
      role: 'operator',
      reason: 'Moved to content',
    });
    expect((await adminApi(t, carol.token, 'GET', '/api/admin/config')).status).toBe(200);
    await adminApi(t, admin, 'POST', `/api/admin/operators/${created.body.id}/password`, {
      password: 'carol-pass-2',
      reason: 'Forgotten',
    });
    expect((await adminApi(t, carol.token, 'GET', '/api/admin/me')).status).toBe(401);
    expect((await login('carol', 'carol-pass-1')).statusCode).toBe(401);
    const again = (await login('carol', 'carol-pass-2')).json() as { token: string };
    await adminApi(t, admin, 'POST', `/api/admin/operators/${created.body.id}`, {
      disabled: true,
      reason: 'Left',
    });
    expect((await adminApi(t, again.token, 'GET', '/api/admin/me')).status).toBe(401);
    expect((await login('carol', 'carol-pass-2')).statusCode).toBe(401);
    const me = await adminApi<{ id: number }>(t, admin, 'GET', '/api/admin/me');
    const self = await adminApi(t, admin, 'POST', `/api/admin/operators/${me.body.id}`, {
      disabled: true,
      reason: 'x',
    });
    expect(self.body).toMatchObject({ error: 'own_account' });
  });

  it('locks an operator after repeated failures, with an audit entry, and unknown names the same way', async () => {
    await operatorAs(t, 'dave', 'reviewer');
    for (const name of ['dave', 'nobody']) {
      const answers: string[] = [];
      for (let i = 0; i < t.ctx.config.loginMaxFailures; i++)
        answers.push((await login(name, 'wrong-password')).json().error);
      expect(answers.at(-1)).toBe('locked_out');
      expect(answers.slice(0, -1).every((a) => a === 'login_failed')).toBe(true);
    }
    // Locked: even the right password is refused until the lock ends.
    expect((await login('dave', OPERATOR_PASSWORD)).json().error).toBe('locked_out');
    const locks = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator_locked')
      .execute();
    expect(locks.map((l) => l.target_id).sort()).toEqual(['dave', 'nobody']);
    t.clock.advance(t.ctx.config.loginLockMinutes * 60_000 + 1);
    expect((await login('dave', OPERATOR_PASSWORD)).statusCode).toBe(200);
  });
});

describe('second factor', () => {
  const login = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'frank', ...payload } });

  it('asks for the code once turned on, refuses a wrong one, and an admin can turn it off', async () => {
    const frank = await operatorAs(t, 'frank', 'reviewer');
    const setup = await adminApi<{ secret: string; uri: string }>(
      t,
      frank,
      'POST',
      '/api/admin/me/totp/setup',
    );
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Kabuto:frank\?/);
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    const wrong = await adminApi(t, frank, 'POST', '/api/admin/me/totp/enable', { code: '000000' });
    expect(wrong.body).toMatchObject({ error: 'totp_invalid', field: 'code' });
    const code = await generate({ secret: setup.body.secret, epoch });
    expect((await adminApi(t, frank, 'POST', '/api/admin/me/totp/enable', { code })).body).toEqual({
      enabled: true,
    });

    expect((await login({ password: OPERATOR_PASSWORD })).json()).toEqual({ error: 'totp_required' });
    expect(
      (await login({ password: OPERATOR_PASSWORD, code: code === '123456' ? '654321' : '123456' })).json(),
    ).toEqual({
      // The password was right: the code is what is wrong, and the answer says so.
      error: 'totp_invalid',
    });
    expect((await login({ password: 'wrong-password', code })).json()).toEqual({ error: 'login_failed' });
    const ok = await login({ password: OPERATOR_PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    // The sign-in is attributed to the operator, not to the system.
    const signIn = await t.ctx.db
      .selectFrom('audit_log as l')
      .innerJoin('operators as o', 'o.id', 'l.operator_id')
      .select('o.username')
      .where('l.action', '=', 'operator_login')
      .orderBy('l.id', 'desc')
      .executeTakeFirstOrThrow();
    expect(signIn.username).toBe('frank');

    const list = await adminApi<{ list: Array<{ id: number; username: string; totp: boolean }> }>(
      t,
      admin,
      'GET',
      '/api/admin/operators',
    );
    const row = list.body.list.find((o) => o.username === 'frank')!;
    expect(row.totp).toBe(true);
    await adminApi(t, admin, 'POST', `/api/admin/operators/${row.id}`, {
      totpOff: true,
      reason: 'Lost phone',
    });
    expect((await login({ password: OPERATOR_PASSWORD })).statusCode).toBe(200);
  });
});

describe('dashboard', () => {
  it('shows queues, today, house balances and the last invariant check', async () => {
    const reviewer = await operatorAs(t, 'erin', 'reviewer');
    const run = await adminApi<{ ok: boolean }>(t, admin, 'POST', '/api/admin/invariant/check');
    expect(run.body.ok).toBe(true);
    const res = await adminApi<{
      queues: Array<{ kind: string; pending: number }>;
      today: { deposits: unknown[] };
      house: Array<{ account: string }>;
      invariant: { ok: boolean };
    }>(t, reviewer, 'GET', '/api/admin/dashboard');
    expect(res.body.queues.map((q) => q.kind)).toEqual(
      expect.arrayContaining(['deposit', 'withdrawal', 'kyc']),
    );
    expect(res.body.house.map((h) => h.account)).toContain('house:adjustments');
    expect(res.body.invariant.ok).toBe(true);
    expect(await auditActions()).toContain('invariant_check');
  });
});
