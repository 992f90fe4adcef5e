import type { AddressInfo } from 'node:net';
import type { WsServerMessage } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api, createTestApp, registerUser, TEST_DATABASE_URL, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { messages } from '../messages/port';
import { subscriptionOf, testDevice, testPushService } from './testing';
import { ensureVapidKeys } from './vapid';

/**
 * Two nodes on one database (ARCHITECTURE "Scale-out"): the second app is built on the first's
 * database, as a node started beside it (or the same node restarted) would be.
 */
let push: Awaited<ReturnType<typeof testPushService>>;
let a: TestApp;
let b: FastifyInstance;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  push = await testPushService();
  a = await createTestApp({ config: { pushTestOrigin: push.origin, marketCodes: ['7203'] } });
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(a.ctx.db);
  const built = await buildApp({
    config: a.ctx.config,
    database: a.ctx.database,
    clock: a.clock,
    ...(TEST_DATABASE_URL ? { schema: rows[0]?.schema ?? 'public' } : {}),
    serveStatic: false,
    background: false,
  });
  b = built.app;
  await b.ready();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await b?.close();
  await a?.close();
  await push?.close();
});

const text = (s: string) => ({ cn: `${s}（中文）`, us: `${s} (English)`, jp: `${s}（日本語）` });

describe('notifications on two nodes', () => {
  it('share one VAPID key pair, however many start at once', async () => {
    expect(b.notify.publicKey).toBe(a.app.notify.publicKey);
    const alice = await registerUser(a.app);
    const fromB = await api<{ key: string }>(b, '/user/pushKey', {}, { session: alice });
    expect(fromB.data.key).toBe(a.app.notify.publicKey);
    const rows = await a.ctx.db.selectFrom('server_keys').select('name').execute();
    expect(rows).toEqual([{ name: 'vapid' }]);

    // First starts racing on an empty table end with one pair, the first insert's.
    const kept = await a.ctx.db.selectFrom('server_keys').selectAll().executeTakeFirstOrThrow();
    await a.ctx.db.deleteFrom('server_keys').execute();
    try {
      const raced = await Promise.all(
        Array.from({ length: 4 }, () => ensureVapidKeys(a.ctx.db, a.clock.now())),
      );
      for (const keys of raced) expect(keys).toEqual(raced[0]);
      expect(await a.ctx.db.selectFrom('server_keys').select('name').execute()).toHaveLength(1);
    } finally {
      await a.ctx.db.deleteFrom('server_keys').execute();
      await a.ctx.db
        .insertInto('server_keys')
        .values({ name: kept.name, value: JSON.stringify(kept.value), created_at: kept.created_at })
        .execute();
    }
  });

  it('push each message once between them', async () => {
    const alice = await registerUser(a.app);
    const device = testDevice(`${push.origin}/once/${process.pid}-${Date.now()}`);
    await api(a.app, '/user/pushSubscribe', { subscription: subscriptionOf(device) }, { session: alice });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      ids.push(
        await messages.send(
          a.ctx.db,
          { userId: alice.userId, kind: 'fill', title: text(`Fill ${i}`), body: text('Filled') },
          a.clock.now(),
        ),
      );
    }
    // Both nodes' notifiers at once, until neither finds anything more.
    for (let pass = 0; pass < 5; pass++) {
      await Promise.all([a.app.notify.notifier.step(), b.notify.notifier.step()]);
    }
    const path = new URL(device.endpoint).pathname;
    const received = push.received.filter((r) => r.path === path);
    expect(received).toHaveLength(ids.length);
  });

  it('send the live notice from the node the socket is on', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const alice = await registerUser(a.app);
    const socket = new WebSocket(`ws://127.0.0.1:${(b.server.address() as AddressInfo).port}/api/ws`);
    sockets.push(socket);
    const received: WsServerMessage[] = [];
    let arrived: () => void = () => undefined;
    socket.on('message', (data) => {
      received.push(JSON.parse(String(data)) as WsServerMessage);
      arrived();
    });
    const until = async (test: () => boolean) => {
      const deadline = Date.now() + 5_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error('no matching message');
        await new Promise<void>((resolve) => {
          arrived = resolve;
          setTimeout(resolve, 50);
        });
      }
    };
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'auth', token: alice.token, account: alice.account, language: 'us' }));
    await until(() => received.some((m) => m.type === 'authed'));

    const id = await messages.send(
      a.ctx.db,
      { userId: alice.userId, kind: 'stop_out', title: text('Stopped out'), body: text('Closed') },
      a.clock.now(),
    );
    // Node A claims the push; node B, holding the socket, sends the notice.
    await a.app.notify.notifier.step();
    await b.notify.notifier.step();
    await until(() => received.some((m) => m.type === 'notice'));
    expect(received.find((m) => m.type === 'notice')).toMatchObject({
      id,
      kind: 'stop_out',
      title: 'Stopped out (English)',
      live: true,
    });
  });
});
