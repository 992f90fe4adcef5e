import { CURRENCIES, Decimal, type ErrorKey } from '@kabuto/contract';
import { convertMinor } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  registerUser,
  type Session,
  setAccountFlags,
  setFundPassword,
  type TestApp,
} from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { midRate } from './exchange';
import { FUND_PASSWORD, moneySnapshot } from './testing';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function holder(yen = 1_000_000): Promise<Session> {
  const session = await registerUser(t.app);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  if (yen > 0) await fund(t.ctx, session.userId, 'JPY', yen);
  return session;
}

const exchange = (session: Session, body: Record<string, unknown>, headers?: Record<string, string>) =>
  api<{
    id: number;
    orderNo: string;
    fromAmount: string;
    toAmount: string;
    mid: string;
    rate: string;
    spreadBps: number;
  }>(
    t.app,
    '/user/exchange',
    { fund_password: FUND_PASSWORD, ...body },
    { session, ...(headers ? { headers } : {}) },
  );

async function expectRefused(session: Session, body: Record<string, unknown>, key: ErrorKey) {
  const before = await moneySnapshot(t.ctx, session.userId);
  const res = await exchange(session, body);
  expect(res).toMatchObject({ status: 0, msg: key });
  expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);
}

describe('rates', () => {
  it('lists every pair with the mid rate and the customer rate after the spread', async () => {
    const session = await holder(0);
    const res = await api<{
      spreadBps: number;
      list: Array<{ from: string; to: string; mid: string; rate: string }>;
    }>(t.app, '/user/rates', {}, { session });
    expect(res.status).toBe(1);
    expect(res.data.spreadBps).toBe(t.ctx.config.exchangeSpreadBps);
    expect(res.data.list).toHaveLength(CURRENCIES.length * (CURRENCIES.length - 1));
    const jpyUsd = res.data.list.find((r) => r.from === 'JPY' && r.to === 'USD')!;
    expect(jpyUsd.mid).toBe(midRate(t.ctx, 'JPY', 'USD'));
    const spread = new Decimal(1).minus(new Decimal(t.ctx.config.exchangeSpreadBps).dividedBy(10_000));
    expect(new Decimal(jpyUsd.rate).equals(new Decimal(jpyUsd.mid).times(spread))).toBe(true);
    const fromUsd = await api<{ list: Array<{ from: string }> }>(
      t.app,
      '/user/rates',
      { from: 'usd' },
      { session },
    );
    expect(fromUsd.data.list).toHaveLength(CURRENCIES.length - 1);
    expect(new Set(fromUsd.data.list.map((r) => r.from))).toEqual(new Set(['USD']));
  });
});

