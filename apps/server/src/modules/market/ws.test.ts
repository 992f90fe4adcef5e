import type { AddressInfo } from 'node:net';
import type { WsServerMessage } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, TEST_NOW, type TestApp } from '../../../test/helpers';
import { LIMITS } from '../../config';
import { UNIVERSE } from '../../market/universe';

let t: TestApp;
let url: string;
const opened: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ config: { marketCodes: ['7203', '6758', 'AAPL', '600519'] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => {
  for (const socket of opened) socket.terminate();
  await t.close();
});

/** A client that records every message and can wait for the next one matching a test. */
async function connect() {
  const socket = new WebSocket(url);
  opened.push(socket);
  const messages: WsServerMessage[] = [];
  const waiters: Array<{ test: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as WsServerMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.test(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    send: (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (test: (m: WsServerMessage) => boolean, timeoutMs = 5000) =>
      new Promise<WsServerMessage>((resolve, reject) => {
        const found = messages.find(test);
        if (found) {
          messages.splice(messages.indexOf(found), 1);
          return resolve(found);
        }
        const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
        waiters.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m);
          },
        });
      }),
  };
}

describe('quote stream /api/ws', () => {
  it('acknowledges a subscription, sends the current quote, then pushes each tick of the code', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', codes: ['7203', 'AAPL'] });
    expect(await client.next((m) => m.type === 'subscribed')).toEqual({
      type: 'subscribed',
      codes: ['7203', 'AAPL'],
      subscriptions: ['7203', 'AAPL'],
    });
    expect(await client.next((m) => m.type === 'tick' && m.code === '7203')).toMatchObject({
      type: 'tick',
      price: '2850.0',
      simulated: true,
    });
    await client.next((m) => m.type === 'tick' && m.code === 'AAPL');

    t.ctx.market.ingest({ code: '7203', market: 'jpy', price: '2900.0', volume: 300, time: TEST_NOW });
    expect(await client.next((m) => m.type === 'tick' && m.code === '7203')).toEqual({
      type: 'tick',
      code: '7203',
      price: '2900.0',
      change: '50.0',
      changePercent: '1.75',
      volume: 300,
      time: TEST_NOW,
      simulated: true,
    });
  });

  it('sends ticks only for subscribed codes and stops after unsubscribe', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', codes: ['6758'] });
    await client.next((m) => m.type === 'tick' && m.code === '6758');
    t.ctx.market.ingest({ code: '600519', market: 'cny', price: '1510.00', volume: 1, time: TEST_NOW });
    t.ctx.market.ingest({ code: '6758', market: 'jpy', price: '3700.0', volume: 1, time: TEST_NOW });
    expect(await client.next((m) => m.type === 'tick')).toMatchObject({ code: '6758', price: '3700.0' });
    client.send({ op: 'unsubscribe', codes: ['6758'] });
    expect(await client.next((m) => m.type === 'unsubscribed')).toMatchObject({ subscriptions: [] });
    t.ctx.market.ingest({ code: '6758', market: 'jpy', price: '3710.0', volume: 1, time: TEST_NOW });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');
    expect(client.messages.filter((m) => m.type === 'tick')).toEqual([]);
  });

  it('refuses malformed messages, unknown codes and more subscriptions than the cap, changing nothing', async () => {
    const client = await connect();
    client.send('not json');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ msg: 'bad_request' });
    client.send({ op: 'dance' });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ msg: 'bad_request', field: 'op' });
    client.send({ op: 'subscribe', codes: ['7203', '0000'] });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ msg: 'not_found', codes: ['0000'] });

    client.send({ op: 'subscribe', codes: [] });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      msg: 'bad_request',
      field: 'codes',
    });
    client.send({ op: 'ping' });
    await client.next((m) => m.type === 'pong');
    expect(client.messages.filter((m) => m.type === 'subscribed' || m.type === 'tick')).toEqual([]);
  });

  it(`caps subscriptions at ${LIMITS.wsSubscriptionsPerSocket} codes per socket`, async () => {
    for (const spec of UNIVERSE) t.ctx.marketData.market.list(spec);
    const codes = UNIVERSE.map((s) => s.code);
    const client = await connect();
    client.send({ op: 'subscribe', codes: codes.slice(0, LIMITS.wsSubscriptionsPerSocket) });
    const accepted = await client.next((m) => m.type === 'subscribed');
    expect(accepted.type === 'subscribed' && accepted.subscriptions).toHaveLength(
      LIMITS.wsSubscriptionsPerSocket,
    );
    client.send({ op: 'subscribe', codes: [codes[LIMITS.wsSubscriptionsPerSocket]] });
    expect(await client.next((m) => m.type === 'error')).toMatchObject({
      msg: 'bad_request',
      field: 'codes',
      limit: LIMITS.wsSubscriptionsPerSocket,
    });
    // Codes already held do not count twice.
    client.send({ op: 'subscribe', codes: [codes[0]] });
    expect(await client.next((m) => m.type === 'subscribed')).toMatchObject({ codes: [codes[0]] });
  });
});

describe('tick frames', () => {
  it('frames text as RFC 6455 unmasked final frames for every payload length class', async () => {
    const { textFrame } = await import('../../market/ws-hub');
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    const medium = textFrame(Buffer.alloc(300, 0x61));
    expect([medium[0], medium[1], medium.readUInt16BE(2), medium.length]).toEqual([0x81, 126, 300, 304]);
    const large = textFrame(Buffer.alloc(70_000, 0x61));
    expect([large[0], large[1], Number(large.readBigUInt64BE(2)), large.length]).toEqual([
      0x81, 127, 70_000, 70_010,
    ]);
  });
});
