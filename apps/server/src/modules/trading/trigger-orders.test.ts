import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type Session, TEST_NOW, type TestApp } from '../../../test/helpers';
import { checkInvariant } from '../../ledger/ledger';
import { MatchingEngine } from './engine';
import {
  balanceOf,
  CODES,
  createTradingApp,
  fundedUser,
  order,
  type PositionAnswer,
  snapshot,
  tick,
} from './testing';
import { fireTrigger } from './triggers';

/**
 * SPEC §13.2 on a real database: stop, stop-limit and trailing-stop orders, take-profit and
 * stop-loss (OCO, IFD/IFDOCO), validity and changes to pending orders. Toyota (7203) starts at
 * ¥2,850.0 with a daily band of ¥2,350.0–¥3,350.0; fees are 10 bps, at least ¥100. TEST_NOW is a
 * Tuesday 10:00 in Tokyo (real hours).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTradingApp({ config: { marketHours: 'real' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(TEST_NOW);
  await tick(t, CODES.jpy, '2850.0');
});
afterEach(async () => {
  expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
});

const toyota = { code: CODES.jpy, quantity: 100, leverage: 1 };
const info = (session: Session, id: number) =>
  api<PositionAnswer>(t.app, '/trade/positionInfo', { id }, { session }).then((r) => r.data);
const modify = (session: Session, body: Record<string, unknown>) =>
  api<PositionAnswer>(t.app, '/trade/modify', body, { session });
/** The order opened at `price` with margin and fee drawn from a ¥1,000,000 account. */
async function expectOpened(user: Session, id: number, price: string, margin: number, fee: number) {
  expect(await info(user, id)).toMatchObject({ state: 'holding', openPrice: price, margin: String(margin) });
  expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
    available: 1_000_000 - margin - fee,
    frozenOrder: margin,
  });
}
const setTpSl = (session: Session, body: Record<string, unknown>) =>
  api<PositionAnswer>(t.app, '/trade/setTpSl', body, { session });
