import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fund, type TestApp } from '../../../test/helpers';
import { checkInvariant } from '../../ledger/ledger';
import { operatorToken } from '../identity/testing';
import { FUND_PASSWORD, moneySnapshot, moneyUser } from '../money/testing';
import { CODES, createTradingApp, order } from './testing';

// SPEC §6.4: a withdrawal is refused while positions are held (withdrawWithOpenPositions false),
// through the real positions table, on one database connection as well as on a pool.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTradingApp();
  token = await operatorToken(t);
});
afterAll(async () => {
  await t.close();
});

describe('withdrawing while positions are held', () => {
  it('refuses with close_positions_first and moves nothing, then pays out once the position is closed', async () => {
    const { session, cardId } = await moneyUser(t, token);
    await fund(t.ctx, session.userId, 'JPY', 1_000_000);
    const opened = await order(t, session, { code: CODES.jpy, direction: 'long', quantity: 10, leverage: 2 });
    expect(opened.status).toBe(1);

    const request = { amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD };
    const before = await moneySnapshot(t.ctx, session.userId);
    expect(await api(t.app, '/user/withdraw', request, { session })).toMatchObject({
      status: 0,
      msg: 'close_positions_first',
    });
    expect(await moneySnapshot(t.ctx, session.userId)).toEqual(before);

    expect(await api(t.app, '/trade/close', { id: opened.data.id }, { session })).toMatchObject({
      status: 1,
    });
    expect(await api(t.app, '/user/withdraw', request, { session })).toMatchObject({ status: 1 });
    expect((await checkInvariant(t.ctx.db)).ok).toBe(true);
  });

  it('lets a withdrawal through with open positions when the configuration allows it', async () => {
    const { session, cardId } = await moneyUser(t, token);
    await fund(t.ctx, session.userId, 'JPY', 1_000_000);
    await order(t, session, { code: CODES.jpy, direction: 'long', quantity: 10, leverage: 2 });
    t.ctx.config.withdrawWithOpenPositions = true;
    try {
      const res = await api(
        t.app,
        '/user/withdraw',
        { amount: '30000', card_id: cardId, fund_password: FUND_PASSWORD },
        { session },
      );
      expect(res.status).toBe(1);
    } finally {
      t.ctx.config.withdrawWithOpenPositions = false;
    }
  });
});
