import type { AddressInfo } from 'node:net';
import type { WsServerMessage } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { api, createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { WS_LIMITS } from '../../market/ws-hub';
import { type MessageKind, messages } from '../messages/port';
import { NOTIFY_LIMITS, type PushPayload } from './notifier';
import { PUSH_LIMITS } from './subscriptions';
import { decryptPush, subscriptionOf, testDevice, testPushService, vapidClaims } from './testing';

let push: Awaited<ReturnType<typeof testPushService>>;
let t: TestApp;
let wsUrl: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  push = await testPushService();
  t = await createTestApp({ config: { pushTestOrigin: push.origin, marketCodes: ['7203'] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
  await push.close();
});

const text = (s: string) => ({ cn: `${s}（中文）`, us: `${s} (English)`, jp: `${s}（日本語）` });
let sequence = 0;
const unique = () => `${process.pid}-${Date.now()}-${++sequence}`;
const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;

function send(userId: number | null, kind: MessageKind, words = 'Order 1 filled'): Promise<number> {
  return messages.send(
    t.ctx.db,
    { userId, kind, title: text(words), body: text(`${words}: body`) },
    t.clock.now(),
  );
}

const step = () => t.app.notify.notifier.step();

async function setLanguage(userId: number, language: string): Promise<void> {
  await t.ctx.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  t.ctx.sessions.forgetUser(userId);
}

async function storedEndpoints(userId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.endpoint);
}

const pushesTo = (path: string) => push.received.filter((r) => r.path === path);

/** A socket that records what the server sends and can wait for a message matching a test. */
async function connect() {
  const socket = new WebSocket(wsUrl);
  sockets.push(socket);
  const received: WsServerMessage[] = [];
  const waiters: Array<{ test: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as WsServerMessage;
    const waiter = waiters.find((w) => w.test(message));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    } else received.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    received,
    send: (message: unknown) => socket.send(JSON.stringify(message)),
    next: (test: (m: WsServerMessage) => boolean, timeoutMs = 5_000) =>
      new Promise<WsServerMessage>((resolve, reject) => {
        const found = received.find(test);
        if (found) {
          received.splice(received.indexOf(found), 1);
          resolve(found);
          return;
        }
        const timer = setTimeout(() => reject(new Error('no matching message')), timeoutMs);
        waiters.push({
          test,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      }),
    /** Lets messages already on their way arrive. */
    settle: async () => {
      const ping = new Promise<void>((resolve) => {
        waiters.push({ test: (m) => m.type === 'pong', resolve: () => resolve() });
      });
      socket.send(JSON.stringify({ op: 'ping' }));
      await ping;
    },
  };
}

async function authed(session: Session, language?: string) {
  const socket = await connect();
  socket.send({
    op: 'auth',
    token: session.token,
    account: session.account,
    ...(language ? { language } : {}),
  });
  const answer = await socket.next((m) => m.type === 'authed' || m.type === 'error');
  expect(answer.type).toBe('authed');
  return { socket, unread: answer.type === 'authed' ? answer.unread : -1 };
}

describe('devices and switches (SPEC §13.3 calls)', () => {
  it('answers the VAPID public key, one P-256 point for every call', async () => {
    const alice = await registerUser(t.app);
    const first = await api<{ key: string }>(t.app, '/user/pushKey', {}, { session: alice });
    const second = await api<{ key: string }>(t.app, '/user/pushKey', {}, { session: alice });
    expect(first).toMatchObject({ status: 1, data: { key: t.app.notify.publicKey } });
    expect(second.data.key).toBe(first.data.key);
    const point = Buffer.from(first.data.key, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });

  it('keeps one device per endpoint, from each known push service', async () => {
    const alice = await registerUser(t.app);
    const endpoints = [
      fcm(unique()),
      `https://updates.push.services.mozilla.com/wpush/v2/${unique()}`,
      `https://push.services.mozilla.com/wpush/v1/${unique()}`,
      `https://web.push.apple.com/${unique()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${unique()}`,
    ];
    for (const [i, endpoint] of endpoints.entries()) {
      const answer = await api(
        t.app,
        '/user/pushSubscribe',
        { subscription: subscriptionOf(testDevice(endpoint)) },
        { session: alice },
      );
      expect(answer).toMatchObject({ status: 1, data: { devices: i + 1 } });
    }
    // The same endpoint again (the browser renewed its keys) is the same device, with the new keys.
    const renewed = testDevice(endpoints[0]!);
    expect(
      await api(t.app, '/user/pushSubscribe', { subscription: subscriptionOf(renewed) }, { session: alice }),
    ).toMatchObject({ status: 1, data: { devices: 5 } });
    const row = await t.ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoints[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: alice.userId,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });
    expect(await storedEndpoints(alice.userId)).toEqual(endpoints);
  });

  it.each([
    ['a subscription that is not an object', () => fcm(unique())],
    ['a subscription without keys', () => ({ endpoint: fcm(unique()) })],
    [
      'keys that are not base64url',
      () => ({ endpoint: fcm(unique()), keys: { p256dh: `${'+'.repeat(80)}/`, auth: 'abcdefghijk' } }),
    ],
    [
      'an endpoint that is not a URL',
      () => subscriptionOf(testDevice(`fcm.googleapis.com/fcm/send/${unique()}`)),
    ],
    ['plain http', () => subscriptionOf(testDevice(`http://fcm.googleapis.com/fcm/send/${unique()}`))],
    ['an unknown host', () => subscriptionOf(testDevice(`https://push.example.com/send/${unique()}`))],
    [
      'a known host inside another name',
      () => subscriptionOf(testDevice(`https://fcm.googleapis.com.example.com/fcm/send/${unique()}`)),
    ],
    [
      'a name that only ends like a known one',
      () => subscriptionOf(testDevice(`https://evilpush.apple.com/${unique()}`)),
    ],
    ['a loopback address', () => subscriptionOf(testDevice(`https://127.0.0.1/${unique()}`))],
    ['a private address', () => subscriptionOf(testDevice(`https://10.0.0.5/${unique()}`))],
    ['a private address (192.168)', () => subscriptionOf(testDevice(`https://192.168.1.20/${unique()}`))],
    ['the IPv6 loopback', () => subscriptionOf(testDevice(`https://[::1]/${unique()}`))],
    [
      'the cloud metadata address',
      () => subscriptionOf(testDevice(`https://169.254.169.254/latest/${unique()}`)),
    ],
    [
      'credentials in the URL',
      () => subscriptionOf(testDevice(`https://user:pw@fcm.googleapis.com/fcm/send/${unique()}`)),
    ],
    [
      'another port',
      () => subscriptionOf(testDevice(`https://fcm.googleapis.com:8443/fcm/send/${unique()}`)),
    ],
    [
      'the test origin’s host on another port',
      () =>
        subscriptionOf(testDevice(`http://127.0.0.1:${Number(new URL(push.origin).port) + 1}/${unique()}`)),
    ],
    ['an endpoint too long', () => subscriptionOf(testDevice(fcm(`${unique()}${'a'.repeat(1_000)}`)))],
  ])('refuses %s with bad_request (field subscription) and stores nothing', async (_name, make) => {
    const alice = await registerUser(t.app);
    const subscription = make();
    const answer = await api<{ field: string }>(
      t.app,
      '/user/pushSubscribe',
      { subscription },
      { session: alice },
    );
    expect(answer).toMatchObject({ status: 0, msg: 'bad_request' });
    expect(answer.data.field).toMatch(/^subscription/);
    expect(await storedEndpoints(alice.userId)).toEqual([]);
    const settings = await api(t.app, '/user/notifySettings', {}, { session: alice });
    expect(settings).toMatchObject({ status: 1, data: { devices: 0 } });
  });

  it(`keeps at most ${PUSH_LIMITS.devicesPerInvestor} devices an investor, dropping the oldest`, async () => {
    const alice = await registerUser(t.app);
    const endpoints = Array.from({ length: PUSH_LIMITS.devicesPerInvestor + 2 }, () => fcm(unique()));
    let devices = 0;
    for (const endpoint of endpoints) {
      t.clock.advance(1_000);
      const answer = await api<{ devices: number }>(
        t.app,
        '/user/pushSubscribe',
        { subscription: subscriptionOf(testDevice(endpoint)) },
        { session: alice },
      );
      devices = answer.data.devices;
    }
    expect(devices).toBe(PUSH_LIMITS.devicesPerInvestor);
    expect(await storedEndpoints(alice.userId)).toEqual(endpoints.slice(2));
  });

  it('gives an endpoint to the investor who subscribed it last; unsubscribing forgets only one’s own', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const shared = fcm(unique());
    const own = fcm(unique());
    for (const endpoint of [shared, own]) {
      await api(
        t.app,
        '/user/pushSubscribe',
        { subscription: subscriptionOf(testDevice(endpoint)) },
        { session: alice },
      );
    }
    await api(
      t.app,
      '/user/pushSubscribe',
      { subscription: subscriptionOf(testDevice(shared)) },
      { session: bob },
    );
    expect(await storedEndpoints(alice.userId)).toEqual([own]);
    expect(await storedEndpoints(bob.userId)).toEqual([shared]);

    expect(await api(t.app, '/user/pushUnsubscribe', { endpoint: own }, { session: bob })).toMatchObject({
      status: 1,
      data: { devices: 1 },
    });
    expect(await storedEndpoints(alice.userId)).toEqual([own]);
    expect(await api(t.app, '/user/pushUnsubscribe', { endpoint: own }, { session: alice })).toMatchObject({
      status: 1,
      data: { devices: 0 },
    });
    expect(await api(t.app, '/user/pushUnsubscribe', { endpoint: own }, { session: alice })).toMatchObject({
      status: 1,
      data: { devices: 0 },
    });
  });

  it('reads the switches (all on at first) and changes only those given', async () => {
    const alice = await registerUser(t.app);
    await api(
      t.app,
      '/user/pushSubscribe',
      { subscription: subscriptionOf(testDevice(fcm(unique()))) },
      { session: alice },
    );
    const allOn = {
      alert: true,
      fill: true,
      stop_out: true,
      trigger: true,
      review: true,
      lottery: true,
      lock_in: true,
    };
    expect(await api(t.app, '/user/notifySettings', {}, { session: alice })).toMatchObject({
      status: 1,
      data: { switches: allOn, devices: 1 },
    });
    expect(
      await api(t.app, '/user/notifySettings', { fill: 0, alert: false }, { session: alice }),
    ).toMatchObject({
      data: { switches: { ...allOn, fill: false, alert: false } },
    });
    // A form post, as the app sends it.
    expect(
      await api(t.app, '/user/notifySettings', { alert: 1, lottery: 0 }, { session: alice, form: true }),
    ).toMatchObject({ data: { switches: { ...allOn, fill: false, lottery: false } } });
    expect(await api(t.app, '/user/notifySettings', {}, { session: alice })).toMatchObject({
      data: { switches: { ...allOn, fill: false, lottery: false }, devices: 1 },
    });
    const refused = await api<{ field: string }>(
      t.app,
      '/user/notifySettings',
      { fill: 'maybe' },
      { session: alice },
    );
    expect(refused).toMatchObject({ status: 0, msg: 'bad_request', data: { field: 'fill' } });
  });

  it('asks for a session on every call', async () => {
    for (const path of [
      '/user/pushKey',
      '/user/pushSubscribe',
      '/user/pushUnsubscribe',
      '/user/notifySettings',
    ]) {
      expect(await api(t.app, path, {})).toMatchObject({
        httpStatus: 401,
        status: 0,
        msg: 'session_expired',
      });
    }
  });
});

describe('Web Push (SPEC §13.3)', () => {
  async function subscribed(session: Session, path: string) {
    const device = testDevice(`${push.origin}${path}`);
    const answer = await api(
      t.app,
      '/user/pushSubscribe',
      { subscription: subscriptionOf(device) },
      { session },
    );
    expect(answer.status).toBe(1);
    return device;
  }

  it('pushes a message to each of the investor’s devices, in their language, encrypted to each device and signed with the VAPID key', async () => {
    const alice = await registerUser(t.app);
    const chen = await registerUser(t.app);
    await setLanguage(alice.userId, 'us');
    await setLanguage(chen.userId, 'cn');
    const phone = await subscribed(alice, `/ok/${unique()}`);
    const laptop = await subscribed(alice, `/ok/${unique()}`);
    const chensPhone = await subscribed(chen, `/ok/${unique()}`);
    const id = await send(alice.userId, 'fill');
    const chensId = await send(chen.userId, 'review_outcome', 'Deposit approved');

    const report = await step();
    expect(report.sent).toBeGreaterThanOrEqual(3);
    const phonePath = new URL(phone.endpoint).pathname;
    const [received] = pushesTo(phonePath);
    expect(pushesTo(phonePath)).toHaveLength(1);
    expect(received!.headers).toMatchObject({
      ttl: '86400',
      urgency: 'normal',
      'content-encoding': 'aes128gcm',
    });
    const { key, claims } = vapidClaims(received!.headers.authorization);
    expect(key).toBe(t.app.notify.publicKey);
    expect(claims).toMatchObject({ aud: push.origin, sub: t.ctx.config.pushSubject });
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);

    const expected: PushPayload = {
      title: 'Order 1 filled (English)',
      body: 'Order 1 filled: body (English)',
      kind: 'fill',
      id,
      url: `/#/mine/messageInfo?id=${id}`,
    };
    expect(JSON.parse(decryptPush(received!.body, phone))).toEqual(expected);
    const [onLaptop] = pushesTo(new URL(laptop.endpoint).pathname);
    expect(JSON.parse(decryptPush(onLaptop!.body, laptop))).toEqual(expected);
    // Encrypted to each device: the phone's keys do not open the laptop's copy.
    expect(() => decryptPush(onLaptop!.body, phone)).toThrow();

    const [toChen] = pushesTo(new URL(chensPhone.endpoint).pathname);
    expect(JSON.parse(decryptPush(toChen!.body, chensPhone))).toMatchObject({
      title: 'Deposit approved（中文）',
      kind: 'review_outcome',
      id: chensId,
    });

    // Claimed once: later passes send it to no one again.
    await step();
    expect(pushesTo(phonePath)).toHaveLength(1);
    const row = await t.ctx.db
      .selectFrom('messages')
      .select('pushed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.pushed_at).not.toBeNull();
    const device = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select(['last_sent_at', 'failures'])
      .where('endpoint', '=', phone.endpoint)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ last_sent_at: t.clock.now(), failures: 0 });
  });

  it('pushes nothing for a kind switched off, nor for operator notices or security notes', async () => {
    const alice = await registerUser(t.app);
    const device = await subscribed(alice, `/ok/${unique()}`);
    await api(t.app, '/user/notifySettings', { fill: 0 }, { session: alice });
    await send(alice.userId, 'fill');
    await send(alice.userId, 'notice', 'Maintenance tonight');
    await send(null, 'notice', 'For everyone');
    await send(alice.userId, 'security', 'New device');
    const stopOut = await send(alice.userId, 'stop_out', 'Position closed');
    await step();
    const received = pushesTo(new URL(device.endpoint).pathname);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.urgency).toBe('high');
    expect(JSON.parse(decryptPush(received[0]!.body, device))).toMatchObject({
      id: stopOut,
      kind: 'stop_out',
    });
  });

  it('pushes nothing past its kind’s time to live: an old fill stays in-app only', async () => {
    const alice = await registerUser(t.app);
    const device = await subscribed(alice, `/ok/${unique()}`);
    const now = t.clock.now();
    await messages.send(
      t.ctx.db,
      { userId: alice.userId, kind: 'fill', title: text('Old fill'), body: text('Old fill: body') },
      new Date(now.getTime() - 2 * 86_400_000),
    );
    const fresh = await send(alice.userId, 'fill', 'New fill');
    await step();
    const received = pushesTo(new URL(device.endpoint).pathname);
    expect(received.map((r) => JSON.parse(decryptPush(r.body, device)).id)).toEqual([fresh]);
  });

  it('drops subscriptions their push service calls gone (404, 410): expired subscriptions are dropped', async () => {
    push.setAnswer((path) => (path.startsWith('/gone404/') ? 404 : path.startsWith('/gone410/') ? 410 : 201));
    const alice = await registerUser(t.app);
    const expired = await subscribed(alice, `/gone410/${unique()}`);
    const unknown = await subscribed(alice, `/gone404/${unique()}`);
    const alive = await subscribed(alice, `/ok/${unique()}`);
    await send(alice.userId, 'lottery', 'You won');
    const report = await step();
    expect(report.dropped).toBe(2);
    expect(await storedEndpoints(alice.userId)).toEqual([alive.endpoint]);
    expect(pushesTo(new URL(expired.endpoint).pathname)).toHaveLength(1);
    expect(pushesTo(new URL(unknown.endpoint).pathname)).toHaveLength(1);
    expect(pushesTo(new URL(alive.endpoint).pathname)).toHaveLength(1);
    expect(await api(t.app, '/user/notifySettings', {}, { session: alice })).toMatchObject({
      data: { devices: 1 },
    });
    const metric = await t.app.metrics.getSingleMetricAsString('kabuto_push_notifications_total');
    expect(metric).toMatch(/outcome="dropped"} [1-9]/);
  });

  it('retries a push service that fails, waiting twice as long each time, then gives up and counts it', async () => {
    const flakyAnswers = [503, 503, 201];
    push.setAnswer((path) =>
      path.startsWith('/flaky/') ? (flakyAnswers.shift() ?? 201) : path.startsWith('/down/') ? 503 : 201,
    );
    const alice = await registerUser(t.app);
    const flaky = await subscribed(alice, `/flaky/${unique()}`);
    const down = await subscribed(alice, `/down/${unique()}`);
    const flakyPath = new URL(flaky.endpoint).pathname;
    const downPath = new URL(down.endpoint).pathname;
    await send(alice.userId, 'fill');

    expect(await step()).toMatchObject({ retried: 2, failed: 0 });
    // Not due yet: nothing is tried again.
    await step();
    expect([pushesTo(flakyPath).length, pushesTo(downPath).length]).toEqual([1, 1]);
    t.clock.advance(NOTIFY_LIMITS.retryBaseMs);
    expect(await step()).toMatchObject({ retried: 2 });
    t.clock.advance(NOTIFY_LIMITS.retryBaseMs);
    await step();
    expect(pushesTo(downPath)).toHaveLength(2);
    t.clock.advance(NOTIFY_LIMITS.retryBaseMs);
    expect(await step()).toMatchObject({ sent: 1, retried: 1 });
    t.clock.advance(4 * NOTIFY_LIMITS.retryBaseMs);
    expect(await step()).toMatchObject({ failed: 1 });
    expect([pushesTo(flakyPath).length, pushesTo(downPath).length]).toEqual([3, NOTIFY_LIMITS.pushAttempts]);
    t.clock.advance(60 * NOTIFY_LIMITS.retryBaseMs);
    await step();
    expect(pushesTo(downPath)).toHaveLength(NOTIFY_LIMITS.pushAttempts);
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'failures'])
      .where('user_id', '=', alice.userId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { endpoint: flaky.endpoint, failures: 0 },
      { endpoint: down.endpoint, failures: 1 },
    ]);
    expect(t.app.notify.notifier.pendingRetries).toBe(0);
    const metric = await t.app.metrics.getSingleMetricAsString('kabuto_push_notifications_total');
    expect(metric).toMatch(/outcome="failed"} [1-9]/);
    expect(metric).toMatch(/outcome="retried"} [1-9]/);
    expect(metric).toMatch(/outcome="sent"} [1-9]/);
    push.setAnswer(() => 201);
  });
});

