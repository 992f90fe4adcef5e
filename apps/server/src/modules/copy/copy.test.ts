import type { Labels } from '@kabuto/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  fund,
  longTestTimeout,
  registerUser,
  type Session,
  setFundPassword,
  TEST_NOW,
  type TestApp,
} from '../../../test/helpers';
import { inTransaction } from '../../db/database';
import { placeHold } from '../../ledger/holds';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { operatorToken } from '../identity/testing';
import { tick } from '../trading/testing';
import type { CopyContext } from './context';
import { drainFanouts, FANOUT_BATCH, type FanoutRunner, tradeLeader } from './fanout';
import { createLeader, runHistory } from './leaders';
import { endLockIns } from './lockin';
import { listProductOnLeader } from './products';
import type { LeaderRow } from './tables';

/**
 * A trend leader on Toyota (7203) with ¥10,000,000: twenty flat days at ¥2,850 in its history (no
 * trade), then live. A rise to ¥3,000 turns its averages up (it buys 3,000 shares); a fall to
 * ¥2,500 the next day turns them down (it sells). Fees 10 bps, minimum ¥100.
 */
const CODE = '7203';
const FUND_PASSWORD = 'fund1234';
const DAY = 86_400_000;

let t: TestApp;
let ctx: CopyContext;

beforeAll(async () => {
  t = await createTestApp({ config: { marketCodes: [CODE, '6758'] } });
  ctx = { ...t.ctx, trading: t.ctx.trading } as CopyContext;
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
});

/** Weekdays before `until`, oldest first. */
function weekdaysBefore(until: string, n: number): string[] {
  const days: string[] = [];
  let at = new Date(`${until}T00:00:00Z`).getTime();
  while (days.length < n) {
    at -= DAY;
    const d = new Date(at);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) days.unshift(d.toISOString().slice(0, 10));
  }
  return days;
}

async function storeBars(code: string, days: string[], close: string) {
  await t.ctx.db
    .insertInto('market_bars_day')
    .values(
      days.map((day) => ({
        code,
        day,
        open: close,
        high: close,
        low: close,
        close,
        volume: 1000,
        turnover: '0',
      })),
    )
    .onConflict((oc) => oc.columns(['code', 'day']).doNothing())
    .execute();
}

let leaderCount = 0;
async function newLeader(capitalMinor = 10_000_000, names?: Labels): Promise<LeaderRow> {
  leaderCount++;
  const today = t.ctx.market.tradingDay('jpy', t.clock.now());
  await storeBars(CODE, weekdaysBefore(today, 25), '2850.0');
  await tick(t, CODE, '2850.0');
  const leader = await createLeader(ctx, {
    name: `Test Trend ${leaderCount}`,
    ...(names ? { names } : {}),
    strategy: 'trend',
    market: 'jpy',
    codes: { [CODE]: 1 },
    capitalMinor,
  });
  return runHistory(ctx, leader);
}

async function newProduct(
  leader: LeaderRow,
  overrides: Partial<{ min: number; lockDays: number; cutoff: Date }> = {},
) {
  return listProductOnLeader(
    t.ctx.db,
    {
      leaderId: leader.id,
      name: `Product ${leader.id}`,
      minAmountMinor: overrides.min ?? 100_000,
      lockDays: overrides.lockDays ?? 7,
      cutoffAt: overrides.cutoff ?? new Date(t.clock.now().getTime() + 30 * DAY),
    },
    null,
    t.clock.now(),
  );
}

async function follower(amountMinor: number): Promise<Session> {
  const session = await registerUser(t.app);
  await setFundPassword(t.app, session, FUND_PASSWORD);
  if (amountMinor > 0) await fund(t.ctx, session.userId, 'JPY', amountMinor);
  return session;
}

const buy = (session: Session, id: number, amount: string, fundPassword = FUND_PASSWORD) =>
  api<Record<string, unknown>>(
    t.app,
    '/trade/productBuy',
    { id, amount, fund_password: fundPassword },
    { session },
  );

async function leaderTrades(leader: LeaderRow) {
  const fresh = await t.ctx.db
    .selectFrom('copy_leaders')
    .selectAll()
    .where('id', '=', leader.id)
    .executeTakeFirstOrThrow();
  const today = t.ctx.market.tradingDay('jpy', t.clock.now());
  const fills = await tradeLeader(ctx, fresh, today, t.app.copyTrading.fanout);
  await t.app.copyTrading.fanout.idle();
  await t.ctx.trading.engine.idle();
  return fills;
}

