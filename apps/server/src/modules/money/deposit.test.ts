import type { ErrorKey } from '@kabuto/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  registerUser,
  type Session,
  setAccountFlags,
  setFundPassword,
  type TestApp,
} from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { decide, operatorToken, reviewList } from '../identity/testing';
import { DEPOSIT_MIN_MINOR } from './deposit';
import { depositWithReceipt, FUND_PASSWORD, moneySnapshot } from './testing';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await operatorToken(t);
});
afterEach(() => {
  t.ctx.config.fundHours = 'always';
  t.clock.set('2026-11-17T01:00:00.000Z');
});
afterAll(() => t.close());

/** Deposits need no verified name, only the fund password (SPEC §6.1). */
async function depositor(): Promise<Session> {
  const session = await registerUser(t.app);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  return session;
}

async function expectRefused(
  session: Session,
  fields: Record<string, string | number>,
  key: ErrorKey,
  receipt?: Uint8Array | null,
) {
  const before = await moneySnapshot(t.ctx, session.userId);
  const res = await depositWithReceipt(t.app, session, fields, receipt === undefined ? {} : { receipt });
  expect(res).toMatchObject({ status: 0, msg: key });
  expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
  return res;
}

interface ChannelsAnswer {
  currency: string;
  open: boolean;
  channels: Array<{
    id: string;
    maxAmount: string;
    minAmount: string;
    receivingName: string;
    receivingNumber: string;
    receivingBank: string;
  }>;
  arrivalHours: number;
  latestArrival: string;
  arrivalNote: string;
}

describe('deposit channels', () => {
  it('shows bank transfer up to ¥10,000,000,000 and quick deposit up to ¥500,000 with receiving accounts and arrival times', async () => {
    const session = await depositor();
    const res = await api<ChannelsAnswer>(t.app, '/user/depositChannels', { type: 'jpy' }, { session });
    expect(res.status).toBe(1);
    expect(res.data.currency).toBe('JPY');
    expect(res.data.channels.map((c) => [c.id, c.maxAmount, c.minAmount])).toEqual([
      ['bank', '10000000000', '1000'],
      ['quick', '500000', '1000'],
    ]);
    expect(res.data.channels[0]).toMatchObject({
      receivingName: expect.any(String),
      receivingNumber: '1234567',
      receivingBank: 'Demo Bank',
    });
    expect(res.data.arrivalHours).toBe(2);
    expect(res.data.arrivalNote).toContain('T+1 24:00');
    // Tuesday 10:00 Tokyo: at the latest Wednesday 24:00 Tokyo.
    expect(res.data.latestArrival).toBe('2026-11-18T15:00:00.000Z');
    expect(res.data.open).toBe(true);
  });

  it('shows the limits in the currency of the selected market', async () => {
    const session = await depositor();
    const res = await api<ChannelsAnswer>(t.app, '/user/depositChannels', { type: 'usd' }, { session });
    expect(res.data.currency).toBe('USD');
    expect(res.data.channels[1]?.maxAmount).toBe('3500.00');
  });

  it('shows deposits closed on a weekend when fund hours are real, with the next arrival deadline', async () => {
    t.clock.set('2026-11-21T03:00:00.000Z'); // Saturday 12:00 Tokyo
    const session = await depositor();
    t.ctx.config.fundHours = 'real';
    const res = await api<ChannelsAnswer>(t.app, '/user/depositChannels', {}, { session });
    expect(res.data.open).toBe(false);
    expect(res.data.latestArrival).toBe('2026-11-24T15:00:00.000Z'); // Monday the 23rd is a holiday
  });
});

