import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, longTestTimeout, type Session, TEST_DATABASE_URL, type TestApp } from '../../../test/helpers';
import { checkInvariant, userBalances } from '../../ledger/ledger';
import { placeOrder } from './orders';
import { CODES, createTradingApp, fundedUser, order, type PositionAnswer, tick } from './testing';
import { frozenMinorOf } from './views';

/**
 * On PostgreSQL these run transactions truly at once (row locks, the pool); the embedded
 * database runs them one at a time, and the outcomes must be the same.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTradingApp();
});
afterAll(async () => {
  await t.close();
});

/** Every user's frozen order funds equal what their live positions hold (SPEC §6.4). */
async function expectFrozenMatchesPositions(userIds: number[]) {
  for (const userId of userIds) {
    const rows = await t.ctx.db.selectFrom('positions').selectAll().where('user_id', '=', userId).execute();
    const held = rows.reduce((sum, row) => sum + frozenMinorOf(row), 0);
    expect((await userBalances(t.ctx.db, userId)).JPY.frozen.order).toBe(held);
  }
}

async function positionState(id: number) {
  const row = await t.ctx.db
    .selectFrom('positions')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.state;
}

describe('concurrency', () => {
  it('two simultaneous closes of one position: exactly one succeeds', async () => {
    const user = await fundedUser(t, 'JPY', 5_000_000);
    for (let round = 0; round < 5; round++) {
      const opened = await order(t, user, { code: CODES.jpy, direction: 'long', quantity: 100, leverage: 2 });
      const answers = await Promise.all(
        [0, 1].map(() =>
          api<PositionAnswer>(t.app, '/trade/close', { id: opened.data.id }, { session: user }),
        ),
      );
      expect(answers.map((a) => a.msg).sort()).toEqual(['close', 'not_holding']);
      const closes = await t.ctx.db
        .selectFrom('ledger_transactions')
        .select('id')
        .where('ref_type', '=', 'position')
        .where('ref_id', '=', opened.data.id)
        .where('kind', '=', 'position_close')
        .execute();
      expect(closes).toHaveLength(1);
    }
    await expectFrozenMatchesPositions([user.userId]);
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('a cancel racing a fill resolves to one of them, with the money to match', async () => {
    const user = await fundedUser(t, 'JPY', 5_000_000);
    await tick(t, CODES.jpy, '2850.0');
    for (let round = 0; round < 5; round++) {
      const placed = await order(t, user, {
        code: CODES.jpy,
        direction: 'long',
        order_type: 'limit',
        price: '2840.0',
        quantity: 100,
        leverage: 1,
      });
      const cancel = api(t.app, '/trade/cancel', { id: placed.data.id }, { session: user });
      const fill = tick(t, CODES.jpy, '2840.0');
      const [answer] = await Promise.all([cancel, fill]);
      const row = await t.ctx.db
        .selectFrom('positions')
        .selectAll()
        .where('id', '=', placed.data.id)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe(answer.status === 1 ? 'cancelled' : 'holding');
      await tick(t, CODES.jpy, '2850.0');
    }
    await expectFrozenMatchesPositions([user.userId]);
    expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
  });

  it('fills an order another node placed once it has re-read the live positions', async () => {
    const user = await fundedUser(t, 'JPY', 1_000_000);
    await tick(t, CODES.jpy, '2850.0');
    // Placed through the service without telling this node's engine, as on another node.
    const placed = await placeOrder(t.ctx, user.userId, {
      code: CODES.jpy,
      direction: 'short',
      orderType: 'limit',
      price: '2870.0',
      quantity: '10',
      leverage: '1',
      mode: 'normal',
    });
    await tick(t, CODES.jpy, '2870.0');
    expect(await positionState(placed.id)).toBe('pending');
    await t.ctx.trading.engine.refresh();
    await tick(t, CODES.jpy, '2870.0');
    expect(await positionState(placed.id)).toBe('holding');
    await tick(t, CODES.jpy, '2850.0');
  });

  const users = TEST_DATABASE_URL ? 20 : 8;
  const steps = TEST_DATABASE_URL ? 12 : 6;
  it(
    `keeps the ledger balanced with ${users} users trading at once while prices move`,
    async ({ signal }) => {
      const sessions: Session[] = [];
      for (let i = 0; i < users; i++) sessions.push(await fundedUser(t, 'JPY', 2_000_000));
      let seed = 7;
      const next = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed;
      };
      const prices = ['2800.0', '2830.0', '2850.0', '2870.0', '2900.0', '2600.0', '3100.0'];
      const trader = async (session: Session) => {
        const mine: number[] = [];
        // A test that timed out stops its traders and its market.
        for (let i = 0; i < steps && !signal.aborted; i++) {
          const roll = next() % 10;
          if (roll < 4 || mine.length === 0) {
            const limit = roll % 2 === 0;
            const res = await order(t, session, {
              code: CODES.jpy,
              direction: next() % 2 === 0 ? 'long' : 'short',
              order_type: limit ? 'limit' : 'market',
              ...(limit ? { price: prices[next() % 5] } : {}),
              quantity: 1 + (next() % 200),
              leverage: [1, 2, 3, 5, 10][next() % 5],
            });
            if (res.status === 1) mine.push(res.data.id);
          } else if (roll < 7) {
            const id = mine[next() % mine.length]!;
            await api(t.app, '/trade/close', { id }, { session });
          } else {
            const id = mine[next() % mine.length]!;
            await api(t.app, '/trade/cancel', { id }, { session });
          }
        }
      };
      const market = async () => {
        for (let i = 0; i < steps && !signal.aborted; i++) {
          await tick(t, CODES.jpy, prices[next() % prices.length]!);
        }
      };
      await Promise.all([...sessions.map(trader), market()]);
      await t.ctx.trading.engine.idle();
      expect(await checkInvariant(t.ctx.db)).toMatchObject({ ok: true });
      await expectFrozenMatchesPositions(sessions.map((s) => s.userId));
    },
    longTestTimeout(180_000),
  );
});