/** Signs in again after the clock moved past the session's idle expiry. */
async function relogin(session: Session): Promise<Session> {
  const res = await api<{ token: string; account: string }>(t.app, '/user/login', {
    account: session.account,
    password: 'secret123',
  });
  return { ...session, token: res.data.token };
}

async function snapshot(userId: number) {
  const [balances, holdings, transactions] = await Promise.all([
    userBalances(t.ctx.db, userId),
    t.ctx.db.selectFrom('copy_holdings').selectAll().where('user_id', '=', userId).execute(),
    t.ctx.db.selectFrom('ledger_transactions').select('id').where('user_id', '=', userId).execute(),
  ]);
  return { balances, holdings, transactions: transactions.length };
}

describe('products and their record', () => {
  it('lists a product with figures computed from the leader, labelled historical, with a sparkline', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader);
    const session = await follower(0);
    const list = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/productlist',
      {},
      { session },
    );
    expect(list.status).toBe(1);
    const item = list.data.list.find((p) => p.id === product.id)!;
    expect(item).toMatchObject({
      name: product.name,
      leader: leader.name,
      strategy: 'trend',
      minAmount: '100000',
      lockDays: 7,
      open: true,
      figures: { historical: true, totalReturn: '0.000000', maxDrawdown: '0.000000' },
    });
    expect((item.figures as { sparkline: string[] }).sparkline.length).toBeGreaterThan(1);
    const info = await api<Record<string, unknown>>(
      t.app,
      '/trade/productinfo',
      { id: product.id },
      { session },
    );
    expect(info.status).toBe(1);
    expect((info.data.curve as unknown[]).length).toBeGreaterThan(20);
    expect(info.data.recentTrades).toEqual([]);
    expect((await api(t.app, '/trade/productinfo', { id: 999_999 }, { session })).msg).toBe(
      'product_missing',
    );
  });

  it("names a product and its leader in the reader's language, the one name where none is given", async () => {
    const leader = await newLeader(10_000_000, {
      cn: `测试趋势 ${leaderCount + 1}`,
      us: `Test Trend ${leaderCount + 1}`,
      jp: `テストトレンド ${leaderCount + 1}`,
    });
    const named = await listProductOnLeader(
      t.ctx.db,
      {
        leaderId: leader.id,
        name: 'Steady Trend',
        names: { cn: '稳健趋势', us: 'Steady Trend', jp: '堅実トレンド' },
        minAmountMinor: 100_000,
        lockDays: 7,
        cutoffAt: new Date(t.clock.now().getTime() + 30 * DAY),
      },
      null,
      t.clock.now(),
    );
    const plain = await newProduct(leader);
    const session = await follower(0);
    const read = async (id: number, language: string) =>
      (
        await api<Record<string, unknown>>(
          t.app,
          '/trade/productinfo',
          { id },
          { session, headers: { language } },
        )
      ).data;
    expect(await read(named.id, 'jp')).toMatchObject({
      name: '堅実トレンド',
      leader: `テストトレンド ${leaderCount}`,
    });
    expect(await read(named.id, 'cn')).toMatchObject({ name: '稳健趋势', leader: `测试趋势 ${leaderCount}` });
    expect(await read(named.id, 'us')).toMatchObject({
      name: 'Steady Trend',
      leader: `Test Trend ${leaderCount}`,
    });
    expect(await read(plain.id, 'jp')).toMatchObject({ name: plain.name });
  });

  it("computes the record from the leader's fills: a trade shows with its return and drawdown", async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader);
    await tick(t, CODE, '3000.0');
    const fills = await leaderTrades(leader);
    expect(fills.map((f) => [f.action, f.leaderQuantity])).toEqual([['open', 3000]]);
    await tick(t, CODE, '3100.0');
    const session = await follower(0);
    t.clock.advance(61_000);
    const info = await api<{
      recentTrades: Array<Record<string, unknown>>;
      figures: Record<string, string>;
    }>(t.app, '/trade/productinfo', { id: product.id }, { session });
    expect(info.data.recentTrades[0]).toMatchObject({
      side: 'open',
      quantity: 3000,
      price: '3000.0',
      simulated: false,
    });
    // ¥10,000,000 − fee ¥9,000, then +¥100 × 3,000 on the day: equity ¥10,291,000.
    expect(Number(info.data.figures.totalReturn)).toBeCloseTo(0.0291, 6);
  });
});

