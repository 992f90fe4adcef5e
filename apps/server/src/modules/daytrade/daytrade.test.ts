import { nextTradingDay, zonedInstant } from '@kabuto/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session, setAccountFlags, setFundPassword, type TestApp } from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { decide, operatorToken, reviewList } from '../identity/testing';
import { CODES, createTradingApp, fundedUser, houseBalance, order, tick } from '../trading/testing';

/**
 * The day-trading program (SPEC §6.5) over real China hours (09:30–11:30, 13:00–15:00 Shanghai).
 * Moutai (600519) is ¥1,520.00; fees are 10 bps with a ¥5 minimum; the minimum participation is
 * ¥5,000; the intraday leverage 5×. Each test takes a trading day of its own, later than the
 * previous test's, so the session-close jobs run in order.
 */
let t: TestApp;
let day = '2026-11-16';
const FUND_PASSWORD = 'fund1234';

beforeAll(async () => {
  t = await createTradingApp({ config: { marketHours: 'real' } });
  await t.ctx.jobs.runDue();
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
});

const shanghai = (clock: string) => zonedInstant('Asia/Shanghai', day, clock);

/** Moves to the next China trading day, 10:00 Shanghai, and runs what fell due. */
async function nextDay(): Promise<string> {
  day = nextTradingDay('cny', day);
  t.clock.set(shanghai('10:00').toISOString());
  await t.ctx.jobs.runDue();
  return day;
}

/** Runs the jobs at the day's close (15:00 Shanghai) plus a second. */
async function atClose() {
  t.clock.set(new Date(shanghai('15:00').getTime() + 1_000).toISOString());
  await t.ctx.jobs.runDue();
}

async function trader(minor = 10_000_000): Promise<Session> {
  const user = await fundedUser(t, 'CNY', minor);
  await setFundPassword(t.app, user, FUND_PASSWORD);
  return user;
}

interface DayTradeAnswer {
  id: number;
  orderNo: string;
  state: string;
  reason: string | null;
  reasonMessage: { key: string; params: Record<string, unknown> } | null;
  amount: string;
  tradingDay: string;
  closeAt: string;
  returned: string | null;
  pnl: string | null;
  fees: string | null;
  capitalLeft: string | null;
  leverage: number;
}

const apply = (session: Session, body: Record<string, unknown> = {}) =>
  api<DayTradeAnswer>(
    t.app,
    '/trade/dayApply',
    { type: 'cny', amount: '50000', fund_password: FUND_PASSWORD, ...body },
    { session },
  );
const info = (session: Session) =>
  api<{ active: DayTradeAnswer | null; current: DayTradeAnswer | null; closeAt: string; tradingDay: string }>(
    t.app,
    '/trade/dayInfo',
    { type: 'cny' },
    { session },
  );
const detail = (session: Session, id: number) =>
  api<{
    application: DayTradeAnswer;
    positions: Array<{ id: number; state: string; mode: string; closeReason: string | null; source: string }>;
    records: Array<{ kind: string; amount: string }>;
  }>(t.app, '/trade/dayDetail', { type: 'cny', id }, { session });
const close = (session: Session, id: number) => api(t.app, '/trade/close', { type: 'cny', id }, { session });
const dayOrder = (session: Session, body: Record<string, unknown> = {}) =>
  order(t, session, { code: CODES.cny, direction: 'long', quantity: 10, leverage: 5, mode: 'day', ...body });

async function decideFor(session: Session, decision: 'approve' | 'reject', reason?: string) {
  const token = await operatorToken(t);
  const item = (await reviewList(t, token, 'daytrade')).list.find((i) => i.userId === session.userId)!;
  expect(item.details).toMatchObject({ market: 'cny', currency: 'CNY' });
  return decide(t, token, 'daytrade', item.id, decision, reason);
}

