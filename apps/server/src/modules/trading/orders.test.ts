import { MAX_ORDER_QUANTITY } from '@kabuto/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  registerUser,
  type Session,
  setAccountFlags,
  TEST_NOW,
  type TestApp,
} from '../../../test/helpers';
import { checkInvariant } from '../../ledger/ledger';
import {
  balanceOf,
  CODES,
  createTradingApp,
  fundedUser,
  houseBalance,
  order,
  type PositionAnswer,
  snapshot,
  tick,
} from './testing';

/**
 * Toyota (7203) starts at ¥2,850.0 with a daily band of ±¥500 (SPEC §6.2: under ¥3,000). Fees
 * are 10 bps with a ¥100 minimum. Hours are real: TEST_NOW is a Tuesday 10:00 in Tokyo.
 */
let t: TestApp;
let alice: Session;

beforeAll(async () => {
  t = await createTradingApp({ config: { marketHours: 'real' } });
  alice = await fundedUser(t, 'JPY', 10_000_000);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

const longMarket = { code: CODES.jpy, direction: 'long', order_type: 'market', quantity: 100, leverage: 2 };

describe('preview', () => {
  it('prices an order sheet: margin, fee, total and the available balance', async () => {
    const res = await api(t.app, '/trade/preview', longMarket, { session: alice });
    expect(res).toMatchObject({
      status: 1,
      data: {
        price: '2850.0',
        notional: '285000',
        margin: '142500',
        fee: '285',
        total: '142785',
        enough: true,
        limitUp: '3350.0',
        limitDown: '2350.0',
      },
    });
  });

  it('applies the minimum fee to a small order', async () => {
    const res = await api(
      t.app,
      '/trade/preview',
      { ...longMarket, quantity: 1, leverage: 1 },
      { session: alice },
    );
    expect(res.data).toMatchObject({ margin: '2850', fee: '100', total: '2950' });
  });
});

describe('a market order', () => {
  it('fills a 2× long at once: margin frozen, fee to the house, one ledger transaction', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const feesBefore = await houseBalance(t, 'house:fees', 'JPY');
    const before = await snapshot(t, user.userId);
    const res = await order(t, user, longMarket);
    expect(res).toMatchObject({
      status: 1,
      msg: 'place',
      data: {
        state: 'holding',
        status: 0,
        openPrice: '2850.0',
        buy_price: '2850.0',
        stock_num: 100,
        leverage: 2,
        margin: '142500',
        openFee: '285',
        money: '142500',
        yingkui: '0',
      },
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 142_785,
      frozenOrder: 142_500,
    });
    expect(await houseBalance(t, 'house:fees', 'JPY')).toBe(feesBefore + 285);
    const after = await snapshot(t, user.userId);
    expect(after.transactions).toBe(before.transactions + 1);
    const tx = await t.ctx.db
      .selectFrom('ledger_transactions')
      .selectAll()
      .where('ref_type', '=', 'position')
      .where('ref_id', '=', res.data.id)
      .execute();
    expect(tx).toHaveLength(1);
    expect(tx[0]).toMatchObject({ kind: 'order_open', order_no: res.data.orderNo });
    const message = await api<{ list: Array<{ kind: string; template: unknown }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: user },
    );
    expect(message.data.list[0]).toMatchObject({
      kind: 'fill',
      template: {
        key: 'order_filled',
        params: {
          order: { text: res.data.orderNo },
          side: { word: 'long' },
          quantity: { count: 100 },
          price: { price: '2850.0' },
        },
      },
    });
  });

  it('accepts a form-encoded order as the seed client sends it', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await api<PositionAnswer>(
      t.app,
      '/trade/order',
      { type: 'jpy', ...longMarket, quantity: '10', leverage: '5' },
      { session: user, form: true },
    );
    expect(res).toMatchObject({ status: 1, data: { stock_num: 10, leverage: 5, margin: '5700' } });
  });

  it('replays the first answer for a repeated Idempotency-Key and opens one position', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const headers = { 'idempotency-key': 'order-1' };
    const first = await order(t, user, longMarket, headers);
    const again = await order(t, user, longMarket, headers);
    expect(first.status).toBe(1);
    expect(again).toEqual(first);
    const positions = (await snapshot(t, user.userId)).positions;
    expect(positions).toHaveLength(1);
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 142_785,
      frozenOrder: 142_500,
    });
  });
});