describe('live notices over the WebSocket (SPEC §13.3)', () => {
  it('binds a socket to its investor and sends each new message in the socket’s language, with the bell’s count', async () => {
    const alice = await registerUser(t.app);
    await send(alice.userId, 'fill', 'Before the socket');
    const count = await api<{ count: number }>(t.app, '/user/unreadCount', {}, { session: alice });
    const { socket, unread } = await authed(alice, 'cn');
    expect(unread).toBe(count.data.count);

    const id = await send(alice.userId, 'fill');
    await step();
    expect(await socket.next((m) => m.type === 'notice')).toEqual({
      type: 'notice',
      id,
      kind: 'fill',
      title: 'Order 1 filled（中文）',
      body: 'Order 1 filled: body（中文）',
      unread: unread + 1,
      live: true,
    });
    // The socket still streams quotes.
    socket.send({ op: 'subscribe', codes: ['7203'] });
    await socket.next((m) => m.type === 'subscribed');
    // One notice per message, however many passes.
    await step();
    await socket.settle();
    expect(socket.received.filter((m) => m.type === 'notice')).toEqual([]);
  });

  it('writes notices in the investor’s own language when the socket names none', async () => {
    const alice = await registerUser(t.app);
    await setLanguage(alice.userId, 'us');
    const { socket } = await authed(alice);
    await send(alice.userId, 'copy_ended', 'Lock-in ended');
    await step();
    expect(await socket.next((m) => m.type === 'notice')).toMatchObject({
      title: 'Lock-in ended (English)',
      live: true,
    });
  });

  it('keeps the language a socket names as the investor’s, so pushes follow the app’s language', async () => {
    const alice = await registerUser(t.app);
    await setLanguage(alice.userId, 'jp');
    await authed(alice, 'cn');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('cn');
  });

  it('sends a switched-off kind and operator notices for the bell only (live false)', async () => {
    const alice = await registerUser(t.app);
    await api(t.app, '/user/notifySettings', { fill: 0 }, { session: alice });
    const { socket, unread } = await authed(alice, 'jp');
    const fill = await send(alice.userId, 'fill');
    const broadcast = await send(null, 'notice', 'For everyone');
    await step();
    expect(await socket.next((m) => m.type === 'notice' && m.id === fill)).toMatchObject({
      live: false,
      unread: unread + 2,
    });
    expect(await socket.next((m) => m.type === 'notice' && m.id === broadcast)).toMatchObject({
      kind: 'notice',
      title: 'For everyone（日本語）',
      live: false,
    });
  });

  it(`answers too_frequent past ${WS_LIMITS.authPerMinute} auth requests a minute on one socket`, async () => {
    const alice = await registerUser(t.app);
    const socket = await connect();
    for (let i = 0; i < WS_LIMITS.authPerMinute; i++) {
      socket.send({ op: 'auth', token: alice.token, account: alice.account });
      expect((await socket.next((m) => m.type === 'authed' || m.type === 'error')).type).toBe('authed');
    }
    socket.send({ op: 'auth', token: alice.token, account: alice.account });
    expect(await socket.next((m) => m.type === 'authed' || m.type === 'error')).toMatchObject({
      type: 'error',
      msg: 'too_frequent',
    });
  });

  it('refuses a token it cannot resolve, and stops notices once the session ends', async () => {
    const alice = await registerUser(t.app);
    const stranger = await connect();
    stranger.send({ op: 'auth', token: 'x'.repeat(43), account: alice.account });
    expect(await stranger.next((m) => m.type === 'error')).toMatchObject({ msg: 'session_expired' });
    stranger.send({ op: 'auth', token: alice.token, account: 'someone-else' });
    expect(await stranger.next((m) => m.type === 'error')).toMatchObject({ msg: 'session_expired' });
    stranger.send({ op: 'auth', token: alice.token });
    expect(await stranger.next((m) => m.type === 'error')).toMatchObject({ msg: 'bad_request' });
    const anonymous = await connect();

    const { socket } = await authed(alice);
    expect(await api(t.app, '/user/logout', {}, { session: alice })).toMatchObject({ status: 1 });
    await send(alice.userId, 'fill');
    await step();
    expect(await socket.next((m) => m.type === 'error')).toMatchObject({ msg: 'session_expired' });
    await socket.settle();
    await stranger.settle();
    await anonymous.settle();
    for (const client of [socket, stranger, anonymous]) {
      expect(client.received.filter((m) => m.type === 'notice')).toEqual([]);
    }
  });
});