describe('following', () => {
  it('refuses below the minimum, after the cutoff, without the fund password, beyond the balance — moving nothing', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader, { min: 100_000 });
    const closed = await newProduct(leader, { cutoff: new Date(t.clock.now().getTime() - 1) });
    const session = await follower(500_000);
    const before = await snapshot(session.userId);
    expect((await buy(session, product.id, '99999')).msg).toBe('amount_below_min');
    expect((await buy(session, closed.id, '200000')).msg).toBe('product_deadline');
    expect((await buy(session, 999_999, '200000')).msg).toBe('product_missing');
    expect((await buy(session, product.id, '200000', 'wrong-one')).msg).toBe('fund_password_wrong');
    expect((await buy(session, product.id, '600000')).msg).toBe('balance_insufficient');
    expect((await buy(session, product.id, '')).msg).toBe('amount_required');
    const unset = await registerUser(t.app);
    await fund(t.ctx, unset.userId, 'JPY', 500_000);
    expect((await buy(unset, product.id, '200000')).msg).toBe('fund_password_unset');
    expect(await snapshot(session.userId)).toEqual(before);
  });

  it('freezes the amount for the lock-in, shows the holding with status 0, and repeats an idempotent follow once', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader, { lockDays: 7 });
    const session = await follower(1_000_000);
    const headers = { 'Idempotency-Key': 'follow-1' };
    const first = await api<Record<string, unknown>>(
      t.app,
      '/trade/productBuy',
      { id: product.id, amount: '400000', fund_password: FUND_PASSWORD },
      { session, headers },
    );
    const again = await api<Record<string, unknown>>(
      t.app,
      '/trade/productBuy',
      { id: product.id, amount: '400000', fund_password: FUND_PASSWORD },
      { session, headers },
    );
    expect(first).toMatchObject({
      status: 1,
      msg: 'follow',
      data: { amount: '400000', money: '400000', status: 0 },
    });
    expect(again.data).toEqual(first.data);
    expect(first.data.lockUntil).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
    const b = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(b.available).toBe(600_000);
    expect(b.frozen.copy).toBe(400_000);
    const mine = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/userproductlist',
      {},
      { session },
    );
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({ status: 0, money: '400000', productName: product.name });
    const records = await api<{ list: Array<{ kind: string }> }>(t.app, '/user/fundRecords', {}, { session });
    expect(records.data.list.map((r) => r.kind)).toContain('copy_follow');
  });
});