describe('exchange', () => {
  it('exchanges JPY for USD at the market rate less the spread, both legs in one ledger transaction', async () => {
    const session = await holder();
    const expected = convertMinor({
      amountMinor: 100_000,
      from: 'JPY',
      to: 'USD',
      rate: midRate(t.ctx, 'JPY', 'USD')!,
      spreadBps: t.ctx.config.exchangeSpreadBps,
    });
    const res = await exchange(session, { from: 'JPY', to: 'USD', amount: '100000' });
    expect(res).toMatchObject({
      status: 1,
      msg: 'exchange',
      data: { fromAmount: '100000', spreadBps: t.ctx.config.exchangeSpreadBps },
    });
    expect(res.data.toAmount).toBe(new Decimal(expected.toMinor).dividedBy(100).toFixed(2));
    expect(expected.toMinor).toBeGreaterThan(0);

    const balances = await userBalances(t.ctx.db, session.userId);
    expect(balances.JPY.available).toBe(900_000);
    expect(balances.USD.available).toBe(expected.toMinor);

    const tx = await t.ctx.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('order_no', '=', res.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(tx).toMatchObject({
      kind: 'exchange',
      user_id: session.userId,
      ref_type: 'exchange',
      ref_id: res.data.id,
    });
    const postings = await t.ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.user_id', 'a.name', 'a.currency', 'p.amount_minor'])
      .where('p.transaction_id', '=', tx.id)
      .execute();
    expect(
      postings.map((p) => [p.user_id === 0 ? 'house' : 'user', p.name, p.currency, p.amount_minor]).sort(),
    ).toEqual(
      [
        ['user', 'available', 'JPY', -100_000],
        ['house', 'house:fx', 'JPY', 100_000],
        ['house', 'house:fx', 'USD', -expected.toMinor],
        ['user', 'available', 'USD', expected.toMinor],
      ].sort(),
    );
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);

    const list = await api<{ list: Array<{ orderNo: string; from: string; to: string }>; total: number }>(
      t.app,
      '/user/exchangelist',
      {},
      { session },
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ orderNo: res.data.orderNo, from: 'JPY', to: 'USD' });
    const records = await api<{ list: Array<{ kind: string; currency: string; amount: string }> }>(
      t.app,
      '/user/fundRecords',
      {},
      { session },
    );
    expect(records.data.list.filter((r) => r.kind === 'exchange').map((r) => [r.currency, r.amount])).toEqual(
      [
        ['JPY', '-100000'],
        ['USD', res.data.toAmount],
      ],
    );
  });

  it('rounds the result down, so an exchange never creates money', async () => {
    const session = await holder();
    const res = await exchange(session, { from: 'JPY', to: 'USD', amount: '1001' });
    const exact = new Decimal(1001).times(res.data.rate);
    expect(new Decimal(res.data.toAmount).lte(exact)).toBe(true);
    expect(exact.minus(res.data.toAmount).lt(new Decimal('0.01'))).toBe(true);
  });

  it('refuses the same currency on both sides (same_currency)', async () => {
    const session = await holder();
    await expectRefused(session, { from: 'JPY', to: 'jpy', amount: '1000' }, 'same_currency');
  });

  it('requires an amount (amount_required)', async () => {
    const session = await holder();
    await expectRefused(session, { from: 'JPY', to: 'USD', amount: '' }, 'amount_required');
    await expectRefused(session, { from: 'JPY', to: 'USD', amount: '0' }, 'amount_required');
  });

  it('refuses an amount too small to buy one unit of the target (amount_below_min)', async () => {
    const session = await holder();
    await expectRefused(session, { from: 'JPY', to: 'USD', amount: '1' }, 'amount_below_min');
  });

  it('refuses more than the available balance (balance_insufficient)', async () => {
    const session = await holder(5_000);
    await expectRefused(session, { from: 'JPY', to: 'USD', amount: '5001' }, 'balance_insufficient');
    await expectRefused(session, { from: 'USD', to: 'JPY', amount: '1' }, 'balance_insufficient');
  });

  it('requires the fund password (fund_password_unset, fund_password_wrong)', async () => {
    const unset = await registerUser(t.app);
    await fund(t.ctx, unset.userId, 'JPY', 10_000);
    await expectRefused(unset, { from: 'JPY', to: 'USD', amount: '1000' }, 'fund_password_unset');
    const session = await holder();
    await expectRefused(
      session,
      { from: 'JPY', to: 'USD', amount: '1000', fund_password: 'bad' },
      'fund_password_wrong',
    );
  });

  it('refuses an unknown currency as a bad request naming the field', async () => {
    const session = await holder();
    const res = await exchange(session, { from: 'JPY', to: 'XXX', amount: '1000' });
    expect(res).toMatchObject({ status: 0, msg: 'bad_request', data: { field: 'to' } });
  });

  it('refuses a frozen account (account_blocked)', async () => {
    const session = await holder();
    await setAccountFlags(t.ctx, session.userId, { frozen: true });
    await expectRefused(session, { from: 'JPY', to: 'USD', amount: '1000' }, 'account_blocked');
  });

  it('converts between any two listed currencies', async () => {
    const session = await holder();
    const res = await exchange(session, { from: 'JPY', to: 'KRW', amount: '10000' });
    expect(res.status).toBe(1);
    const back = await exchange(session, { from: 'KRW', to: 'THB', amount: res.data.toAmount });
    expect(back.status).toBe(1);
    expect((await userBalances(t.ctx.db, session.userId)).KRW.available).toBe(0);
  });

  it('replays the first answer for a repeated Idempotency-Key and converts once', async () => {
    const session = await holder();
    const headers = { 'Idempotency-Key': 'fx-1' };
    const first = await exchange(session, { from: 'JPY', to: 'USD', amount: '30000' }, headers);
    const second = await exchange(session, { from: 'JPY', to: 'USD', amount: '30000' }, headers);
    expect(second).toEqual(first);
    expect((await userBalances(t.ctx.db, session.userId)).JPY.available).toBe(970_000);
  });
});