/** The catalogue keys of the investor's messages, oldest first (SPEC §13.3: triggers are told). */
async function messageKeys(userId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('messages')
    .select(['kind', 'template'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.kind}:${row.template?.key ?? ''}`);
}

describe('stop orders', () => {
  it('a short stop waits with margin and fee frozen at the trigger, then sells at market when the price falls to it', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2700.0',
    });
    expect(res).toMatchObject({
      status: 1,
      data: {
        state: 'pending',
        orderType: 'stop',
        triggerPrice: '2700.0',
        margin: '270000',
        openFee: '270',
        validity: 'day',
      },
    });
    expect(res.data.expiresAt).not.toBeNull();
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 270_270,
      frozenOrder: 270_270,
    });

    await tick(t, CODES.jpy, '2700.1');
    expect((await info(user, res.data.id)).state).toBe('pending');
    await tick(t, CODES.jpy, '2699.0');
    const filled = await info(user, res.data.id);
    expect(filled).toMatchObject({ state: 'holding', openPrice: '2699.0', margin: '269900', openFee: '270' });
    expect(filled.triggeredAt).not.toBeNull();
    expect(await messageKeys(user.userId)).toEqual(['fill:order_filled', 'order_triggered:order_triggered']);
    // The difference to what was frozen at the trigger goes back to available.
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 269_900 - 270,
      frozenOrder: 269_900,
    });
  });

  it('a long stop that gaps past its trigger opens at the tick, the extra margin drawn from available', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'stop',
      trigger_price: '2900.0',
    });
    await tick(t, CODES.jpy, '2950.0');
    await expectOpened(user, res.data.id, '2950.0', 295_000, 295);
  });

  it('a triggered stop the funds no longer cover is cancelled and its frozen funds released', async () => {
    const user = await fundedUser(t, 'JPY', 290_290);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'stop',
      trigger_price: '2900.0',
    });
    await tick(t, CODES.jpy, '2950.0');
    expect(await info(user, res.data.id)).toMatchObject({ state: 'cancelled', closeReason: 'unfunded' });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 290_290, frozenOrder: 0 });
    // No word of an order sent: none went out.
    expect(await messageKeys(user.userId)).not.toContain('order_triggered:order_triggered');
  });

  it('a stop-limit freezes at the worse of trigger and limit, then rests as a limit order once triggered', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'stop_limit',
      trigger_price: '2900.0',
      price: '2910.0',
    });
    expect(res.data).toMatchObject({
      state: 'pending',
      margin: '291000',
      openFee: '291',
      limitPrice: '2910.0',
    });
    await tick(t, CODES.jpy, '2950.0');
    const rested = await info(user, res.data.id);
    expect(rested).toMatchObject({ state: 'pending' });
    expect(rested.triggeredAt).not.toBeNull();
    await tick(t, CODES.jpy, '2908.0');
    await expectOpened(user, res.data.id, '2908.0', 290_800, 291);
  });

  it('a trigger past the day’s limits is accepted and waits: the limit price cannot reach it today', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'stop',
      trigger_price: '3400.0',
    });
    expect(res.data.state).toBe('pending');
    await tick(t, CODES.jpy, '3350.0');
    expect((await info(user, res.data.id)).state).toBe('pending');
    await api(t.app, '/trade/cancel', { id: res.data.id }, { session: user });
  });

  it('fires at most once: two engines racing on one tick open the position once', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2800.0',
    });
    const outcomes = await Promise.all([
      fireTrigger(t.ctx, res.data.id, '2790.0', null),
      fireTrigger(t.ctx, res.data.id, '2790.0', null),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['filled', 'gone']);
    const fills = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('ref_type', '=', 'position')
      .where('ref_id', '=', res.data.id)
      .execute();
    expect(fills.map((f) => f.kind)).toEqual(['order_place', 'order_fill']);
  });

  it('survives a restart: a new engine loads the resting triggers from the database and fires them', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2750.0',
    });
    const restarted = new MatchingEngine({ ...t.ctx, market: t.ctx.market });
    await restarted.attach();
    try {
      expect(restarted.stats().pendingOrders).toBeGreaterThanOrEqual(1);
      await tick(t, CODES.jpy, '2750.0');
      await restarted.idle();
      expect((await info(user, res.data.id)).state).toBe('holding');
      // Both engines saw the tick; one opened it.
      expect(restarted.stats().fills + t.ctx.trading.engine.stats().fills).toBeGreaterThanOrEqual(1);
      const fills = await t.ctx.db
        .selectFrom('ledger_transactions')
        .select('kind')
        .where('ref_id', '=', res.data.id)
        .where('kind', '=', 'order_fill')
        .execute();
      expect(fills).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });
});

describe('trailing stops', () => {
  it('a short trailing entry follows the price up, never back, and fires on the way down', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'trailing_stop',
      trail_amount: '50',
    });
    expect(res.data).toMatchObject({ state: 'pending', triggerPrice: '2800.0', trailAmount: '50.0' });
    await tick(t, CODES.jpy, '2900.0');
    expect((await info(user, res.data.id)).triggerPrice).toBe('2850.0');
    await tick(t, CODES.jpy, '2870.0');
    expect(await info(user, res.data.id)).toMatchObject({ state: 'pending', triggerPrice: '2850.0' });
    const stored = await t.ctx.db
      .selectFrom('positions')
      .select('trail_best')
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.trail_best)).toBe(2900);
    await tick(t, CODES.jpy, '2850.0');
    expect(await info(user, res.data.id)).toMatchObject({ state: 'holding', openPrice: '2850.0' });
  });

  it('a trailing stop-loss on a long position follows the price up and closes it on the way down', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const pos = await order(t, user, { ...toyota, direction: 'long', order_type: 'market' });
    const set = await setTpSl(user, { id: pos.data.id, trail_percent: '2' });
    expect(set).toMatchObject({ status: 1, data: { stopLoss: '2793.0', stopLossTrailPercent: '2' } });
    await tick(t, CODES.jpy, '3000.0');
    expect((await info(user, pos.data.id)).stopLoss).toBe('2940.0');
    await tick(t, CODES.jpy, '2960.0');
    expect((await info(user, pos.data.id)).state).toBe('holding');
    await tick(t, CODES.jpy, '2940.0');
    expect(await info(user, pos.data.id)).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      closePrice: '2940.0',
    });
  });
});

describe('take-profit and stop-loss', () => {
  it('on a position: the take-profit fills and the stop-loss goes with it (OCO)', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const pos = await order(t, user, { ...toyota, direction: 'long', order_type: 'market' });
    const set = await setTpSl(user, { id: pos.data.id, take_profit: '2950.0', stop_loss: '2750.0' });
    expect(set).toMatchObject({
      status: 1,
      msg: 'modify',
      data: { takeProfit: '2950.0', stopLoss: '2750.0' },
    });
    await tick(t, CODES.jpy, '2960.0');
    const closed = await info(user, pos.data.id);
    expect(closed).toMatchObject({
      state: 'closed',
      closeReason: 'take_profit',
      closePrice: '2960.0',
      realisedPnl: '11000',
    });
    expect(await messageKeys(user.userId)).toEqual([
      'fill:order_filled',
      'order_triggered:take_profit_closed',
    ]);
    expect(await balanceOf(t, user.userId, 'JPY')).toMatchObject({ frozenOrder: 0 });
    // The stop-loss is gone: the price falling through it changes nothing.
    const before = await snapshot(t, user.userId);
    await tick(t, CODES.jpy, '2700.0');
    expect(await snapshot(t, user.userId)).toEqual(before);
  });

  it('on a short position the stop-loss fires when the price rises to it', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const pos = await order(t, user, { ...toyota, direction: 'short', order_type: 'market' });
    await setTpSl(user, { id: pos.data.id, take_profit: '2700.0', stop_loss: '2900.0' });
    await tick(t, CODES.jpy, '2900.0');
    expect(await info(user, pos.data.id)).toMatchObject({
      state: 'closed',
      closeReason: 'stop_loss',
      realisedPnl: '-5000',
    });
  });

  it('on a pending order (IFDOCO): active once the order fills, then the stop-loss closes it', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'limit',
      price: '2800.0',
      take_profit: '2900.0',
      stop_loss: '2700.0',
    });
    expect(res.data).toMatchObject({ state: 'pending', takeProfit: '2900.0', stopLoss: '2700.0' });
    // Before the fill the stop-loss does not act.
    await tick(t, CODES.jpy, '2800.0');
    expect((await info(user, res.data.id)).state).toBe('holding');
    await tick(t, CODES.jpy, '2700.0');
    expect(await info(user, res.data.id)).toMatchObject({ state: 'closed', closeReason: 'stop_loss' });
  });

  it('removes both when sent empty', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const pos = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'market',
      take_profit: '2900.0',
    });
    expect(pos.data.takeProfit).toBe('2900.0');
    const cleared = await setTpSl(user, { id: pos.data.id, take_profit: '', stop_loss: '' });
    expect(cleared.data).toMatchObject({ takeProfit: null, stopLoss: null });
    await tick(t, CODES.jpy, '2950.0');
    expect((await info(user, pos.data.id)).state).toBe('holding');
  });
});

describe('validity', () => {
  it('a GTC order shows its expiry 30 days on, outlives the session close, and expires then with its funds released', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'limit',
      price: '2800.0',
      validity: 'gtc',
    });
    expect(res.data).toMatchObject({ validity: 'gtc', expiresAt: '2026-12-17T01:00:00.000Z' });
    t.clock.set('2026-11-18T01:00:00.000Z');
    await t.ctx.trading.engine.expireDue();
    expect((await info(user, res.data.id)).state).toBe('pending');
    t.clock.set('2026-12-17T01:00:00.000Z');
    await t.ctx.trading.engine.expireDue();
    // Read from the database: the sign-in session itself has long expired.
    const row = await t.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'cancelled', close_reason: 'expired' });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 1_000_000, frozenOrder: 0 });
  });

  it('a day order expires at the session close', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2700.0',
    });
    expect(res.data.expiresAt).toBe('2026-11-17T06:30:00.000Z');
  });
});

describe('modify', () => {
  it('moves a limit and lowers the quantity, re-freezing margin and fee in one ledger transaction', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, { ...toyota, direction: 'long', order_type: 'limit', price: '2800.0' });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 280_280,
      frozenOrder: 280_280,
    });
    const changed = await modify(user, { id: res.data.id, price: '2810.0', quantity: '50' });
    expect(changed).toMatchObject({
      status: 1,
      msg: 'modify',
      data: { limitPrice: '2810.0', stock_num: 50, margin: '140500', openFee: '141' },
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 140_641,
      frozenOrder: 140_641,
    });
    await tick(t, CODES.jpy, '2810.0');
    expect((await info(user, res.data.id)).state).toBe('holding');
  });

  it('moves a stop’s trigger and the engine follows it', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2700.0',
    });
    const changed = await modify(user, { id: res.data.id, trigger_price: '2800.0' });
    expect(changed.data).toMatchObject({ triggerPrice: '2800.0', margin: '280000', openFee: '280' });
    await tick(t, CODES.jpy, '2800.0');
    expect((await info(user, res.data.id)).state).toBe('holding');
  });
});

describe('refusals change nothing', () => {
  type Call = () => Promise<{ status: number; msg: string; data: unknown }>;
  /** Each call answers its key (naming its field), and leaves the investor's money and orders as they were. */
  async function refused(user: Session, cases: Array<[call: Call, msg: string, field?: string]>) {
    for (const [call, msg, field] of cases) {
      const before = await snapshot(t, user.userId);
      const res = await call();
      expect(res).toMatchObject({ status: 0, msg });
      if (field) expect(res.data).toMatchObject({ field });
      expect(await snapshot(t, user.userId)).toEqual(before);
    }
  }

  it('a trigger on the wrong side of the price: trigger_invalid', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const stop = (direction: string, trigger?: string) =>
      order(t, user, { ...toyota, order_type: 'stop', direction, trigger_price: trigger });
    await refused(user, [
      [() => stop('short', '2900.0'), 'trigger_invalid', 'trigger_price'],
      [() => stop('short', '2850.0'), 'trigger_invalid', 'trigger_price'],
      [() => stop('long', '2800.0'), 'trigger_invalid', 'trigger_price'],
      [() => stop('long'), 'trigger_invalid', 'trigger_price'],
    ]);
  });

  it('a trail of zero, over 50 %, or both kinds: trail_invalid', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const trailing = (trail: Record<string, string>) =>
      order(t, user, { ...toyota, direction: 'short', order_type: 'trailing_stop', ...trail });
    const pos = await order(t, user, { ...toyota, direction: 'long', order_type: 'market' });
    await refused(user, [
      [() => trailing({ trail_amount: '0' }), 'trail_invalid'],
      [() => trailing({ trail_percent: '0' }), 'trail_invalid'],
      [() => trailing({ trail_percent: '50.01' }), 'trail_invalid'],
      [() => trailing({}), 'trail_invalid'],
      [() => trailing({ trail_amount: '10', trail_percent: '1' }), 'trail_invalid'],
      [() => setTpSl(user, { id: pos.data.id, trail_percent: '60' }), 'trail_invalid'],
    ]);
  });

  it('take-profit and stop-loss on the wrong sides: trigger_invalid', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const long = { ...toyota, direction: 'long', order_type: 'market' };
    const pos = await order(t, user, long);
    const short = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'limit',
      price: '2900.0',
    });
    await refused(user, [
      [() => order(t, user, { ...long, take_profit: '2800.0' }), 'trigger_invalid', 'take_profit'],
      [() => order(t, user, { ...long, stop_loss: '2900.0' }), 'trigger_invalid', 'stop_loss'],
      [() => setTpSl(user, { id: pos.data.id, take_profit: '2850.0' }), 'trigger_invalid', 'take_profit'],
      [() => setTpSl(user, { id: pos.data.id, stop_loss: '2860.0' }), 'trigger_invalid', 'stop_loss'],
      [() => setTpSl(user, { id: short.data.id, take_profit: '2950.0' }), 'trigger_invalid', 'take_profit'],
    ]);
  });

  it('modifying a filled, cancelled or another investor’s order: order_not_modifiable / not_found', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const filled = await order(t, user, { ...toyota, direction: 'long', order_type: 'market' });
    const pending = await order(t, user, {
      ...toyota,
      direction: 'long',
      order_type: 'limit',
      price: '2800.0',
    });
    await api(t.app, '/trade/cancel', { id: pending.data.id }, { session: user });
    await refused(user, [
      [() => modify(user, { id: filled.data.id, quantity: '50' }), 'order_not_modifiable'],
      [() => modify(user, { id: pending.data.id, price: '2790.0' }), 'order_not_modifiable'],
      [() => setTpSl(user, { id: pending.data.id, take_profit: '2900.0' }), 'order_not_modifiable'],
    ]);
    const other = await fundedUser(t, 'JPY', 1_000);
    await refused(other, [[() => modify(other, { id: filled.data.id, quantity: '50' }), 'not_found']]);
  });

  it('a quantity up, a trigger on the wrong side, a limit past the day’s limits: each refused', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const stop = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop_limit',
      trigger_price: '2700.0',
      price: '2690.0',
    });
    const change = (body: Record<string, string>) => modify(user, { id: stop.data.id, ...body });
    await refused(user, [
      [() => change({ quantity: '101' }), 'quantity_invalid', 'quantity'],
      [() => change({ trigger_price: '2900.0' }), 'trigger_invalid', 'trigger_price'],
      [() => change({ price: '2300.0' }), 'price_limit', 'price'],
    ]);
  });

  it('a modify needing more than is available: balance_insufficient', async () => {
    const user = await fundedUser(t, 'JPY', 281_000);
    const res = await order(t, user, {
      ...toyota,
      direction: 'short',
      order_type: 'stop',
      trigger_price: '2800.0',
    });
    await refused(user, [
      [() => modify(user, { id: res.data.id, trigger_price: '2840.0' }), 'balance_insufficient'],
    ]);
  });
});