/** `followers` users, each holding the product for `lockDays` with its own amount (holding ids from 1,000,000). */
async function manyFollowers(leader: LeaderRow, productId: number, followers: number, lockDays: number) {
  const now = t.clock.now();
  const users = await t.ctx.db
    .insertInto('users')
    .values(
      Array.from({ length: followers }, (_, i) => ({
        account: `cf${leader.id}x${i}`,
        password_hash: 'x',
        fund_password_hash: null,
        invite_code: `C${leader.id}X${i}`,
        invited_by: null,
        language: 'us',
        real_name: null,
        credit_score: null,
        flag_reason: null,
        locked_until: null,
        fund_locked_until: null,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  const amounts = new Map<number, number>();
  for (const [i, { id }] of users.entries()) {
    const amount = 100_000 + ((i * 7919) % 900_000);
    amounts.set(id, amount);
    await fund(t.ctx, id, 'JPY', amount);
    await inTransaction(t.ctx.db, async (trx) => {
      const holdingId = 1_000_000 + leader.id * 10_000 + i;
      const hold = await placeHold(
        trx,
        {
          userId: id,
          currency: 'JPY',
          purpose: 'copy',
          amountMinor: amount,
          kind: 'copy_follow',
          refType: 'copy_holding',
          refId: holdingId,
        },
        now,
      );
      await trx
        .insertInto('copy_holdings')
        .values({
          id: holdingId,
          order_no: `CT${holdingId}`,
          user_id: id,
          product_id: productId,
          currency: 'JPY',
          amount_minor: amount,
          hold_id: hold.holdId,
          lock_until: new Date(now.getTime() + lockDays * DAY),
          ended_at: null,
          returned_minor: null,
          created_at: now,
        })
        .execute();
    });
  }
  return amounts;
}

describe('mirroring and the end of the lock-in', () => {
  it('mirrors a leader buy scaled by amount ÷ equity, telling the leader quantity and equity it came from, closes it with the leader, and returns the value at the end', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader, { lockDays: 3 });
    let session = await follower(2_000_000);
    expect((await buy(session, product.id, '1000000')).status).toBe(1);

    await tick(t, CODE, '3000.0');
    await leaderTrades(leader);
    const orders = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/followOrders',
      {},
      { session },
    );
    // 3,000 × ¥1,000,000 ÷ ¥10,000,000 = 300 shares at ¥3,000: ¥900,000 margin, ¥900 fee.
    expect(orders.data.list).toHaveLength(1);
    expect(orders.data.list[0]).toMatchObject({
      quantity: 300,
      leaderQuantity: 3000,
      leaderEquity: '10000000',
      openPrice: '3000.0',
      source: 'copy',
      state: 'holding',
    });
    let b = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(b.frozen.copy).toBe(99_100);
    expect(b.frozen.order).toBe(900_000);
    // Mirrored positions show under Following orders, not In progress.
    const inProgress = await api<{ list: unknown[] }>(t.app, '/trade/userstocklist', {}, { session });
    expect(inProgress.data.list).toHaveLength(0);

    await tick(t, CODE, '3100.0');
    const holding = (
      await api<{ list: Array<Record<string, string>> }>(t.app, '/trade/userproductlist', {}, { session })
    ).data.list[0]!;
    // +¥100 × 300 − ¥900 fee.
    expect(holding).toMatchObject({
      totalProfit: '29100',
      dailyProfit: '29100',
      money: '999100',
      value: '1029100',
    });

    // Next day the price falls: the leader sells, the mirror closes at the same price.
    t.clock.advance(DAY);
    await tick(t, CODE, '2500.0');
    const sells = await leaderTrades(leader);
    expect(sells.map((f) => f.action)).toEqual(['close']);
    const after = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/followOrders',
      {},
      { session },
    );
    expect(after.data.list[0]).toMatchObject({ state: 'closed', closePrice: '2500.0' });
    b = (await userBalances(t.ctx.db, session.userId)).JPY;
    // −¥500 × 300 = −¥150,000; close fee ¥750: the holding has ¥1,000,000 − 900 − 150,000 − 750.
    expect(b.frozen.copy).toBe(848_350);
    expect(b.frozen.order).toBe(0);

    // Lock-in ends: the value returns to available with a message; state ended.
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 3 * DAY + 1000));
    expect(await endLockIns(ctx)).toBe('1 ended');
    session = await relogin(session);
    b = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(b.available).toBe(1_000_000 + 848_350);
    expect(b.frozen.copy).toBe(0);
    const ended = (
      await api<{ list: Array<Record<string, unknown>> }>(t.app, '/trade/userproductlist', {}, { session })
    ).data.list[0]!;
    expect(ended).toMatchObject({
      state: 'ended',
      status: 1,
      returned: '848350',
      totalProfit: '-151650',
      money: '0',
    });
    const records = await api<{ list: Array<{ kind: string }> }>(t.app, '/user/fundRecords', {}, { session });
    expect(records.data.list.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['copy_follow', 'copy_open', 'position_close', 'copy_end']),
    );
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', session.userId)
      .execute();
    expect(messages.map((m) => m.kind)).toContain('copy_ended');
    // Running the job again changes nothing.
    expect(await endLockIns(ctx)).toBe('0 ended');
  });

  it('closes open mirrored positions at market at the end of the lock-in', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader, { lockDays: 1 });
    const session = await follower(500_000);
    await buy(session, product.id, '500000');
    await tick(t, CODE, '3000.0');
    await leaderTrades(leader);
    // 3,000 × 500,000 ÷ 10,000,000 = 150 shares: ¥450,000 + ¥450 fee.
    await tick(t, CODE, '3200.0');
    t.clock.advance(DAY + 1000);
    await t.ctx.jobs.runDue();
    const again = await relogin(session);
    const b = (await userBalances(t.ctx.db, session.userId)).JPY;
    // 500,000 − 450 + 150 × 200 − close fee 480.
    expect(b.available).toBe(500_000 - 450 + 30_000 - 480);
    expect(b.frozen.copy ?? 0).toBe(0);
    expect(b.frozen.order ?? 0).toBe(0);
    const orders = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/followOrders',
      {},
      { session: again },
    );
    expect(orders.data.list[0]).toMatchObject({
      state: 'closed',
      closeReason: 'settlement',
      closePrice: '3200.0',
    });
  });

  it('a stop-out of a mirrored position returns what is left to the holding', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const product = await newProduct(leader, { lockDays: 5 });
    const session = await follower(500_000);
    await buy(session, product.id, '500000');
    await tick(t, CODE, '3000.0');
    await leaderTrades(leader);
    // Leverage 1: the stop-out is at a loss of 80% of the margin.
    await tick(t, CODE, '590.0');
    const orders = await api<{ list: Array<Record<string, unknown>> }>(
      t.app,
      '/trade/followOrders',
      {},
      { session },
    );
    expect(orders.data.list[0]).toMatchObject({ state: 'closed', closeReason: 'stop_out' });
    const b = (await userBalances(t.ctx.db, session.userId)).JPY;
    expect(b.frozen.order ?? 0).toBe(0);
    expect(b.available).toBe(0);
    expect(b.frozen.copy).toBeGreaterThan(0);
  });

  it(
    'fans one leader order out to many followers in batches; their P&L is the sum of their mirrored fills less fees',
    async () => {
      t.clock.set(TEST_NOW);
      const leader = await newLeader();
      const product = await newProduct(leader, { lockDays: 2 });
      // More than one batch (FANOUT_BATCH).
      const amounts = await manyFollowers(leader, product.id, FANOUT_BATCH + 50, 2);
      await tick(t, CODE, '3000.0');
      await leaderTrades(leader);
      const fanout = await t.ctx.db
        .selectFrom('copy_fanouts')
        .selectAll()
        .where('leader_id', '=', leader.id)
        .executeTakeFirstOrThrow();
      expect(fanout.done_at).not.toBeNull();
      const mirrored = await t.ctx.db
        .selectFrom('positions')
        .selectAll()
        .where('source', '=', 'copy')
        .where('user_id', 'in', [...amounts.keys()])
        .execute();
      expect(mirrored.length).toBe(fanout.mirrored);
      for (const p of mirrored) {
        const amount = amounts.get(p.user_id)!;
        expect(p.quantity).toBe(Math.floor((3000 * amount) / 10_000_000));
        expect(p.margin_minor + p.fee_minor).toBeLessThanOrEqual(amount);
      }
      expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
      // Nothing is mirrored twice when the fan-out runs again.
      expect(await drainFanouts(ctx)).toBe(0);

      await tick(t, CODE, '3050.5');
      t.clock.advance(2 * DAY + 1000);
      await endLockIns(ctx);
      const ids = [...amounts.keys()];
      const holdings = await t.ctx.db
        .selectFrom('copy_holdings')
        .selectAll()
        .where('user_id', 'in', ids)
        .execute();
      const positions = await t.ctx.db
        .selectFrom('positions')
        .selectAll()
        .where('user_id', 'in', ids)
        .execute();
      for (const h of holdings) {
        const mine = positions.filter((p) => p.source_id === h.id);
        const pnl = mine.reduce((s, p) => s + (p.realised_pnl_minor ?? 0), 0);
        const fees = mine.reduce((s, p) => s + p.fee_minor + (p.close_fee_minor ?? 0), 0);
        expect(h.state).toBe('ended');
        expect(h.returned_minor).toBe(h.amount_minor + pnl - fees);
        const b = (await userBalances(t.ctx.db, h.user_id)).JPY;
        expect(b.available).toBe(h.returned_minor);
      }
    },
    longTestTimeout(180_000),
  );

  it(
    'two nodes draining one fan-out at once mirror each follower once, the ledger balanced',
    async () => {
      t.clock.set(TEST_NOW);
      const leader = await newLeader();
      const product = await newProduct(leader, { lockDays: 2 });
      // Several batches: on PostgreSQL each node runs FANOUT_PARALLEL of them at once.
      const amounts = await manyFollowers(leader, product.id, 2 * FANOUT_BATCH + 20, 2);
      await tick(t, CODE, '3000.0');
      const fresh = await t.ctx.db
        .selectFrom('copy_leaders')
        .selectAll()
        .where('id', '=', leader.id)
        .executeTakeFirstOrThrow();
      const today = t.ctx.market.tradingDay('jpy', t.clock.now());
      // The fill is recorded; its fan-out is left to the two drains below.
      const idle = { kick: () => {} } as unknown as FanoutRunner;
      expect(await tradeLeader(ctx, fresh, today, idle)).toHaveLength(1);
      const [a, b] = await Promise.all([drainFanouts(ctx), drainFanouts(ctx)]);
      const mirrored = await t.ctx.db
        .selectFrom('positions')
        .select(['user_id', 'quantity'])
        .where('source', '=', 'copy')
        .where('user_id', 'in', [...amounts.keys()])
        .execute();
      expect(mirrored).toHaveLength(amounts.size);
      expect(a + b).toBe(amounts.size);
      for (const p of mirrored)
        expect(p.quantity).toBe(Math.floor((3000 * amounts.get(p.user_id)!) / 10_000_000));
      const fanout = await t.ctx.db
        .selectFrom('copy_fanouts')
        .selectAll()
        .where('leader_id', '=', leader.id)
        .executeTakeFirstOrThrow();
      expect(fanout).toMatchObject({ mirrored: amounts.size });
      expect(fanout.done_at).not.toBeNull();
      expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
    },
    longTestTimeout(180_000),
  );
});

