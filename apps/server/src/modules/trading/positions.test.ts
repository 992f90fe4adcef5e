import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type Session, TEST_NOW, type TestApp } from '../../../test/helpers';
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
 * Toyota (7203) from ¥2,850.0, fees 10 bps (minimum ¥100), stop-out at 80% of the margin. Hours
 * are real: TEST_NOW is Tuesday 2026-11-17 10:00 in Tokyo (09:00 in Shanghai, before its open).
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

const info = (session: Session, id: number) =>
  api<PositionAnswer>(t.app, '/trade/positionInfo', { id }, { session });
const close = (session: Session, id: number) =>
  api<PositionAnswer>(t.app, '/trade/close', { id }, { session });

describe('closing a position', () => {
  it('closes a long at the current price: margin released, profit booked against the house, close fee charged', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const opened = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 2 });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 857_215, frozenOrder: 142_500 });
    await tick(t, CODES.jpy, '2900.0');
    expect((await info(user, opened.data.id)).data).toMatchObject({
      pnl: '5000',
      yingkui: '5000',
      nowprice: '2900.0',
      marketValue: '290000',
      closable: true,
      estimatedCloseFee: '290',
    });
    const pnlBefore = await houseBalance(t, 'house:pnl', 'JPY');
    const closed = await close(user, opened.data.id);
    expect(closed).toMatchObject({
      status: 1,
      msg: 'close',
      data: {
        state: 'closed',
        status: 1,
        closeReason: 'user',
        closePrice: '2900.0',
        closeFee: '290',
        realisedPnl: '5000',
        houseAbsorbed: '0',
        yingkui: '5000',
        money: '0',
      },
    });
    // 857,215 + 142,500 margin + 5,000 profit − 290 fee.
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 1_004_425, frozenOrder: 0 });
    expect(await houseBalance(t, 'house:pnl', 'JPY')).toBe(pnlBefore - 5_000);

    const again = await close(user, opened.data.id);
    expect(again).toMatchObject({ status: 0, msg: 'not_holding' });
  });

  it('closes a short with the mirrored P&L and a long at a loss', async () => {
    const user = await fundedUser(t, 'JPY', 2_000_000);
    const short = await order(t, user, { code: CODES.jpy, direction: 'short', quantity: 100, leverage: 1 });
    const long = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 1 });
    expect(short.data).toMatchObject({ margin: '285000', openFee: '285' });
    await tick(t, CODES.jpy, '2800.0');
    const shortClosed = await close(user, short.data.id);
    const longClosed = await close(user, long.data.id);
    expect(shortClosed.data).toMatchObject({ realisedPnl: '5000', closeFee: '280' });
    expect(longClosed.data).toMatchObject({ realisedPnl: '-5000', closeFee: '280' });
    // Two open fees and two close fees are all that is gone.
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 2_000_000 - 285 * 2 - 280 * 2,
      frozenOrder: 0,
    });
  });

  it('lists closed positions with their realised P&L (lsyk) and the open ones with ccsz and fdyk', async () => {
    const user = await fundedUser(t, 'JPY', 3_000_000);
    const a = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 1 });
    const b = await order(t, user, { code: CODES.jpy, direction: 'short', quantity: 200, leverage: 2 });
    const pending = await order(t, user, {
      code: CODES.jpy,
      direction: 'long',
      order_type: 'limit',
      price: '2700.0',
      quantity: 10,
      leverage: 1,
    });
    await tick(t, CODES.jpy, '2860.0');
    await close(user, a.data.id);

    const open = await api<{
      list: PositionAnswer[];
      total: number;
      ccsz: string;
      fdyk: string;
    }>(t.app, '/trade/userstocklist', { type: 'jpy' }, { session: user });
    expect(open.data.total).toBe(2);
    expect(open.data.list.map((p) => p.id)).toEqual([pending.data.id, b.data.id]);
    expect(open.data.list.every((p) => p.status === 0)).toBe(true);
    // The short of 200 at 2,850.0 is worth 572,000 now and has lost 2,000; the pending order counts nothing.
    expect(open.data).toMatchObject({ ccsz: '572000', fdyk: '-2000' });
    expect(open.data.list[0]).toMatchObject({
      state: 'pending',
      buy_price: '2700.0',
      yingkui: '0',
      money: '27100',
    });

    const ended = await api<{ list: PositionAnswer[]; total: number; lsyk: string }>(
      t.app,
      '/trade/userstocklists',
      { type: 'jpy' },
      { session: user },
    );
    expect(ended.data).toMatchObject({ total: 1, lsyk: '1000' });
    expect(ended.data.list[0]).toMatchObject({ id: a.data.id, status: 1, yingkui: '1000' });

    // Another market's lists are empty.
    const usd = await api<{ total: number; ccsz: string }>(
      t.app,
      '/trade/userstocklist',
      { type: 'usd' },
      { session: user },
    );
    expect(usd.data).toMatchObject({ total: 0, ccsz: '0.00' });
  });

  it('gives frozen funds in the summary equal to the seed’s client formula over the list calls', async () => {
    const user = await fundedUser(t, 'JPY', 5_000_000);
    await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 2 });
    await order(t, user, { code: CODES.jpy, direction: 'short', quantity: 50, leverage: 5 });
    await order(t, user, {
      code: CODES.jpy,
      direction: 'long',
      order_type: 'limit',
      price: '2600.0',
      quantity: 300,
      leverage: 3,
    });
    await tick(t, CODES.jpy, '2871.5');
    const list = await api<{ list: PositionAnswer[]; ccsz: string; fdyk: string; frozen: string }>(
      t.app,
      '/trade/userstocklist',
      { type: 'jpy', size: 100 },
      { session: user },
    );
    // The seed's client sums the status-0 items of each list call (SPEC §6.4, §8).
    const clientFrozen = list.data.list
      .filter((p) => p.status === 0)
      .reduce((sum, p) => sum + Number(p.money), 0);
    const summary = await api<{
      current: {
        frozen: string;
        available: string;
        positionValue: string;
        unrealisedPnl: string;
        totalAssets: string;
      };
    }>(t.app, '/user/summary', { type: 'jpy' }, { session: user });
    expect(Number(summary.data.current.frozen)).toBe(clientFrozen);
    expect(list.data.frozen).toBe(summary.data.current.frozen);
    expect(summary.data.current.positionValue).toBe(list.data.ccsz);
    expect(summary.data.current.unrealisedPnl).toBe(list.data.fdyk);
    expect(Number(summary.data.current.totalAssets)).toBe(
      Number(summary.data.current.available) + clientFrozen + Number(list.data.fdyk),
    );
  });

  it('counts open positions for the money module', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    expect(await t.ctx.openPositions.count(t.ctx.db, user.userId)).toBe(0);
    const p = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 10, leverage: 1 });
    await order(t, user, {
      code: CODES.jpy,
      direction: 'long',
      order_type: 'limit',
      price: '2000.0',
      quantity: 10,
    }).then((r) => expect(r.msg).toBe('price_limit'));
    await order(t, user, {
      code: CODES.jpy,
      direction: 'long',
      order_type: 'limit',
      price: '2500.0',
      quantity: 10,
    });
    expect(await t.ctx.openPositions.count(t.ctx.db, user.userId)).toBe(2);
    await close(user, p.data.id);
    expect(await t.ctx.openPositions.count(t.ctx.db, user.userId)).toBe(1);
  });
});

