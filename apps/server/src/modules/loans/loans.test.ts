import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  registerUser,
  type Session,
  setFundPassword,
  type TestApp,
} from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { decide, operatorToken, reviewList } from '../identity/testing';
import { FUND_PASSWORD, moneyUser } from '../money/testing';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
beforeEach(async () => {
  // Operator sessions last hours; the scenarios below move the clock by days.
  token = await operatorToken(t);
});
afterEach(async () => {
  expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  t.clock.set('2026-11-17T01:00:00.000Z');
});

/** Moves the clock a day at a time, running the due jobs; the user looks in each day (sessions idle out). */
async function days(n: number, session: Session) {
  for (let i = 0; i < n; i++) {
    t.clock.advance(86_400_000);
    await t.ctx.jobs.runDue();
    await info(session);
  }
}
afterAll(() => t.close());

/** A verified user (credit score 600: 20 % of net assets) with ¥1,000,000: a quota of ¥200,000. */
async function borrower(): Promise<{ session: Session; cardId: number }> {
  const user = await moneyUser(t, token);
  await fund(t.ctx, user.session.userId, 'JPY', 1_000_000);
  return user;
}

const loan = (session: Session, body: Record<string, unknown>, headers?: Record<string, string>) =>
  api(
    t.app,
    '/user/loan',
    { type: 'jpy', fund_password: FUND_PASSWORD, ...body },
    { session, ...(headers ? { headers } : {}) },
  );
const repay = (session: Session, body: Record<string, unknown>) =>
  api(t.app, '/user/repay', { type: 'jpy', fund_password: FUND_PASSWORD, ...body }, { session });
const info = (session: Session) =>
  api<{
    creditScore: number;
    loanableQuota: string;
    borrowed: string;
    interest: string;
    outstanding: string;
    history: Array<{ event: string; points: number; scoreAfter: number }>;
    current: { id: number; state: string } | null;
  }>(t.app, '/user/loanInfo', { type: 'jpy' }, { session });

async function snapshot(userId: number) {
  const loans = await sql<{
    n: string;
  }>`SELECT count(*)::text AS n FROM loans WHERE user_id = ${userId}`.execute(t.ctx.db);
  return { balances: await userBalances(t.ctx.db, userId), loans: loans.rows[0]!.n };
}

async function approve(session: Session) {
  const item = (await reviewList(t, token, 'loan')).list.find((i) => i.userId === session.userId)!;
  expect(await decide(t, token, 'loan', item.id, 'approve')).toBe(200);
}

describe('loan refusals (SPEC §6.4, §7): each answers its key and moves nothing', () => {
  it('refuses an unverified user (kyc_required)', async () => {
    const session = await registerUser(t.app);
    await setFundPassword(t.app, session, FUND_PASSWORD);
    const before = await snapshot(session.userId);
    expect((await loan(session, { amount: '10000' })).msg).toBe('kyc_required');
    expect(await snapshot(session.userId)).toEqual(before);
  });

  it('refuses a missing amount, past the quota, and a wrong fund password', async () => {
    const { session } = await borrower();
    const before = await snapshot(session.userId);
    expect((await loan(session, { amount: '' })).msg).toBe('amount_required');
    expect(await loan(session, { amount: '200001' })).toMatchObject({
      status: 0,
      msg: 'loan_quota_insufficient',
      data: { quota: '200000' },
    });
    expect((await loan(session, { amount: '10000', fund_password: 'wrong999' })).msg).toBe(
      'fund_password_wrong',
    );
    expect(await snapshot(session.userId)).toEqual(before);
  });

  it('refuses a second application while one is under review, and repaying with no loan', async () => {
    const { session } = await borrower();
    expect((await repay(session, { amount: '1000' })).msg).toBe('not_found');
    expect((await loan(session, { amount: '50000' })).status).toBe(1);
    const before = await snapshot(session.userId);
    expect((await loan(session, { amount: '10000' })).msg).toBe('pending_review');
    expect(await snapshot(session.userId)).toEqual(before);
  });
});