describe('deposit refusals: each answers its own key and changes nothing', () => {
  it('requires an amount (amount_required)', async () => {
    const session = await depositor();
    await expectRefused(session, { channel: 'bank', amount: '' }, 'amount_required');
    await expectRefused(session, { channel: 'bank' }, 'amount_required');
  });

  it('refuses an amount below the minimum (amount_below_min)', async () => {
    const session = await depositor();
    await expectRefused(
      session,
      { channel: 'bank', amount: String(DEPOSIT_MIN_MINOR.JPY - 1) },
      'amount_below_min',
    );
  });

  it('refuses more than the channel’s maximum (amount_above_max)', async () => {
    const session = await depositor();
    await expectRefused(session, { channel: 'quick', amount: '500001' }, 'amount_above_max');
    await expectRefused(session, { channel: 'bank', amount: '10000000001' }, 'amount_above_max');
  });

  it('requires a receipt image (file_invalid)', async () => {
    const session = await depositor();
    await expectRefused(session, { channel: 'bank', amount: '50000' }, 'file_invalid', null);
    await expectRefused(
      session,
      { channel: 'bank', amount: '50000' },
      'file_invalid',
      Buffer.from('%PDF-1.7 not an image'),
    );
  });

  it('requires the fund password (fund_password_unset, fund_password_wrong)', async () => {
    const unset = await registerUser(t.app);
    await expectRefused(unset, { channel: 'bank', amount: '50000' }, 'fund_password_unset');
    const session = await depositor();
    await expectRefused(
      session,
      { channel: 'bank', amount: '50000', fund_password: 'nope' },
      'fund_password_wrong',
    );
  });

  it('allows one pending deposit at a time (deposit_pending)', async () => {
    const session = await depositor();
    expect((await depositWithReceipt(t.app, session, { channel: 'bank', amount: '50000' })).status).toBe(1);
    await expectRefused(session, { channel: 'quick', amount: '10000' }, 'deposit_pending');
  });

  it('is refused outside business days when fund hours are real (outside_fund_hours)', async () => {
    t.clock.set('2026-11-22T03:00:00.000Z'); // Sunday 12:00 Tokyo
    const session = await depositor();
    t.ctx.config.fundHours = 'real';
    await expectRefused(session, { channel: 'bank', amount: '50000' }, 'outside_fund_hours');
    t.ctx.config.fundHours = 'always';
    expect((await depositWithReceipt(t.app, session, { channel: 'bank', amount: '50000' })).status).toBe(1);
  });

  it('is accepted all day on business days, late evening included', async () => {
    t.clock.set('2026-11-17T14:30:00.000Z'); // Tuesday 23:30 Tokyo
    const session = await depositor();
    t.ctx.config.fundHours = 'real';
    expect((await depositWithReceipt(t.app, session, { channel: 'bank', amount: '50000' })).status).toBe(1);
  });

  it('refuses a frozen account (account_blocked)', async () => {
    const session = await depositor();
    await setAccountFlags(t.ctx, session.userId, { frozen: true, flag_reason: 'review' });
    await expectRefused(session, { channel: 'bank', amount: '50000' }, 'account_blocked');
  });
});