describe('stop-out', () => {
  it('closes a position whose loss reaches 80% of its margin, with a message', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const opened = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 10 });
    expect(opened.data).toMatchObject({ margin: '28500' });
    expect((await info(user, opened.data.id)).data).toMatchObject({ stopOutPrice: '2622.0' });
    await tick(t, CODES.jpy, '2622.1');
    expect((await info(user, opened.data.id)).data.state).toBe('holding');
    // Loss 22,800 = 80% of 28,500.
    await tick(t, CODES.jpy, '2622.0');
    const stopped = await info(user, opened.data.id);
    expect(stopped.data).toMatchObject({
      state: 'closed',
      closeReason: 'stop_out',
      closePrice: '2622.0',
      realisedPnl: '-22800',
      closeFee: '263',
      houseAbsorbed: '0',
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 285 - 22_800 - 263,
      frozenOrder: 0,
    });
    const messages = await api<{ list: Array<{ kind: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: user },
    );
    expect(messages.data.list[0]).toMatchObject({ kind: 'stop_out' });
  });

  it('books a loss beyond the margin to the house: the user loses the margin and no more', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const long = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 10 });
    const pnlBefore = await houseBalance(t, 'house:pnl', 'JPY');
    // A gap from 2,850.0 to 2,500.0: a loss of 35,000 on a margin of 28,500.
    await tick(t, CODES.jpy, '2500.0');
    const stopped = await info(user, long.data.id);
    expect(stopped.data).toMatchObject({
      state: 'closed',
      closeReason: 'stop_out',
      realisedPnl: '-28500',
      houseAbsorbed: '6500',
      closeFee: '0',
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({
      available: 1_000_000 - 285 - 28_500,
      frozenOrder: 0,
    });
    expect(await houseBalance(t, 'house:pnl', 'JPY')).toBe(pnlBefore + 28_500);
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('stops out a short when the price rises', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const short = await order(t, user, { code: CODES.jpy, direction: 'short', quantity: 100, leverage: 5 });
    // Margin 57,000; 80% = 45,600 = ¥456 a share.
    await tick(t, CODES.jpy, '3305.9');
    expect((await info(user, short.data.id)).data.state).toBe('holding');
    await tick(t, CODES.jpy, '3306.0');
    expect((await info(user, short.data.id)).data).toMatchObject({
      state: 'closed',
      closeReason: 'stop_out',
    });
  });

  it('shows an unrealised loss beyond the margin capped at the margin', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const long = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 10 });
    // Stopped out by the engine, so move the price without it to look at the valuation.
    const book = t.ctx.trading.engine;
    book.untrack(long.data.id);
    await tick(t, CODES.jpy, '2400.0');
    expect((await info(user, long.data.id)).data).toMatchObject({ state: 'holding', pnl: '-28500' });
    const summary = await api<{ current: { unrealisedPnl: string } }>(
      t.app,
      '/user/summary',
      { type: 'jpy' },
      { session: user },
    );
    expect(summary.data.current.unrealisedPnl).toBe('-28500');
    // Back under watch: the next tick stops it out.
    const row = await t.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', long.data.id)
      .executeTakeFirstOrThrow();
    book.track(row);
    await tick(t, CODES.jpy, '2400.0');
    expect((await info(user, long.data.id)).data).toMatchObject({ state: 'closed', houseAbsorbed: '16500' });
  });
});