describe('a loan from application to repayment', () => {
  it('credits the wallet on approval, accrues interest daily, blocks withdrawals until repaid in full', async () => {
    const { session, cardId } = await borrower();
    expect((await info(session)).data).toMatchObject({
      creditScore: 600,
      loanableQuota: '200000',
      outstanding: '0',
    });

    const applied = await loan(session, { amount: '100000' }, { 'Idempotency-Key': 'loan-1' });
    expect(applied).toMatchObject({ status: 1, msg: 'loan', data: { state: 'pending', amount: '100000' } });
    // Nothing moves until a reviewer approves.
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({
      available: 1_000_000,
      debt: 0,
    });
    await approve(session);
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({
      available: 1_100_000,
      debt: -100_000,
    });
    const user = await api<Record<string, string>>(t.app, '/user/getUserinfo', { type: 'jpy' }, { session });
    expect(user.data.jpyyjed).toBe('100000');

    // Two driven days: 5 bps a day on ¥100,000 is ¥50 each.
    await t.ctx.jobs.runDue();
    await days(2, session);
    await t.ctx.jobs.runDue();
    const owed = (await info(session)).data;
    expect(owed).toMatchObject({ borrowed: '100000', interest: '100', outstanding: '100100' });
    const records = await api<{ list: Array<{ kind: string; amount: string; movements: unknown[] }> }>(
      t.app,
      '/user/fundRecords',
      { type: 'jpy', kind: 'transactions' },
      { session },
    );
    const interest = records.data.list.filter((r) => r.kind === 'loan_interest');
    expect(interest).toHaveLength(2);
    // Interest leaves cash alone and adds to what is owed: the record says so, not "¥0".
    for (const r of interest) {
      expect(r.amount).toBe('0');
      expect(r.movements).toEqual([{ account: 'debt', purpose: null, change: '50' }]);
    }
    expect(records.data.list.find((r) => r.kind === 'loan_credit')?.movements).toEqual([
      { account: 'available', purpose: null, change: '100000' },
      { account: 'debt', purpose: null, change: '100000' },
    ]);
    expect(records.data.list.some((r) => r.kind === 'loan_credit')).toBe(true);

    const withdraw = () =>
      api(
        t.app,
        '/user/withdraw',
        { type: 'jpy', amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
        { session },
      );
    expect((await withdraw()).msg).toBe('loan_unpaid');

    expect(await repay(session, { amount: '100099' })).toMatchObject({
      status: 0,
      msg: 'repay_too_small',
      data: { outstanding: '100100' },
    });
    expect(await repay(session, { amount: '100100' })).toMatchObject({
      status: 1,
      data: { state: 'repaid' },
    });
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({ available: 999_900, debt: 0 });
    const after = (await info(session)).data;
    expect(after.creditScore).toBe(610);
    expect(after.history.map((e) => e.event)).toEqual(['on_time_repayment', 'verified']);
    expect((await withdraw()).status).toBe(1);
  });

  it('moves nothing when rejected, with the reason in the message', async () => {
    const { session } = await borrower();
    expect((await loan(session, { amount: '20000' })).status).toBe(1);
    const item = (await reviewList(t, token, 'loan')).list.find((i) => i.userId === session.userId)!;
    expect(await decide(t, token, 'loan', item.id, 'reject', 'Income not shown')).toBe(200);
    expect((await userBalances(t.ctx.db, session.userId)).JPY).toMatchObject({
      available: 1_000_000,
      debt: 0,
    });
    const list = await api<{ list: Array<{ state: string; reason: string }> }>(
      t.app,
      '/user/loanlist',
      { type: 'jpy' },
      { session },
    );
    expect(list.data.list[0]).toMatchObject({ state: 'rejected', reason: 'Income not shown' });
  });

  it('turns overdue past the term once, with a message and the credit-score event', async () => {
    const { session } = await borrower();
    // A short term, so the scenario stays inside a session's absolute lifetime (30 days).
    t.ctx.config.loanTermDays = 3;
    expect((await loan(session, { amount: '10000' })).status).toBe(1);
    t.ctx.config.loanTermDays = 30;
    await approve(session);
    await days(3, session);
    expect((await info(session)).data.current?.state).toBe('active');
    await days(1, session);
    await t.ctx.jobs.runDue();
    const now = (await info(session)).data;
    expect(now.current?.state).toBe('overdue');
    expect(now.creditScore).toBe(550);
    expect(now.history.filter((e) => e.event === 'overdue')).toHaveLength(1);
    const overdueMessages = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', session.userId)
      .where('kind', '=', 'loan_overdue')
      .execute();
    expect(overdueMessages).toHaveLength(1);
    // Repaid late: no on-time event.
    const owed = now.outstanding;
    expect((await repay(session, { amount: owed })).status).toBe(1);
    expect((await info(session)).data.creditScore).toBe(550);
  });
});

describe('concurrent applications', () => {
  it('take one open loan per user, whatever arrives at once', async () => {
    const { session } = await borrower();
    const answers = await Promise.all(Array.from({ length: 4 }, () => loan(session, { amount: '10000' })));
    expect(answers.filter((a) => a.status === 1)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.status === 0)
        .every((a) => ['pending_review', 'fund_operation_busy'].includes(a.msg)),
    ).toBe(true);
    const rows = await t.ctx.db
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', session.userId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