describe('deposit review', () => {
  it('approval credits the wallet through the ledger, with a message, an audit entry and fund records', async () => {
    const session = await depositor();
    const res = await depositWithReceipt<{
      id: number;
      orderNo: string;
      status: number;
      money: string;
      dueAt: string;
    }>(t.app, session, {
      channel: 'quick',
      amount: '250000',
    });
    expect(res).toMatchObject({
      status: 1,
      msg: 'recharge',
      data: { status: 0, state: 'pending', money: '250000', currency: 'JPY', channel: 'quick' },
    });
    expect(res.data.orderNo).toMatch(/^D\d+$/);
    expect(res.data.dueAt).toBe('2026-11-18T15:00:00.000Z');
    expect((await userBalances(t.ctx.db, session.userId)).JPY.available).toBe(0);

    const item = (await reviewList(t, token, 'deposit')).list.find((i) => i.id === res.data.id)!;
    expect(item.details).toMatchObject({
      amount: '250000',
      currency: 'JPY',
      channel: 'quick',
      receipt: expect.stringMatching(/^\/api\/admin\/files\/\d+$/),
    });
    const receipt = await t.app.inject({
      method: 'GET',
      url: String(item.details.receipt),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(receipt.statusCode).toBe(200);

    expect(await decide(t, token, 'deposit', res.data.id, 'approve')).toBe(200);
    expect(await decide(t, token, 'deposit', res.data.id, 'approve')).toBe(409);
    expect((await userBalances(t.ctx.db, session.userId)).JPY.available).toBe(250_000);

    const list = await api<Array<{ status: number; state: string }>>(
      t.app,
      '/user/depositlist',
      {},
      { session },
    );
    expect(list.data[0]).toMatchObject({ status: 1, state: 'approved' });
    const messages = await api<{ list: Array<{ title: string; body: string; template: unknown }> }>(
      t.app,
      '/user/messageList',
      {},
      { session },
    );
    expect(messages.data.list[0]?.title).toBe('ご入金を反映しました');
    expect(messages.data.list[0]?.body).toContain(res.data.orderNo);
    // The reader's app formats the amount from the key and its figures (SPEC §6.6).
    expect(messages.data.list[0]?.template).toEqual({
      key: 'deposit_approved',
      params: { order: { text: res.data.orderNo }, amount: { money: expect.any(String), currency: 'JPY' } },
    });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'deposit_approve')
      .where('target_id', '=', String(res.data.id))
      .execute();
    expect(audit).toHaveLength(1);

    const records = await api<{ list: Array<Record<string, unknown>>; total: number }>(
      t.app,
      '/user/fundRecords',
      { kind: 'deposits' },
      { session },
    );
    expect(records.data.total).toBe(1);
    expect(records.data.list[0]).toMatchObject({
      kind: 'deposit',
      orderNo: res.data.orderNo,
      amount: '250000',
      state: 'approved',
      balanceAfter: '250000',
      movements: [{ account: 'available', purpose: null, change: '250000' }],
    });
    const ledger = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/user/fundRecords',
      { kind: 'transactions' },
      { session },
    );
    expect(ledger.data.list[0]).toMatchObject({ kind: 'deposit', amount: '250000', balanceAfter: '250000' });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('rejection credits nothing and tells the user why; a new deposit may follow', async () => {
    const session = await depositor();
    const res = await depositWithReceipt<{ id: number }>(t.app, session, {
      channel: 'bank',
      amount: '80000',
    });
    expect(await decide(t, token, 'deposit', res.data.id, 'reject', 'No transfer received')).toBe(200);
    expect((await userBalances(t.ctx.db, session.userId)).JPY.available).toBe(0);
    const list = await api<Array<{ status: number; reason: string }>>(
      t.app,
      '/user/depositlist',
      {},
      { session },
    );
    expect(list.data[0]).toMatchObject({ status: 2, reason: 'No transfer received' });
    const messages = await api<{ list: Array<{ body: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session },
    );
    expect(messages.data.list[0]?.body).toContain('No transfer received');
    const records = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/user/fundRecords',
      { kind: 'deposits' },
      { session },
    );
    expect(records.data.list[0]).toMatchObject({
      state: 'rejected',
      balanceAfter: '-',
      memo: 'No transfer received',
      movements: [],
    });
    expect((await depositWithReceipt(t.app, session, { channel: 'bank', amount: '80000' })).status).toBe(1);
  });

  it('takes deposits in another currency when asked', async () => {
    const session = await depositor();
    const res = await depositWithReceipt<{ id: number }>(t.app, session, {
      channel: 'bank',
      amount: '150.25',
      currency: 'usd',
    });
    expect(res).toMatchObject({ status: 1, data: { currency: 'USD', money: '150.25' } });
    expect(await decide(t, token, 'deposit', res.data.id, 'approve')).toBe(200);
    expect((await userBalances(t.ctx.db, session.userId)).USD.available).toBe(150_25);
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    const session = await depositor();
    const headers = { 'Idempotency-Key': 'deposit-1' };
    const first = await depositWithReceipt(t.app, session, { channel: 'bank', amount: '60000' }, { headers });
    const second = await depositWithReceipt(
      t.app,
      session,
      { channel: 'bank', amount: '60000' },
      { headers },
    );
    expect(first.status).toBe(1);
    expect(second).toEqual(first);
    expect((await moneySnapshot(t.ctx, session.userId)).deposits).toBe(1);
  });
});