describe('refusals change nothing', () => {
  async function refused(session: Session, body: Record<string, unknown>, msg: string, field?: string) {
    const before = await snapshot(t, session.userId);
    const res = await order(t, session, body);
    expect(res).toMatchObject({ status: 0, msg });
    if (field) expect(res.data).toMatchObject({ field });
    expect(await snapshot(t, session.userId)).toEqual(before);
    return res;
  }

  it('refuses a limit price outside the day’s limits with price_limit', async () => {
    const limit = { code: CODES.jpy, direction: 'long', order_type: 'limit', quantity: 100, leverage: 1 };
    await refused(alice, { ...limit, price: '3350.1' }, 'price_limit', 'price');
    await refused(alice, { ...limit, price: '2349.9' }, 'price_limit', 'price');
  });

  it('refuses orders outside trading hours with market_closed', async () => {
    t.clock.set('2026-11-17T03:00:00.000Z'); // 12:00 Tokyo, the lunch break
    await refused(alice, longMarket, 'market_closed');
    t.clock.set('2026-11-17T11:00:00.000Z'); // 20:00 Tokyo, after the close
    await refused(alice, longMarket, 'market_closed');
  });

  it('refuses when there is no price with price_unavailable', async () => {
    const spy = vi.spyOn(t.ctx.market, 'quote').mockReturnValue(null);
    try {
      await refused(alice, longMarket, 'price_unavailable');
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses an order that needs more than is available with balance_insufficient', async () => {
    const poor = await fundedUser(t, 'JPY', 142_784);
    await refused(poor, longMarket, 'balance_insufficient');
    const none = await registerUser(t.app);
    await refused(none, longMarket, 'balance_insufficient');
  });

  it('refuses a trade-barred account with trade_blocked and its reason', async () => {
    const barred = await fundedUser(t, 'JPY', 1_000_000);
    await setAccountFlags(t.ctx, barred.userId, { trade_barred: true, flag_reason: 'under review' });
    const res = await refused(barred, longMarket, 'trade_blocked');
    expect(res.data).toMatchObject({ reason: 'under review' });
  });

  it(`refuses a quantity that is not a whole number of shares from 1 to ${MAX_ORDER_QUANTITY} with quantity_invalid`, async () => {
    for (const quantity of [0, '0', '', MAX_ORDER_QUANTITY + 1]) {
      await refused(alice, { ...longMarket, quantity }, 'quantity_invalid', 'quantity');
    }
  });

  it('refuses a quantity or leverage that is not plain decimal digits with bad_request naming the field', async () => {
    for (const value of [-1, 1.5, 'abc', '1e3', '0x10', '+5', true]) {
      await refused(alice, { ...longMarket, quantity: value }, 'bad_request', 'quantity');
      await refused(alice, { ...longMarket, leverage: value }, 'bad_request', 'leverage');
    }
  });

  it('refuses a leverage outside the configured choices with leverage_invalid', async () => {
    for (const leverage of [4, 0, 20, '4']) {
      await refused(alice, { ...longMarket, leverage }, 'leverage_invalid', 'leverage');
    }
  });

  it('refuses an unknown code, and an index, with not_found', async () => {
    await refused(alice, { ...longMarket, code: 'ZZZZ' }, 'not_found', 'code');
    await refused(alice, { ...longMarket, code: CODES.index }, 'not_found', 'code');
  });

  it('refuses malformed fields with bad_request naming the field', async () => {
    await refused(alice, { ...longMarket, direction: 'up' }, 'bad_request', 'direction');
    await refused(alice, { ...longMarket, order_type: 'iceberg' }, 'bad_request', 'order_type');
    await refused(alice, { ...longMarket, mode: 'night' }, 'bad_request', 'mode');
    await refused(alice, { ...longMarket, code: 'DROP TABLE;' }, 'bad_request', 'code');
    const limit = { ...longMarket, order_type: 'limit' };
    await refused(alice, limit, 'bad_request', 'price');
    await refused(alice, { ...limit, price: 'abc' }, 'bad_request', 'price');
    // Off the price grid (¥0.1): refused, not rounded.
    await refused(alice, { ...limit, price: '2800.05' }, 'bad_request', 'price');
  });

  it('refuses day-mode orders until the day-trading program approves them', async () => {
    await refused(alice, { ...longMarket, mode: 'day' }, 'bad_request', 'mode');
  });

  it('refuses too many orders a minute for one account with too_frequent', async () => {
    const limited = await createTradingApp({ config: { marketHours: 'real', orderRateLimitPerMinute: 2 } });
    try {
      const user = await registerUser(limited.app);
      const other = await registerUser(limited.app);
      const send = (s: Session) => api(limited.app, '/trade/order', longMarket, { session: s });
      expect((await send(user)).msg).toBe('balance_insufficient');
      expect((await send(user)).msg).toBe('balance_insufficient');
      const third = await send(user);
      expect(third).toMatchObject({ httpStatus: 429, status: 0, msg: 'too_frequent' });
      // The limit is per account.
      expect((await send(other)).msg).toBe('balance_insufficient');
    } finally {
      await limited.close();
    }
  });

  it('keeps the ledger balanced', async () => {
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });
});

describe('limit orders', () => {
  it('a limit the price already crosses fills at once at the current, better price', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, { ...longMarket, order_type: 'limit', price: '2900.0' });
    expect(res.data).toMatchObject({
      state: 'holding',
      openPrice: '2850.0',
      limitPrice: '2900.0',
      margin: '142500',
    });
  });

  it('a limit short waits with margin + fee frozen, then fills when the price rises to it', async () => {
    await tick(t, CODES.jpy, '2850.0');
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const feesBefore = await houseBalance(t, 'house:fees', 'JPY');
    const res = await order(t, user, {
      code: CODES.jpy,
      direction: 'short',
      order_type: 'limit',
      price: '2900.0',
      quantity: 100,
      leverage: 2,
    });
    // Margin at the limit: 290,000 ÷ 2 = 145,000; fee 290.
    expect(res.data).toMatchObject({
      state: 'pending',
      status: 0,
      margin: '145000',
      openFee: '290',
      money: '145290',
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 145_290,
      frozenOrder: 145_290,
    });

    await tick(t, CODES.jpy, '2899.9');
    const waiting = await api<PositionAnswer>(
      t.app,
      '/trade/positionInfo',
      { id: res.data.id },
      { session: user },
    );
    expect(waiting.data.state).toBe('pending');

    await tick(t, CODES.jpy, '2900.0');
    const filled = await api<PositionAnswer>(
      t.app,
      '/trade/positionInfo',
      { id: res.data.id },
      { session: user },
    );
    expect(filled.data).toMatchObject({
      state: 'holding',
      openPrice: '2900.0',
      margin: '145000',
      money: '145000',
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 145_290,
      frozenOrder: 145_000,
    });
    expect(await houseBalance(t, 'house:fees', 'JPY')).toBe(feesBefore + 290);
    const messages = await api<{ list: Array<{ kind: string; body: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: user },
    );
    expect(messages.data.list[0]).toMatchObject({ kind: 'fill' });
    await tick(t, CODES.jpy, '2850.0');
  });

  it('a limit long filled through a gap opens at the better tick price and releases the difference', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, { ...longMarket, order_type: 'limit', price: '2800.0', leverage: 1 });
    expect(res.data).toMatchObject({ state: 'pending', money: '280280' });
    await tick(t, CODES.jpy, '2790.0');
    const filled = await api<PositionAnswer>(
      t.app,
      '/trade/positionInfo',
      { id: res.data.id },
      { session: user },
    );
    expect(filled.data).toMatchObject({
      state: 'holding',
      openPrice: '2790.0',
      margin: '279000',
      openFee: '279',
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 279_279,
      frozenOrder: 279_000,
    });
    await tick(t, CODES.jpy, '2850.0');
  });

  it('cancels a pending order and releases its funds; a second cancel answers not_holding', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const res = await order(t, user, { ...longMarket, order_type: 'limit', price: '2700.0' });
    expect(res.data.state).toBe('pending');
    const cancelled = await api<PositionAnswer>(
      t.app,
      '/trade/cancel',
      { id: res.data.id },
      { session: user },
    );
    expect(cancelled).toMatchObject({
      status: 1,
      msg: 'cancel',
      data: { state: 'cancelled', status: 2, closeReason: 'user', money: '0' },
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 1_000_000, frozenOrder: 0 });
    const before = await snapshot(t, user.userId);
    expect(await api(t.app, '/trade/cancel', { id: res.data.id }, { session: user })).toMatchObject({
      status: 0,
      msg: 'not_holding',
    });
    expect(await snapshot(t, user.userId)).toEqual(before);
    // The cancelled order no longer fills.
    await tick(t, CODES.jpy, '2690.0');
    expect((await snapshot(t, user.userId)).positions[0]!.state).toBe('cancelled');
    await tick(t, CODES.jpy, '2850.0');
  });

  it('refuses to cancel someone else’s order with not_found, and a holding position with not_holding', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const pending = await order(t, user, { ...longMarket, order_type: 'limit', price: '2700.0' });
    expect(await api(t.app, '/trade/cancel', { id: pending.data.id }, { session: alice })).toMatchObject({
      status: 0,
      msg: 'not_found',
    });
    const holding = await order(t, user, longMarket);
    expect(await api(t.app, '/trade/cancel', { id: holding.data.id }, { session: user })).toMatchObject({
      status: 0,
      msg: 'not_holding',
    });
  });
});