describe('China T+1 (SPEC §6.2)', () => {
  it('refuses to close a position opened today with t1_sell, and closes it the next trading day', async () => {
    t.clock.set('2026-11-17T02:00:00.000Z'); // 10:00 Shanghai
    const user = await fundedUser(t, 'CNY', 10_000_000);
    const opened = await order(t, user, { code: CODES.cny, direction: 'long', quantity: 10, leverage: 1 });
    expect(opened.data).toMatchObject({
      state: 'holding',
      openedTradingDay: '2026-11-17',
      margin: '15200.00',
    });
    const before = await snapshot(t, user.userId);
    expect(await close(user, opened.data.id)).toMatchObject({ status: 0, msg: 't1_sell' });
    expect(await snapshot(t, user.userId)).toEqual(before);
    expect((await info(user, opened.data.id)).data).toMatchObject({
      closable: false,
      closeBlockedBy: 't1_sell',
    });

    t.clock.set('2026-11-18T01:45:00.000Z'); // Wednesday 09:45 Shanghai
    expect(await close(user, opened.data.id)).toMatchObject({ status: 1, data: { state: 'closed' } });
  });

  it('refuses a close outside trading hours with market_closed', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const opened = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 10, leverage: 1 });
    t.clock.set('2026-11-17T03:00:00.000Z'); // the Tokyo lunch break
    expect(await close(user, opened.data.id)).toMatchObject({ status: 0, msg: 'market_closed' });
  });
});

describe('expiry at the session close', () => {
  const limit = {
    code: CODES.jpy,
    direction: 'long',
    order_type: 'limit',
    price: '2700.0',
    quantity: 100,
    leverage: 1,
  };

  it('expires an unfilled limit order on the first tick after the close and releases its funds', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const placed = await order(t, user, limit);
    // Tokyo closes at 15:30 local = 06:30Z.
    expect(placed.data).toMatchObject({ state: 'pending', expiresAt: '2026-11-17T06:30:00.000Z' });
    t.clock.set('2026-11-17T06:30:00.000Z');
    // A price that would have filled it comes after the close: the order expires instead.
    await tick(t, CODES.jpy, '2650.0');
    expect((await info(user, placed.data.id)).data).toMatchObject({
      state: 'cancelled',
      status: 2,
      closeReason: 'expired',
      openPrice: null,
    });
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 1_000_000, frozenOrder: 0 });
    const messages = await api<{ list: Array<{ kind: string }> }>(
      t.app,
      '/user/messageList',
      {},
      { session: user },
    );
    expect(messages.data.list[0]).toMatchObject({ kind: 'order_expired' });
  });

  it('expires through the job at the close, once, however often it runs', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    const placed = await order(t, user, limit);
    t.clock.set('2026-11-17T06:29:59.000Z');
    expect(await t.ctx.trading.engine.expireDue()).toBe(0);
    t.clock.set('2026-11-17T06:31:00.000Z');
    const [first, second] = await Promise.all([
      t.ctx.trading.engine.expireDue(),
      t.ctx.trading.engine.expireDue(),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect((await info(user, placed.data.id)).data).toMatchObject({
      state: 'cancelled',
      closeReason: 'expired',
    });
    const releases = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('ref_type', '=', 'position')
      .where('ref_id', '=', placed.data.id)
      .where('kind', '=', 'order_expire')
      .execute();
    expect(releases).toHaveLength(1);
    expect(await balanceOf(t, user.userId, 'JPY')).toEqual({ available: 1_000_000, frozenOrder: 0 });
  });
});
