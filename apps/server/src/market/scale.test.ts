import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { WsServerMessage } from '@kabuto/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { POSTGRES_URL } from '../../test/postgres-url';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { marketModule } from '../modules/market/routes';
import { systemModule } from '../modules/system/routes';
import { RedisTickBus } from './bus';
import { advisoryLeadership } from './leader';

/**
 * ARCHITECTURE "Scale-out": the feed runs on one node, elected by a PostgreSQL advisory lock, and
 * its ticks reach every node through Redis. Runs against the PostgreSQL and Redis servers of the
 * test environment.
 */
const DATABASE_URL = POSTGRES_URL;
const REDIS_URL = process.env.KABUTO_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const unique = () => randomBytes(6).toString('hex');
const randomKey = () => BigInt(`0x${randomBytes(6).toString('hex')}`);
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function waitFor(test: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (test()) return resolve();
      if (Date.now() > deadline) return reject(new Error('timed out'));
      setTimeout(check, 20);
    };
    check();
  });
}

describe('scale-out', () => {
  it('elects one feed leader; when it goes away a follower takes over', async () => {
    const key = randomKey();
    const a = advisoryLeadership(DATABASE_URL, { key, retryMs: 100 });
    const b = advisoryLeadership(DATABASE_URL, { key, retryMs: 100 });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    let aLeads = false;
    let bLeads = false;
    a.onChange((leader) => {
      aLeads = leader;
    });
    await waitFor(() => aLeads, 5000);
    b.onChange((leader) => {
      bLeads = leader;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bLeads).toBe(false);
    await a.close();
    await waitFor(() => bLeads, 5000);
    expect(aLeads).toBe(false);
  });

  it('carries ticks between nodes over Redis', async () => {
    const channel = `kabuto:test:${unique()}`;
    const a = new RedisTickBus(REDIS_URL, channel);
    const b = new RedisTickBus(REDIS_URL, channel);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const seen: unknown[] = [];
    b.subscribe((m) => seen.push(m));
    await b.ready();
    const tick = {
      code: '7203',
      market: 'jpy' as const,
      price: '2850.0',
      volume: 1,
      time: new Date().toISOString(),
    };
    await a.publish({ kind: 'ticks', ticks: [tick] });
    await waitFor(() => seen.length > 0, 5000);
    expect(seen[0]).toEqual({ kind: 'ticks', ticks: [tick] });
  });

  it('delivers a tick made on the leader to a WebSocket client of another node', async () => {
    const schema = `t_${unique()}`;
    const config = loadConfig(
      {},
      {
        databaseUrl: DATABASE_URL,
        redisUrl: REDIS_URL,
        marketHours: 'always',
        marketCodes: ['7203', 'AAPL'],
        marketHistoryDays: 5,
        marketMinuteDays: 0,
        marketTickMs: 100,
        marketBusChannel: `kabuto:test:${unique()}`,
        marketLeaderLockKey: randomKey(),
      },
    );
    const node = async (seed: boolean) => {
      const database = await openDatabase({ url: DATABASE_URL, schema, poolSize: 5 });
      const { app, ctx } = await buildApp({
        config,
        database,
        schema,
        modules: [systemModule, marketModule],
        seed,
        background: true,
        serveStatic: false,
      });
      cleanups.push(async () => {
        await app.close();
        await database.close();
      });
      return { app, ctx, database };
    };
    cleanups.push(async () => {
      const database = await openDatabase({ url: DATABASE_URL });
      await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(database.db);
      await database.close();
    });
    const leader = await node(true);
    await waitFor(() => leader.app.marketData.leader, 5000);
    const follower = await node(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(follower.app.marketData.leader).toBe(false);

    await follower.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (follower.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    cleanups.push(async () => socket.terminate());
    const subscribedAt = Date.now();
    const live = new Promise<WsServerMessage>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as WsServerMessage;
        if (message.type === 'tick' && Date.parse(message.time) > subscribedAt) resolve(message);
      });
    });
    socket.on('open', () => socket.send(JSON.stringify({ op: 'subscribe', codes: ['7203'] })));
    const tick = await live;
    expect(tick).toMatchObject({ type: 'tick', code: '7203', simulated: true });
    // The follower's quote is the leader's: both nodes ingest the same ticks.
    await waitFor(
      () => leader.app.market.quote('7203')!.time === follower.app.market.quote('7203')!.time,
      2000,
    );
  });
});
