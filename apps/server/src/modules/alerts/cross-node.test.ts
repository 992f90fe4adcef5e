import type { Alert } from '@kabuto/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/helpers';
import { nodeCluster, waitFor } from '../../../test/nodes';
import { ALERT_WATCH_LIMITS } from './watcher';

/**
 * SPEC §13.3 across nodes: every node watches every alert and sees every tick, and an alert still
 * fires once — the fire row's key decides which node writes it. Two nodes on one PostgreSQL schema
 * and one Redis channel of the test environment.
 */
const cluster = nodeCluster();
afterAll(() => cluster.close());
const twoNodes = () => cluster.twoNodes();

describe('price alerts across nodes', () => {
  it('an alert added on one node is watched by both, and fires once when both see the tick', async () => {
    const { a, b } = await twoNodes();
    const session = await registerUser(a.app);
    const add = (body: Record<string, unknown>) =>
      api<Alert>(a.app, '/user/alertAdd', { code: '7203', ...body }, { session });
    const at = (price: string) => ({
      code: '7203',
      market: 'jpy' as const,
      price,
      volume: 100,
      time: new Date().toISOString(),
    });
    a.app.market.ingest(at('2850.0'));
    b.app.market.ingest(at('2850.0'));
    const once = await add({ kind: 'above', value: '2900.0' });
    const daily = await add({ kind: 'rise', value: '1', repeat: 'daily' });
    expect([once.status, daily.status]).toEqual([1, 1]);

    // The other node hears of both over the bus, well before its backstop poll.
    const startedAt = Date.now();
    await waitFor(() => b.app.alerts.watcher.stats().onBooks === 2, 2_000);
    expect(Date.now() - startedAt).toBeLessThan(ALERT_WATCH_LIMITS.pollMs);

    // Both nodes see the tick that meets both alerts, and race to write them.
    a.app.market.ingest(at('2990.0'));
    b.app.market.ingest(at('2990.0'));
    await Promise.all([a.app.alerts.watcher.idle(), b.app.alerts.watcher.idle()]);

    const fires = await a.ctx.db
      .selectFrom('alert_fires')
      .select(['alert_id', 'generation'])
      .orderBy('alert_id')
      .execute();
    expect(fires).toEqual([
      { alert_id: once.data.id, generation: 1 },
      { alert_id: daily.data.id, generation: 1 },
    ]);
    const sent = await a.ctx.db
      .selectFrom('messages')
      .select('template')
      .where('user_id', '=', session.userId)
      .where('kind', '=', 'alert')
      .execute();
    expect(sent.map((m) => m.template?.key).sort()).toEqual(['alert_above', 'alert_rise']);
    const [statsA, statsB] = [a.app.alerts.watcher.stats(), b.app.alerts.watcher.stats()];
    expect(statsA.fired + statsB.fired).toBe(2);
    // Both tried: the slower found the `once` alert fired and lost the daily one's insert.
    expect(statsA.lost + statsB.lost).toBe(1);
    // Neither node watches the `once` alert any more; both rest the daily one until tomorrow.
    for (const stats of [statsA, statsB]) expect(stats).toMatchObject({ watching: 1, resting: 1, firing: 0 });

    // An edit on the second node reaches the first, which fires the new version.
    const edited = await api<Alert>(
      b.app,
      '/user/alertEdit',
      { id: once.data.id, kind: 'below', value: '2950.0', repeat: 'once' },
      { session },
    );
    expect(edited.status).toBe(1);
    await waitFor(() => a.app.alerts.watcher.stats().onBooks === 1, 2_000);
    a.app.market.ingest(at('2940.0'));
    b.app.market.ingest(at('2940.0'));
    await Promise.all([a.app.alerts.watcher.idle(), b.app.alerts.watcher.idle()]);
    const again = await a.ctx.db
      .selectFrom('alert_fires')
      .select(['generation'])
      .where('alert_id', '=', once.data.id)
      .orderBy('generation')
      .execute();
    expect(again.map((f) => f.generation)).toEqual([1, 2]);
  });
});
