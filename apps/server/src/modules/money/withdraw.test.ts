import type { ErrorKey } from '@kabuto/contract';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  registerUser,
  type Session,
  setAccountFlags,
  setFundPassword,
  TEST_DATABASE_URL,
  type TestApp,
} from '../../../test/helpers';
import { inTransaction } from '../../db/database';
import { fundLock } from '../../ledger/funds';
import { checkInvariant, postTransaction, userBalances } from '../../ledger/ledger';
import { addTestCard, decide, operatorToken, reviewList, verifiedUser } from '../identity/testing';
import { FUND_PASSWORD, moneySnapshot, moneyUser } from './testing';
import { WITHDRAW_REFUSALS, withdrawalDue } from './withdraw';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
let countOpenPositions: TestApp['ctx']['openPositions']['count'];
beforeAll(() => {
  countOpenPositions = t.ctx.openPositions.count;
});
afterEach(() => {
  vi.restoreAllMocks();
  t.ctx.config.fundHours = 'always';
  t.ctx.config.withdrawWithOpenPositions = false;
  t.ctx.openPositions.count = countOpenPositions;
  t.clock.set('2026-11-17T01:00:00.000Z');
});
afterAll(() => t.close());

const FUNDED_YEN = 100_000;

async function funded(operator = token): Promise<{ session: Session; cardId: number }> {
  const user = await moneyUser(t, operator);
  await fund(t.ctx, user.session.userId, 'JPY', FUNDED_YEN);
  return user;
}