/** Everything an application refusal must leave unchanged. */
async function snapshot(userId: number) {
  const [balances, rows, reviews, transactions] = await Promise.all([
    userBalances(t.ctx.db, userId),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM day_trades WHERE user_id = ${userId}`.execute(
      t.ctx.db,
    ),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM reviews WHERE user_id = ${userId}`.execute(t.ctx.db),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM ledger_transactions WHERE user_id = ${userId}`.execute(
      t.ctx.db,
    ),
  ]);
  return {
    balances,
    rows: rows.rows[0]!.n,
    reviews: reviews.rows[0]!.n,
    transactions: transactions.rows[0]!.n,
  };
}

const cny = async (userId: number) => (await userBalances(t.ctx.db, userId)).CNY;

describe('applying (SPEC §6.5): each refusal answers its key and moves nothing', () => {
  it('refuses amount_required, amount_below_min, fund_password_unset, fund_password_wrong, balance_insufficient, daytrade_once and a frozen account', async () => {
    await nextDay();
    const user = await trader(1_000_000); // ¥10,000
    const before = await snapshot(user.userId);
    const refused = async (body: Record<string, unknown>, key: string, session = user) => {
      const res = await apply(session, body);
      expect(res).toMatchObject({ status: 0, msg: key });
      expect(await snapshot(session.userId)).toEqual(before);
    };
    await refused({ amount: '' }, 'amount_required');
    await refused({ amount: '0' }, 'amount_required');
    await refused({ amount: '4999.99' }, 'amount_below_min');
    await refused({ amount: '20000' }, 'balance_insufficient');
    await refused({ amount: '5000', fund_password: 'wrong999' }, 'fund_password_wrong');

    const noPassword = await fundedUser(t, 'CNY', 1_000_000);
    const beforeNoPassword = await snapshot(noPassword.userId);
    expect(await apply(noPassword, { amount: '5000' })).toMatchObject({
      status: 0,
      msg: 'fund_password_unset',
    });
    expect(await snapshot(noPassword.userId)).toEqual(beforeNoPassword);

    await setAccountFlags(t.ctx, user.userId, { frozen: true, flag_reason: 'check' });
    const frozen = await apply(user, { amount: '5000' });
    expect(frozen.status).toBe(0);
    expect(await snapshot(user.userId)).toEqual(before);
    await setAccountFlags(t.ctx, user.userId, { frozen: false, flag_reason: null });

    const first = await apply(user, { amount: '5000' });
    expect(first).toMatchObject({
      status: 1,
      data: { state: 'pending', amount: '5000.00', tradingDay: day },
    });
    const afterFirst = await snapshot(user.userId);
    expect(afterFirst.balances.CNY).toMatchObject({ available: 500_000, frozen: { daytrade: 500_000 } });
    expect(await apply(user, { amount: '5000' })).toMatchObject({ status: 0, msg: 'daytrade_once' });
    expect(await snapshot(user.userId)).toEqual(afterFirst);

    // Rejection releases, and the day is open to a new application.
    expect(await decideFor(user, 'reject', 'incomplete')).toBe(200);
    expect(await cny(user.userId)).toMatchObject({ available: 1_000_000, frozen: { daytrade: 0 } });
    const list = await api<{ list: DayTradeAnswer[] }>(
      t.app,
      '/trade/daylist',
      { type: 'cny' },
      { session: user },
    );
    // An operator's reason stays as typed, with no key for the app to translate.
    expect(list.data.list[0]).toMatchObject({ state: 'rejected', reason: 'incomplete', reasonMessage: null });
    expect((await apply(user, { amount: '5000' })).status).toBe(1);

    // The back office lists the applications with the applicant.
    const token = await operatorToken(t);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/daytrades?market=cny&state=rejected',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.statusCode).toBe(200);
    const rows = (listed.json() as { list: Array<{ userId: number; state: string; reason: string }> }).list;
    expect(rows.find((r) => r.userId === user.userId)).toMatchObject({
      state: 'rejected',
      reason: 'incomplete',
    });
  });

  it('applies after the close for the next trading day', async () => {
    await nextDay();
    const user = await trader();
    t.clock.set(shanghai('16:00').toISOString());
    const res = await apply(user);
    expect(res).toMatchObject({ status: 1, data: { tradingDay: nextTradingDay('cny', day) } });
    // Leave it decided so the next tests start clean.
    expect(await decideFor(user, 'reject', 'test')).toBe(200);
  });
});

describe('day-mode orders (SPEC §6.5, §6.2)', () => {
  it('refuses day-mode orders without an approved application, above the granted leverage or the participation left, moving nothing', async () => {
    await nextDay();
    t.clock.set(shanghai('10:00').toISOString());
    const user = await trader();
    const refusedOrder = async (body: Record<string, unknown>, key: string, field: string) => {
      const before = await snapshot(user.userId);
      const positions = await t.ctx.db
        .selectFrom('positions')
        .select('id')
        .where('user_id', '=', user.userId)
        .execute();
      expect(await dayOrder(user, body)).toMatchObject({ status: 0, msg: key, data: { field } });
      expect(await snapshot(user.userId)).toEqual(before);
      expect(
        await t.ctx.db.selectFrom('positions').select('id').where('user_id', '=', user.userId).execute(),
      ).toEqual(positions);
    };
    await refusedOrder({}, 'bad_request', 'mode');
    expect((await apply(user)).status).toBe(1);
    await refusedOrder({}, 'bad_request', 'mode'); // still under review
    expect(await decideFor(user, 'approve')).toBe(200);
    await refusedOrder({ leverage: 10 }, 'leverage_invalid', 'leverage');
    // ¥50,000 × 5 buys at most ¥250,000 of notional: 200 shares of Moutai (¥304,000) need more.
    await refusedOrder({ quantity: 200 }, 'balance_insufficient', 'quantity');
    // Another market's approval does not carry over.
    await refusedOrder({ code: CODES.jpy }, 'bad_request', 'mode');
    await atClose();
  });

  it('trades against the participation with T+1 waived for day positions only, then forces flat and settles at the close', async () => {
    await nextDay();
    const user = await trader();
    t.clock.set(shanghai('10:00').toISOString());
    const applied = await apply(user);
    expect(await decideFor(user, 'approve')).toBe(200);
    expect((await info(user)).data.active).toMatchObject({ state: 'approved', capitalLeft: '50000.00' });

    const normal = await order(t, user, { code: CODES.cny, direction: 'long', quantity: 10, leverage: 1 });
    expect(normal.data).toMatchObject({ mode: 'normal', source: 'order' });
    const available = (await cny(user.userId)).available;

    const first = await dayOrder(user);
    // Margin 15,200 / 5 = 3,040.00, fee 15.20: both from the participation, not from available.
    expect(first.data).toMatchObject({
      state: 'holding',
      mode: 'day',
      source: 'daytrade',
      margin: '3040.00',
    });
    expect(await cny(user.userId)).toMatchObject({
      available,
      frozen: { daytrade: 5_000_000 - 304_000 - 1_520, order: 1_520_000 + 304_000 },
    });
    await tick(t, CODES.cny, '1530.00');
    // T+1 waived for the day position; the normal one opened today still cannot be sold.
    expect(await close(user, first.data.id)).toMatchObject({ status: 1, data: { state: 'closed' } });
    expect(await close(user, normal.data.id)).toMatchObject({ status: 0, msg: 't1_sell' });

    const held = await dayOrder(user, { direction: 'short', quantity: 20 });
    const pending = await dayOrder(user, { order_type: 'limit', price: '1400.00', quantity: 5 });
    expect(pending.data.state).toBe('pending');
    expect((await info(user)).data.active).toMatchObject({ state: 'trading' });

    await tick(t, CODES.cny, '1525.00');
    await atClose();
    await tick(t, CODES.cny, '1520.00');
    const after = await detail(user, applied.data.id);
    const states = Object.fromEntries(after.data.positions.map((p) => [p.id, p]));
    expect(states[held.data.id]).toMatchObject({ state: 'closed', closeReason: 'settlement', mode: 'day' });
    expect(states[pending.data.id]).toMatchObject({ state: 'cancelled', closeReason: 'expired' });
    expect(states[first.data.id]).toMatchObject({ state: 'closed', closeReason: 'user' });
    // The normal position is not the program's.
    expect(after.data.positions.map((p) => p.id)).not.toContain(normal.data.id);

    // First: +10 × 10.00 = +100.00, fees 15.20 + 15.30. Held short 20 @1530 → 1525: +100.00,
    // fees 30.60 + 30.50. Settled: 50,000 + 200.00 − 91.60 = 50,108.40.
    expect(after.data.application).toMatchObject({
      state: 'executed',
      pnl: '200.00',
      fees: '91.60',
      returned: '50108.40',
    });
    expect(after.data.records.map((r) => [r.kind, r.amount])).toEqual([
      ['daytrade_freeze', '-50000.00'],
      ['daytrade_settle', '50108.40'],
    ]);
    expect(await cny(user.userId)).toMatchObject({
      available: available + 5_010_840,
      frozen: { daytrade: 0, order: 1_520_000 },
    });
    // Fund records show the freeze and the settlement.
    const records = await api<{ list: Array<{ kind: string }> }>(
      t.app,
      '/user/fundRecords',
      { type: 'cny' },
      { session: user },
    );
    expect(records.data.list.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['daytrade_freeze', 'daytrade_settle']),
    );

    // Running the close again changes nothing.
    const settled = await cny(user.userId);
    await t.ctx.jobs.runDue();
    expect(await cny(user.userId)).toEqual(settled);
  });

  it('lets the house absorb a gap: the loss never exceeds the participation', async () => {
    await nextDay();
    const user = await trader();
    t.clock.set(shanghai('10:00').toISOString());
    await tick(t, CODES.cny, '1520.00');
    const applied = await apply(user, { amount: '6000' });
    expect(await decideFor(user, 'approve')).toBe(200);
    // 19 shares × 1,520.00 = 28,880.00 at 5×: margin 5,776.00 + fee 28.88 of the ¥6,000.
    const opened = await dayOrder(user, { quantity: 19 });
    expect(opened.data).toMatchObject({ state: 'holding', margin: '5776.00' });
    const available = (await cny(user.userId)).available;
    const housePnl = await houseBalance(t, 'house:pnl', 'CNY');
    await tick(t, CODES.cny, '1200.00'); // a gap far past the margin: stopped out at the tick
    const stopped = await detail(user, applied.data.id);
    expect(stopped.data.positions[0]).toMatchObject({ state: 'closed', closeReason: 'stop_out' });
    const row = await t.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', opened.data.id)
      .executeTakeFirstOrThrow();
    expect(row.house_absorbed_minor).toBe(608_000 - 577_600);
    // The house books the user's loss only up to the margin; the gap beyond is its own.
    expect(await houseBalance(t, 'house:pnl', 'CNY')).toBe(housePnl + 577_600);

    await atClose();
    const done = (await detail(user, applied.data.id)).data.application;
    // What is left: 6,000 − 5,776.00 − 28.88 = 195.12, the rest lost and no more.
    expect(done).toMatchObject({ state: 'executed', returned: '195.12' });
    expect(await cny(user.userId)).toMatchObject({ available: available + 19_512, frozen: { daytrade: 0 } });
    await tick(t, CODES.cny, '1520.00');
  });
});

describe('days that cannot trade and the catch-up', () => {
  it('fails and releases an application approved after the close, and one never reviewed by the close', async () => {
    await nextDay();
    const late = await trader();
    const unreviewed = await trader();
    expect((await apply(late)).status).toBe(1);
    expect((await apply(unreviewed)).status).toBe(1);
    // The late one: approved after its close (the operator acts before the close job runs).
    t.clock.set(new Date(shanghai('15:00').getTime() + 500).toISOString());
    expect(await decideFor(late, 'approve')).toBe(200);
    expect((await info(late)).data.current).toBeNull(); // the form now offers the next trading day
    const lateRow = await t.ctx.db
      .selectFrom('day_trades')
      .selectAll()
      .where('user_id', '=', late.userId)
      .executeTakeFirstOrThrow();
    expect(lateRow).toMatchObject({ state: 'failed', returned_minor: 5_000_000 });
    // The server's own reason reaches the investor as a key with the close time, for their app to
    // write in their language.
    const closeAt = lateRow.close_at.toISOString();
    const lateView = (await detail(late, lateRow.id)).data.application;
    expect(lateView.reasonMessage).toEqual({
      key: 'daytrade_approved_after_close',
      params: { close: { date: closeAt, market: 'cny' } },
    });
    expect(await cny(late.userId)).toMatchObject({ available: 10_000_000, frozen: { daytrade: 0 } });

    await atClose();
    const row = await t.ctx.db
      .selectFrom('day_trades')
      .selectAll()
      .where('user_id', '=', unreviewed.userId)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('failed');
    const unreviewedView = (await detail(unreviewed, row.id)).data.application;
    expect(unreviewedView.reasonMessage).toEqual({
      key: 'daytrade_not_reviewed',
      params: { close: { date: row.close_at.toISOString(), market: 'cny' } },
    });
    // Its plain English stays for the back office.
    expect(unreviewedView.reason).toBe(
      `not reviewed before the session close (${row.close_at.toISOString()})`,
    );
    expect(await cny(unreviewed.userId)).toMatchObject({ available: 10_000_000, frozen: { daytrade: 0 } });
    const token = await operatorToken(t);
    expect((await reviewList(t, token, 'daytrade')).list.some((i) => i.userId === unreviewed.userId)).toBe(
      false,
    );
    expect(await decide(t, token, 'daytrade', row.id, 'approve')).toBe(409);
  });

  it('settles at start, once, when the node was down at the close', async () => {
    await nextDay();
    const user = await trader();
    const applied = await apply(user);
    expect(await decideFor(user, 'approve')).toBe(200);
    const held = await dayOrder(user);
    expect(held.data.state).toBe('holding');
    const available = (await cny(user.userId)).available;

    // Down from before the close until two trading days later.
    day = nextTradingDay('cny', nextTradingDay('cny', day));
    t.clock.set(shanghai('09:00').toISOString());
    await t.ctx.jobs.runDue();
    const settlements = () =>
      t.ctx.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('ref_type', '=', 'day_trade')
        .where('ref_id', '=', applied.data.id)
        .where('kind', '=', 'daytrade_settle')
        .execute();
    const application = await t.ctx.db
      .selectFrom('day_trades')
      .selectAll()
      .where('id', '=', applied.data.id)
      .executeTakeFirstOrThrow();
    const position = await t.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', held.data.id)
      .executeTakeFirstOrThrow();
    expect(application.state).toBe('executed');
    expect(position).toMatchObject({ state: 'closed', close_reason: 'settlement' });
    expect(await settlements()).toHaveLength(1);
    // Closed at the price of the catch-up: 50,000 ± its P&L − both fees back.
    const returned =
      5_000_000 + position.realised_pnl_minor! - position.fee_minor - position.close_fee_minor!;
    expect(application.returned_minor).toBe(returned);
    expect((await cny(user.userId)).available).toBe(available + returned);

    const runs = await t.ctx.db
      .selectFrom('job_runs')
      .select(['slot', 'outcome'])
      .where('job', '=', 'daytrade.close.cny')
      .orderBy('slot')
      .execute();
    expect(runs.slice(-3).map((r) => r.outcome)).toEqual(['done', 'done', 'done']);
    await t.ctx.jobs.runDue();
    expect(await settlements()).toHaveLength(1);
  });
});