describe('the back office', () => {
  it('lists a product on a leader with its rules, audited; returns cannot be set', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const token = await operatorToken(t);
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
    const body = {
      leaderId: leader.id,
      name: 'Listed by the operator',
      minAmount: '200000',
      lockDays: 10,
      cutoffAt: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
    };
    expect((await call('POST', '/api/admin/copy/products', { ...body, totalReturn: '0.5' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/admin/copy/products', { ...body, leaderId: 999_999 })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/admin/copy/products', { ...body, cutoffAt: '2020-01-01T00:00:00Z' })).json(),
    ).toEqual({ error: 'bad_request', field: 'cutoffAt' });
    const listed = await call('POST', '/api/admin/copy/products', body);
    expect(listed.statusCode).toBe(200);
    const id = (listed.json() as { id: number }).id;
    const products = (await call('GET', '/api/admin/copy/products')).json() as {
      list: Array<Record<string, unknown>>;
    };
    expect(products.list.find((p) => p.id === id)).toMatchObject({
      name: 'Listed by the operator',
      minAmount: '200000',
      lockDays: 10,
      followers: 0,
      leader: leader.name,
    });
    const leaders = (await call('GET', '/api/admin/copy/leaders')).json() as {
      list: Array<Record<string, unknown>>;
    };
    expect(leaders.list.find((l) => l.id === leader.id)).toMatchObject({
      strategy: 'trend',
      equity: '10000000',
    });
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'copy_product_list')
      .where('target_id', '=', String(id))
      .execute();
    expect(audited).toHaveLength(1);
    const session = await follower(0);
    const info = await api<Record<string, unknown>>(t.app, '/trade/productinfo', { id }, { session });
    expect(info.data).toMatchObject({ name: 'Listed by the operator', minAmount: '200000', lockDays: 10 });
  });
  it('lists a product named in three languages, edits it and closes it with reasons, audited; refuses once closed', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const token = await operatorToken(t);
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    const cutoffAt = new Date(t.clock.now().getTime() + 5 * DAY).toISOString();
    const names = { cn: '三语产品', us: 'Three-language product', jp: '三言語プロダクト' };
    const listed = await call('/api/admin/copy/products', {
      leaderId: leader.id,
      names,
      minAmount: '100000',
      lockDays: 7,
      cutoffAt,
    });
    expect(listed.statusCode).toBe(200);
    const id = (listed.json() as { id: number }).id;
    const session = await follower(0);
    const nameIn = async (language: string) =>
      (await api<{ name: string }>(t.app, '/trade/productinfo', { id }, { session, headers: { language } }))
        .data.name;
    expect(await nameIn('jp')).toBe('三言語プロダクト');
    expect(await nameIn('cn')).toBe('三语产品');

    const change = {
      names: { cn: '改名产品', us: 'Renamed product', jp: '改名プロダクト' },
      minAmount: '150000',
      lockDays: 14,
      cutoffAt,
    };
    expect((await call(`/api/admin/copy/products/${id}`, change)).json()).toEqual({
      error: 'bad_request',
      field: 'reason',
    });
    expect(
      (
        await call(`/api/admin/copy/products/${id}`, { ...change, names: { cn: 'x', us: 'y' }, reason: 'r' })
      ).json(),
    ).toMatchObject({ error: 'bad_request', field: 'names.jp' });
    const edited = await call(`/api/admin/copy/products/${id}`, { ...change, reason: 'new minimum' });
    expect(edited.statusCode).toBe(200);
    expect(await nameIn('jp')).toBe('改名プロダクト');
    const info = await api<Record<string, unknown>>(t.app, '/trade/productinfo', { id }, { session });
    expect(info.data).toMatchObject({ minAmount: '150000', lockDays: 14, open: true });

    expect((await call(`/api/admin/copy/products/${id}/close`, {})).json()).toEqual({
      error: 'bad_request',
      field: 'reason',
    });
    expect((await call(`/api/admin/copy/products/${id}/close`, { reason: 'leader paused' })).statusCode).toBe(
      200,
    );
    const closed = await api<Record<string, unknown>>(t.app, '/trade/productinfo', { id }, { session });
    expect(closed.data).toMatchObject({ open: false });
    // Nothing more can change a closed product.
    expect((await call(`/api/admin/copy/products/${id}/close`, { reason: 'again' })).json()).toEqual({
      error: 'product_closed',
      field: 'id',
    });
    expect((await call(`/api/admin/copy/products/${id}`, { ...change, reason: 'late' })).json()).toEqual({
      error: 'product_closed',
      field: 'id',
    });
    expect((await call('/api/admin/copy/products/999999/close', { reason: 'none' })).statusCode).toBe(404);
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'details'])
      .where('target_type', '=', 'copy_product')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => [a.action, a.reason])).toEqual([
      ['copy_product_list', null],
      ['copy_product_update', 'new minimum'],
      ['copy_product_close', 'leader paused'],
    ]);
    expect(audited[1]!.details).toMatchObject({
      before: { minAmount: '100000', lockDays: 7 },
      after: { minAmount: '150000', lockDays: 14, names: change.names },
    });
  });
  it('renames a leader in three languages with a reason, audited: followers read the new name on its products', async () => {
    t.clock.set(TEST_NOW);
    const leader = await newLeader();
    const token = await operatorToken(t);
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    const listed = await call('/api/admin/copy/products', {
      leaderId: leader.id,
      names: { cn: '产品', us: 'Product', jp: 'プロダクト' },
      minAmount: '100000',
      lockDays: 7,
      cutoffAt: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
    });
    const id = (listed.json() as { id: number }).id;
    const names = { cn: '稳健趋势', us: 'Steady Trend', jp: '安定トレンド' };
    expect((await call(`/api/admin/copy/leaders/${leader.id}`, { names })).json()).toEqual({
      error: 'bad_request',
      field: 'reason',
    });
    expect(
      (
        await call(`/api/admin/copy/leaders/${leader.id}`, { names: { cn: 'x', us: 'y' }, reason: 'r' })
      ).json(),
    ).toMatchObject({ error: 'bad_request', field: 'names.jp' });
    expect((await call('/api/admin/copy/leaders/999999', { names, reason: 'r' })).statusCode).toBe(404);
    const unchanged = await t.ctx.db
      .selectFrom('copy_leaders')
      .select(['name', 'names'])
      .where('id', '=', leader.id)
      .executeTakeFirstOrThrow();

    expect(
      (await call(`/api/admin/copy/leaders/${leader.id}`, { names, reason: 'new strategy name' })).statusCode,
    ).toBe(200);
    const session = await follower(0);
    const leaderIn = async (language: string) =>
      (await api<{ leader: string }>(t.app, '/trade/productinfo', { id }, { session, headers: { language } }))
        .data.leader;
    expect(await leaderIn('jp')).toBe('安定トレンド');
    expect(await leaderIn('cn')).toBe('稳健趋势');
    expect(await leaderIn('us')).toBe('Steady Trend');
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'details'])
      .where('target_type', '=', 'copy_leader')
      .where('target_id', '=', String(leader.id))
      .execute();
    expect(audited.map((a) => [a.action, a.reason])).toEqual([['copy_leader_update', 'new strategy name']]);
    expect(audited[0]!.details).toMatchObject({ before: { name: unchanged.name }, after: { names } });
  });
});