const withdraw = (
  session: Session | undefined,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => api(t.app, '/user/withdraw', body, { ...(session ? { session } : {}), ...(headers ? { headers } : {}) });

/** Refusal keys the scenarios below produced; the last test checks every listed key was produced. */
const answered = new Set<string>();

/** Withdraws, expects refusal `key`, and checks nothing moved: balances, rows, ledger. */
async function expectRefused(
  session: Session,
  body: Record<string, unknown>,
  key: ErrorKey,
  headers?: Record<string, string>,
) {
  const before = await moneySnapshot(t.ctx, session.userId);
  const res = await withdraw(session, body, headers);
  expect(res).toMatchObject({ status: 0, msg: key });
  answered.add(res.msg);
  expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
  return res;
}

const valid = (cardId: number, overrides: Record<string, unknown> = {}) => ({
  amount: '30000',
  card_id: cardId,
  fund_password: FUND_PASSWORD,
  ...overrides,
});

describe('withdrawal refusals (SPEC §6.4): each answers its own key and changes nothing', () => {
  it('publishes exactly these refusal keys', () => {
    expect([...WITHDRAW_REFUSALS].sort()).toEqual(
      [
        'account_blocked',
        'amount_above_max',
        'amount_below_min',
        'amount_required',
        'bad_request',
        'balance_insufficient',
        'card_missing',
        'close_positions_first',
        'fund_operation_busy',
        'fund_password_unset',
        'fund_password_wrong',
        'kyc_required',
        'loan_unpaid',
        'locked_out',
        'outside_fund_hours',
        'pending_review',
        'session_expired',
        'too_frequent',
      ].sort(),
    );
  });

  it('rejects a missing amount (amount_required), also zero', async () => {
    const { session, cardId } = await funded();
    await expectRefused(session, valid(cardId, { amount: '' }), 'amount_required');
    await expectRefused(session, valid(cardId, { amount: '0' }), 'amount_required');
  });

  it('rejects an amount that is not a number, or has more decimals than the currency (bad_request)', async () => {
    const { session, cardId } = await funded();
    const res = await expectRefused(session, valid(cardId, { amount: 'abc' }), 'bad_request');
    expect(res.data).toEqual({ field: 'amount' });
    await expectRefused(session, valid(cardId, { amount: '30000.5' }), 'bad_request');
  });

  it('rejects a withdrawal below ¥30,000 (amount_below_min)', async () => {
    const { session, cardId } = await funded();
    await expectRefused(session, valid(cardId, { amount: '29999' }), 'amount_below_min');
  });

  it('rejects a withdrawal above the configured maximum (amount_above_max)', async () => {
    const { session, cardId } = await funded();
    const max = t.ctx.config.withdrawMaxMinor.JPY!;
    await expectRefused(session, valid(cardId, { amount: String(max + 1) }), 'amount_above_max');
  });

  it('applies the per-currency minimum of the chosen currency', async () => {
    const { session, cardId } = await funded();
    await fund(t.ctx, session.userId, 'USD', 1_000_00);
    await expectRefused(session, valid(cardId, { amount: '199.99', currency: 'USD' }), 'amount_below_min');
    await expectRefused(session, valid(cardId, { amount: '100', type: 'usd' }), 'amount_below_min');
    expect((await withdraw(session, valid(cardId, { amount: '200', type: 'usd' }))).status).toBe(1);
  });

  it('rejects withdrawals outside business days 09:00–15:30 Tokyo when fund hours are real (outside_fund_hours)', async () => {
    const at = async (instant: string) => {
      t.ctx.config.fundHours = 'always';
      t.clock.set(instant);
      // Sessions expire, so the user and the reviewer sign in at that time.
      const user = await funded(await operatorToken(t));
      t.ctx.config.fundHours = 'real';
      return user;
    };
    const outside = [
      '2026-11-21T03:00:00.000Z', // Saturday 12:00 Tokyo
      '2026-11-23T01:00:00.000Z', // Monday 10:00 Tokyo, Labour Thanksgiving Day
      '2026-11-17T06:31:00.000Z', // Tuesday 15:31 Tokyo
      '2026-11-16T23:59:00.000Z', // Tuesday 08:59 Tokyo
    ];
    for (const instant of outside) {
      const { session, cardId } = await at(instant);
      await expectRefused(session, valid(cardId), 'outside_fund_hours');
    }
    const { session, cardId } = await at('2026-11-17T06:29:00.000Z'); // Tuesday 15:29 Tokyo
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
  });

  it('requires a verified real name (kyc_required)', async () => {
    const session = await registerUser(t.app);
    await setFundPassword(t.app, session, FUND_PASSWORD);
    await fund(t.ctx, session.userId, 'JPY', FUNDED_YEN);
    await expectRefused(session, valid(1), 'kyc_required');
  });

  it('requires one of the user’s own bound cards (card_missing)', async () => {
    const { session, cardId } = await funded();
    const other = await moneyUser(t, token);
    await expectRefused(session, valid(cardId, { card_id: undefined }), 'card_missing');
    await expectRefused(session, valid(cardId, { card_id: '' }), 'card_missing');
    await expectRefused(session, valid(other.cardId), 'card_missing');
    await expectRefused(session, valid(999_999), 'card_missing');
    expect((await api(t.app, '/user/bankDelete', { id: cardId }, { session })).status).toBe(1);
    await expectRefused(session, valid(cardId), 'card_missing');
  });

  it('requires the fund password to be set (fund_password_unset)', async () => {
    const session = await verifiedUser(t, token);
    const cardId = await addTestCard(t.app, session, '6200000000009999');
    await fund(t.ctx, session.userId, 'JPY', FUNDED_YEN);
    await expectRefused(session, valid(cardId), 'fund_password_unset');
  });

  it('rejects a wrong fund password (fund_password_wrong) and locks after repeated failures (locked_out)', async () => {
    const { session, cardId } = await funded();
    await expectRefused(session, valid(cardId, { fund_password: undefined }), 'fund_password_wrong');
    const attempts = t.ctx.config.loginMaxFailures;
    for (let i = 1; i < attempts; i++)
      await expectRefused(session, valid(cardId, { fund_password: 'wrong' }), 'fund_password_wrong');
    await expectRefused(session, valid(cardId, { fund_password: 'wrong' }), 'locked_out');
    await expectRefused(session, valid(cardId), 'locked_out');
    t.clock.advance((t.ctx.config.loginLockMinutes + 1) * 60_000);
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
  });

  it('refuses a frozen account (account_blocked)', async () => {
    const { session, cardId } = await funded();
    await setAccountFlags(t.ctx, session.userId, { frozen: true, flag_reason: 'under investigation' });
    const res = await expectRefused(session, valid(cardId), 'account_blocked');
    expect(res.data).toMatchObject({ reason: 'under investigation' });
  });

  it('refuses while positions are held (close_positions_first), unless config allows it', async () => {
    const { session, cardId } = await funded();
    t.ctx.openPositions.count = async (_db, userId) => (userId === session.userId ? 2 : 0);
    await expectRefused(session, valid(cardId), 'close_positions_first');
    t.ctx.config.withdrawWithOpenPositions = true;
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
  });

  it('refuses while a loan is unpaid (loan_unpaid)', async () => {
    const { session, cardId } = await funded();
    await inTransaction(t.ctx.db, (trx) =>
      postTransaction(
        trx,
        {
          kind: 'adjustment',
          userId: session.userId,
          postings: [
            { userId: session.userId, account: 'debt', currency: 'JPY', amountMinor: -50_000 },
            { userId: session.userId, account: 'available', currency: 'JPY', amountMinor: 50_000 },
          ],
        },
        t.clock.now(),
      ),
    );
    await expectRefused(session, valid(cardId), 'loan_unpaid');
  });

  it('refuses while a withdrawal is pending review (pending_review)', async () => {
    const { session, cardId } = await funded();
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
    await expectRefused(session, valid(cardId), 'pending_review');
  });

  it('refuses while another fund operation of the user is in progress (fund_operation_busy)', async () => {
    const { session, cardId } = await funded();
    if (TEST_DATABASE_URL) {
      // A second connection holds the user's fund lock, as a concurrent deposit or exchange would.
      const key = await fundLock.key(t.ctx.db, session.userId);
      const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await other.connect();
      try {
        await other.query('SELECT pg_advisory_lock($1::bigint)', [key]);
        await expectRefused(session, valid(cardId), 'fund_operation_busy');
      } finally {
        await other.end();
      }
    } else {
      // The embedded database runs one transaction at a time, so the lock cannot be contended there.
      vi.spyOn(fundLock, 'tryTake').mockResolvedValueOnce(false);
      await expectRefused(session, valid(cardId), 'fund_operation_busy');
    }
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
  });

  it('refuses more than the available balance (balance_insufficient)', async () => {
    const { session, cardId } = await funded();
    await expectRefused(session, valid(cardId, { amount: String(FUNDED_YEN + 1) }), 'balance_insufficient');
  });

  it('answers 401 without a session (session_expired)', async () => {
    const res = await withdraw(undefined, valid(1));
    expect(res).toMatchObject({ httpStatus: 401, status: 0, msg: 'session_expired' });
    answered.add(res.msg);
  });

  it('answers too_frequent to a repeated Idempotency-Key while the first request is still running', async () => {
    const { session, cardId } = await funded();
    await t.ctx.db
      .insertInto('idempotency_keys')
      .values({
        user_id: session.userId,
        key: 'in-flight',
        path: '/user/withdraw',
        request_hash: 'x',
        status_code: 0,
        response: 'null',
        created_at: t.clock.now(),
      })
      .execute();
    const before = await moneySnapshot(t.ctx, session.userId);
    const res = await withdraw(session, valid(cardId), { 'Idempotency-Key': 'in-flight' });
    expect(res.msg).toBe('bad_request'); // a different request under the same key
    await t.ctx.db.deleteFrom('idempotency_keys').where('user_id', '=', session.userId).execute();
    const first = withdraw(session, valid(cardId), { 'Idempotency-Key': 'twice' });
    await first;
    // Simulate the first still running: mark its stored answer as in progress.
    await t.ctx.db
      .updateTable('idempotency_keys')
      .set({ status_code: 0 })
      .where('user_id', '=', session.userId)
      .execute();
    const mid = await moneySnapshot(t.ctx, session.userId);
    const repeat = await withdraw(session, valid(cardId), { 'Idempotency-Key': 'twice' });
    expect(repeat).toMatchObject({ status: 0, msg: 'too_frequent' });
    answered.add(repeat.msg);
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(mid);
    expect(mid.withdrawals).toBe(before.withdrawals + 1);
  });

  it('produced every published refusal in the scenarios above', () => {
    expect([...answered].sort()).toEqual([...WITHDRAW_REFUSALS].sort());
  });
});

describe('withdrawal requests and reviews', () => {
  it('freezes the amount at request, in the same transaction as the withdrawal row', async () => {
    const { session, cardId } = await funded();
    const res = await withdraw(session, valid(cardId));
    expect(res).toMatchObject({
      status: 1,
      msg: 'withdraw',
      data: {
        money: '30000',
        currency: 'JPY',
        status: 0,
        state: 'pending',
        card: { id: cardId, cardNumber: expect.stringMatching(/^\*{4} \*{4} \*{4} \d{4}$/) },
      },
    });
    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY.available).toBe(FUNDED_YEN - 30_000);
    expect(balances.JPY.frozen.withdrawal).toBe(30_000);
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow();
    const tx = await t.ctx.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('id', '=', row.freeze_transaction_id)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({
      kind: 'withdrawal_freeze',
      ref_type: 'withdrawal',
      ref_id: row.id,
      user_id: session.userId,
    });
    expect(row.due_at.toISOString()).toBe(withdrawalDue(t.clock.now()).toISOString());
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('promises arrival within 24 hours or by midnight of the next business day, whichever is later', () => {
    // Tuesday 10:00 Tokyo → Wednesday 24:00 Tokyo.
    expect(withdrawalDue(new Date('2026-11-17T01:00:00Z')).toISOString()).toBe('2026-11-18T15:00:00.000Z');
    // Friday 15:00 Tokyo → Monday 24:00 Tokyo (not a holiday on 2026-11-30).
    expect(withdrawalDue(new Date('2026-11-27T06:00:00Z')).toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('lists withdrawals in the seed’s shape: status 0 pending, 1 paid, 2 rejected; money as a decimal string', async () => {
    const { session, cardId } = await funded();
    await withdraw(session, valid(cardId));
    const list = await api<Array<Record<string, unknown>>>(
      t.app,
      '/user/withdrawallist',
      { type: 'jpy' },
      { session },
    );
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      status: 0,
      money: '30000',
      currency: 'JPY',
      reason: null,
      reviewedAt: null,
    });
    expect((await api<unknown[]>(t.app, '/user/withdrawallist', { type: 'usd' }, { session })).data).toEqual(
      [],
    );

    // The seed's client formula: pending withdrawals' money equals the ledger's frozen withdrawals.
    const pendingSum = list.data.filter((w) => w.status === 0).reduce((s, w) => s + Number(w.money), 0);
    expect(pendingSum).toBe((await userBalances(t.ctx.db, session.userId)).JPY.frozen.withdrawal);
  });

  it('approval pays out from the frozen amount, with a message, an audit entry and fund records', async () => {
    const { session, cardId } = await funded();
    const res = await withdraw(session, valid(cardId));
    const id = (res.data as { id: number }).id;
    const queue = await reviewList(t, token, 'withdrawal');
    const item = queue.list.find((i) => i.id === id)!;
    expect(item.details).toMatchObject({
      amount: '30000',
      currency: 'JPY',
      card: { holder: 'Yamada Taro', cardNumber: expect.stringMatching(/^62\d+$/) },
    });
    expect(item.dueAt).toBe(withdrawalDue(t.clock.now()).toISOString());

    expect(await decide(t, token, 'withdrawal', id, 'approve')).toBe(200);
    expect(await decide(t, token, 'withdrawal', id, 'reject', 'again')).toBe(409);
    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY).toMatchObject({ available: FUNDED_YEN - 30_000, frozen: { withdrawal: 0 } });
    const list = await api<Array<{ status: number; reviewedAt: string | null }>>(
      t.app,
      '/user/withdrawallist',
      {},
      { session },
    );
    expect(list.data[0]).toMatchObject({ status: 1, reviewedAt: t.clock.now().toISOString() });

    const messages = await api<{ list: Array<{ title: string; body: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session },
    );
    expect(messages.data.list[0]?.title).toBe('ご出金を実行しました');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdrawal_approve')
      .where('target_id', '=', String(id))
      .execute();
    expect(audit).toHaveLength(1);

    const records = await api<{
      list: Array<{
        kind: string;
        amount: string;
        state: string;
        frozenChange: string;
        balanceAfter: string;
      }>;
    }>(t.app, '/user/fundRecords', { kind: 'withdrawals' }, { session });
    expect(records.data.list[0]).toMatchObject({
      kind: 'withdrawal',
      amount: '-30000',
      state: 'approved',
      frozenChange: '0',
      balanceAfter: '70000',
      movements: [{ account: 'available', purpose: null, change: '-30000' }],
    });
    const ledger = await api<{ list: Array<{ kind: string; amount: string; frozenChange: string }> }>(
      t.app,
      '/user/fundRecords',
      {},
      { session },
    );
    expect(ledger.data.list.map((r) => r.kind).slice(0, 2)).toEqual(['withdrawal_paid', 'withdrawal_freeze']);
    // The payout left cash alone: the record names the frozen funds it took.
    expect(ledger.data.list[0]).toMatchObject({
      amount: '0',
      frozenChange: '-30000',
      movements: [{ account: 'frozen', purpose: 'withdrawal', change: '-30000' }],
    });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('rejection releases the frozen amount, with the reason in the list and in a message', async () => {
    const { session, cardId } = await funded();
    const res = await withdraw(session, valid(cardId));
    const id = (res.data as { id: number }).id;
    expect(
      await decide(t, token, 'withdrawal', id, 'reject', 'Card name does not match the bank record'),
    ).toBe(200);
    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY).toMatchObject({ available: FUNDED_YEN, frozen: { withdrawal: 0 } });
    const list = await api<Array<{ status: number; reason: string }>>(
      t.app,
      '/user/withdrawallist',
      {},
      { session },
    );
    expect(list.data[0]).toMatchObject({ status: 2, reason: 'Card name does not match the bank record' });
    const messages = await api<{ list: Array<{ body: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session },
    );
    expect(messages.data.list[0]?.body).toContain('Card name does not match the bank record');
    // The rejected withdrawal moved nothing in the end: its freeze and release cancel out.
    const tab = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/user/fundRecords',
      { kind: 'withdrawals' },
      { session },
    );
    expect(tab.data.list[0]).toMatchObject({ state: 'rejected', movements: [] });
    const moves = await api<{ list: Array<{ kind: string; movements: unknown[] }> }>(
      t.app,
      '/user/fundRecords',
      {},
      { session },
    );
    expect(moves.data.list.find((r) => r.kind === 'withdrawal_release')?.movements).toEqual([
      { account: 'available', purpose: null, change: '30000' },
      { account: 'frozen', purpose: 'withdrawal', change: '-30000' },
    ]);
    // A new withdrawal may follow once the first is decided.
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('replays the first answer for a repeated Idempotency-Key and moves money once', async () => {
    const { session, cardId } = await funded();
    const headers = { 'Idempotency-Key': 'withdraw-once' };
    const first = await withdraw(session, valid(cardId), headers);
    const second = await withdraw(session, valid(cardId), headers);
    expect(first.status).toBe(1);
    expect(second).toEqual(first);
    expect((await userBalances(t.ctx.db, session.userId)).JPY.frozen.withdrawal).toBe(30_000);
  });

  it('is never blocked by the credit score (SPEC §0.3)', async () => {
    const { session, cardId } = await funded();
    await t.ctx.db.updateTable('users').set({ credit_score: 0 }).where('id', '=', session.userId).execute();
    expect((await withdraw(session, valid(cardId))).status).toBe(1);
  });
});
