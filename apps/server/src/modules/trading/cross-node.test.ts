import { afterAll, describe, expect, it } from 'vitest';
import { api, fund, registerUser } from '../../../test/helpers';
import { nodeCluster, waitFor } from '../../../test/nodes';
import { checkInvariant } from '../../ledger/ledger';
import { ENGINE_REFRESH_MS } from './engine';
import type { PositionAnswer } from './testing';

/**
 * ARCHITECTURE "Scale-out": an order placed through one node is matched by every node at once,
 * through the Redis bus — not only after the other nodes' periodic refresh. Two nodes on one
 * PostgreSQL schema and one Redis channel of the test environment.
 */
const cluster = nodeCluster();
afterAll(() => cluster.close());
const twoNodes = () => cluster.twoNodes({ orderRateLimitPerMinute: 100_000 });

describe('orders across nodes', () => {
  it('reaches the matching engine of another node at once, which fills it', async () => {
    const { a, b } = await twoNodes();
    const session = await registerUser(a.app);
    await fund(a.ctx, session.userId, 'JPY', 10_000_000);
    const longLimit = (price: string) =>
      api<PositionAnswer>(
        a.app,
        '/trade/order',
        {
          type: 'jpy',
          code: '7203',
          direction: 'long',
          order_type: 'limit',
          price,
          quantity: 100,
          leverage: 1,
        },
        { session },
      );
    const placed = await longLimit('2700.0');
    expect(placed.status).toBe(1);
    expect(placed.data.state).toBe('pending');

    // Well before the periodic refresh, the other node watches the order…
    const startedAt = Date.now();
    await waitFor(() => b.app.trading.engine.stats().pendingOrders === 1, 2_000);
    expect(Date.now() - startedAt).toBeLessThan(ENGINE_REFRESH_MS / 5);

    // …and fills it on a tick only it sees.
    b.app.market.ingest({
      code: '7203',
      market: 'jpy',
      price: '2690.0',
      volume: 100,
      time: new Date().toISOString(),
    });
    await b.app.trading.engine.idle();
    const row = await b.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', placed.data.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('holding');
    expect(Number(row.open_price)).toBe(2690);
    expect(b.app.trading.engine.stats().fills).toBe(1);
    // The fill is news for the first node too: it now watches the holding position for stop-out.
    await waitFor(() => a.app.trading.engine.stats().watchedPositions === 1, 2_000);
    expect(a.app.trading.engine.stats().pendingOrders).toBe(0);

    // A cancel on one node takes the order off the other's books at once.
    const second = await longLimit('2600.0');
    await waitFor(() => b.app.trading.engine.stats().pendingOrders === 1, 2_000);
    expect((await api(a.app, '/trade/cancel', { type: 'jpy', id: second.data.id }, { session })).status).toBe(
      1,
    );
    await waitFor(() => b.app.trading.engine.stats().pendingOrders === 0, 2_000);

    // An order's answer leaves only once its news is on the bus: a node killed right after
    // answering has already told the others (the bus here is slowed to make the order visible).
    const bus = a.app.marketData.bus!;
    const publish = bus.publish.bind(bus);
    let publishedAt = 0;
    bus.publish = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await publish(message);
      if (message.kind === 'positions') publishedAt = Date.now();
    };
    const third = await longLimit('2650.0');
    const answeredAt = Date.now();
    bus.publish = publish;
    expect(third.status).toBe(1);
    expect(publishedAt).toBeGreaterThan(0);
    expect(publishedAt).toBeLessThanOrEqual(answeredAt);
  });
});

describe('trigger orders across nodes (SPEC §13.2)', () => {
  it('the node holding a trigger stops; the survivor fires it on the first crossing tick, once', async () => {
    const { a, b } = await twoNodes();
    const session = await registerUser(a.app);
    await fund(a.ctx, session.userId, 'JPY', 10_000_000);
    const send = (body: Record<string, unknown>) =>
      api<PositionAnswer>(
        a.app,
        '/trade/order',
        { type: 'jpy', code: '7203', quantity: 100, leverage: 1, ...body },
        { session },
      );
    // Both nodes see the same price (the test moves it; the feed stands still).
    const at = (price: string) => ({
      code: '7203',
      market: 'jpy' as const,
      price,
      volume: 100,
      time: new Date().toISOString(),
    });
    a.app.market.ingest(at('2850.0'));
    b.app.market.ingest(at('2850.0'));
    const stop = await send({ direction: 'short', order_type: 'stop', trigger_price: '2700.0' });
    const held = await send({ direction: 'long', order_type: 'market', stop_loss: '2750.0' });
    expect([stop.status, held.status]).toEqual([1, 1]);
    // The other node learns both over the bus, well before its periodic re-read.
    await waitFor(async () => b.app.trading.engine.stats().pendingOrders === 1, 2_000);
    await waitFor(async () => b.app.trading.engine.stats().watchedPositions === 1, 2_000);

    await a.close();
    b.app.market.ingest(at('2690.0'));
    await b.app.trading.engine.idle();
    const rows = await b.ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('id', 'in', [stop.data.id, held.data.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.state, r.close_reason])).toEqual([
      [stop.data.id, 'holding', null],
      [held.data.id, 'closed', 'stop_loss'],
    ]);
    const fills = await b.ctx.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('ref_id', '=', stop.data.id)
      .where('kind', '=', 'order_fill')
      .execute();
    expect(fills).toHaveLength(1);
    expect(await checkInvariant(b.ctx.db)).toMatchObject({ ok: true });
  });
});
