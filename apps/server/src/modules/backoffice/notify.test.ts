import type { admin as contract } from '@kabuto/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type Session, type TestApp } from '../../../test/helpers';
import { endpointHost } from './notify';
import { adminApi, operatorAs } from './testing';

let t: TestApp;
let admin: string;
let operator: string;
let reviewer: string;
let investor: Session;
let other: Session;

const HOUR_MS = 3_600_000;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-secret-token-1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorAs(t, 'admin', 'admin');
  operator = await operatorAs(t, 'op-list', 'operator');
  reviewer = await operatorAs(t, 'op-review', 'reviewer');
  investor = await registerUser(t.app);
  other = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

async function addAlert(userId: number, values: { code: string; active: boolean; firedAt?: Date }) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO price_alerts (user_id, code, kind, value, repeat, active, created_at, updated_at,
                              fired_at, fired_price)
    VALUES (${userId}, ${values.code}, 'above', 3300, 'daily', ${values.active}, ${ago(48 * HOUR_MS)},
            ${ago(48 * HOUR_MS)}, ${values.firedAt ?? null}, ${values.firedAt ? 3319.5 : null})
    RETURNING id`.execute(t.ctx.db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no alert inserted');
  return id;
}

async function addFire(alertId: number, period: string, firedAt: Date) {
  await sql`
    INSERT INTO alert_fires (alert_id, generation, period, price, fired_at)
    VALUES (${alertId}, 1, ${period}, 3319.5, ${firedAt})`.execute(t.ctx.db);
}

async function addDevice(userId: number, endpoint: string, failures: number, lastSentAt: Date | null) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent, created_at, last_sent_at,
                                    failures)
    VALUES (${userId}, ${endpoint}, 'p256dh-key', 'auth-secret',
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
            ${ago(24 * HOUR_MS)}, ${lastSentAt}, ${failures})
    RETURNING id`.execute(t.ctx.db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no device inserted');
  return id;
}

async function addMessage(userId: number | null, createdAt: Date, pushedAt: Date | null) {
  await t.ctx.db
    .insertInto('messages')
    .values({
      user_id: userId,
      kind: 'system',
      title: JSON.stringify({ cn: '提醒', us: 'Alert', jp: 'アラート' }),
      body: JSON.stringify({ cn: '价格', us: 'Price', jp: '価格' }),
      created_at: createdAt,
      pushed_at: pushedAt,
    })
    .execute();
}

const pushRows = (userId: number) =>
  sql<{ id: number }>`SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`
    .execute(t.ctx.db)
    .then((r) => r.rows.map((row) => row.id));

const auditRows = () =>
  t.ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'push_device_remove')
    .orderBy('id')
    .execute();

describe('alerts and notifications in the back office', () => {
  it('counts active alerts, fires of the Tokyo day, devices, failing ones and the messages waiting to be pushed', async () => {
    // Whatever registration wrote has gone out; the figures below are this test's rows alone.
    await sql`UPDATE messages SET pushed_at = created_at WHERE pushed_at IS NULL`.execute(t.ctx.db);
    const watching = await addAlert(investor.userId, { code: '7203', active: true });
    const fired = await addAlert(investor.userId, { code: '6758', active: false, firedAt: ago(HOUR_MS) });
    await addAlert(other.userId, { code: 'AAPL', active: true });
    // TEST_NOW is 10:00 in Tokyo: an hour ago is today, a day ago is not.
    await addFire(fired, '2026-11-17', ago(HOUR_MS));
    await addFire(watching, '2026-11-16', ago(24 * HOUR_MS));
    await addDevice(investor.userId, ENDPOINT, 0, ago(HOUR_MS));
    await addDevice(other.userId, 'https://web.push.apple.com/QGx-other-device', 3, null);
    await addMessage(investor.userId, ago(90 * 60_000), null);
    await addMessage(other.userId, ago(5 * 60_000), null);
    await addMessage(investor.userId, ago(3 * HOUR_MS), ago(3 * HOUR_MS));
    // A broadcast is never pushed: it does not wait.
    await addMessage(null, ago(5 * HOUR_MS), null);

    const res = await adminApi<contract.NotifyOverviewView>(t, admin, 'GET', '/api/admin/notify/overview');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      now: '2026-11-17T01:00:00.000Z',
      activeAlerts: 2,
      firedToday: 1,
      firedSince: '2026-11-16T15:00:00.000Z',
      pushDevices: 2,
      failingDevices: 1,
      waitingMessages: 2,
      oldestWaitingAt: ago(90 * 60_000).toISOString(),
      oldestWaitingMs: 90 * 60_000,
    });
  });

  it("lists a user's alerts with their fires and devices with the push service's host only, newest first", async () => {
    const alerts = await adminApi<{ list: contract.UserAlertView[]; total: number }>(
      t,
      admin,
      'GET',
      `/api/admin/users/${investor.userId}/alerts?page=1&size=1`,
    );
    expect(alerts.status).toBe(200);
    expect(alerts.body.total).toBe(2);
    expect(alerts.body.list).toEqual([
      expect.objectContaining({
        code: '6758',
        kind: 'above',
        repeat: 'daily',
        active: false,
        firedAt: ago(HOUR_MS).toISOString(),
        fires: 1,
      }),
    ]);
    expect(Number(alerts.body.list[0]?.value)).toBe(3300);
    expect(Number(alerts.body.list[0]?.firedPrice)).toBe(3319.5);

    const devices = await adminApi<{ list: contract.PushDeviceView[]; total: number }>(
      t,
      admin,
      'GET',
      `/api/admin/users/${investor.userId}/push-devices`,
    );
    expect(devices.status).toBe(200);
    expect(devices.body).toMatchObject({ total: 1, page: 1 });
    expect(devices.body.list).toEqual([
      {
        id: expect.any(Number),
        host: 'fcm.googleapis.com',
        device: expect.stringContaining('Safari'),
        createdAt: ago(24 * HOUR_MS).toISOString(),
        lastSentAt: ago(HOUR_MS).toISOString(),
        failures: 0,
      },
    ]);
    // The endpoint addresses the phone and the keys encrypt to it: neither leaves the server.
    const raw = JSON.stringify(devices.body);
    expect(raw).not.toContain('device-secret-token');
    expect(raw).not.toContain('auth-secret');
    expect((await adminApi(t, admin, 'GET', '/api/admin/users/999999/push-devices')).status).toBe(404);
    expect((await adminApi(t, admin, 'GET', '/api/admin/users/999999/alerts')).status).toBe(404);
  });

  it('refuses each call to a role without it: the overview to reviewers, user care to operators', async () => {
    const [device] = await pushRows(investor.userId);
    expect((await adminApi(t, reviewer, 'GET', '/api/admin/notify/overview')).status).toBe(403);
    expect((await adminApi(t, operator, 'GET', '/api/admin/notify/overview')).status).toBe(200);
    for (const token of [operator, reviewer]) {
      for (const path of ['alerts', 'push-devices'])
        expect((await adminApi(t, token, 'GET', `/api/admin/users/${investor.userId}/${path}`)).status).toBe(
          403,
        );
      const remove = await adminApi(
        t,
        token,
        'POST',
        `/api/admin/users/${investor.userId}/push-devices/${device}/remove`,
        { reason: 'lost phone' },
      );
      expect(remove).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    }
    expect(await pushRows(investor.userId)).toEqual([device]);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a removal without a reason, of an unknown device or of another user’s, and changes nothing', async () => {
    const [device] = await pushRows(investor.userId);
    const [othersDevice] = await pushRows(other.userId);
    const url = (userId: number, id: number | string) =>
      `/api/admin/users/${userId}/push-devices/${id}/remove`;
    expect(await adminApi(t, admin, 'POST', url(investor.userId, device ?? 0), {})).toMatchObject({
      status: 400,
      body: { error: 'bad_request', field: 'reason' },
    });
    expect(
      await adminApi(t, admin, 'POST', url(investor.userId, device ?? 0), { reason: '   ' }),
    ).toMatchObject({ status: 400, body: { error: 'bad_request', field: 'reason' } });
    expect(
      await adminApi(t, admin, 'POST', url(investor.userId, 'abc'), { reason: 'lost phone' }),
    ).toMatchObject({ status: 400, body: { error: 'bad_request', field: 'device' } });
    expect(
      await adminApi(t, admin, 'POST', url(investor.userId, othersDevice ?? 0), { reason: 'lost phone' }),
    ).toMatchObject({ status: 404, body: { error: 'not_found', field: 'device' } });
    expect(
      await adminApi(t, admin, 'POST', url(999_999, device ?? 0), { reason: 'lost phone' }),
    ).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await pushRows(investor.userId)).toEqual([device]);
    expect(await pushRows(other.userId)).toEqual([othersDevice]);
    expect(await auditRows()).toEqual([]);
  });

  it('removes a device with the reason and audits who, why and which host, never the endpoint', async () => {
    const [device] = await pushRows(investor.userId);
    const res = await adminApi<{ removed: contract.PushDeviceView }>(
      t,
      admin,
      'POST',
      `/api/admin/users/${investor.userId}/push-devices/${device}/remove`,
      { reason: 'Phone reported stolen by the investor on a call' },
    );
    expect(res.status).toBe(200);
    expect(res.body.removed).toMatchObject({ id: device, host: 'fcm.googleapis.com' });
    expect(await pushRows(investor.userId)).toEqual([]);
    expect(await pushRows(other.userId)).toHaveLength(1);

    const entries = await auditRows();
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    const adminRow = await t.ctx.db
      .selectFrom('operators')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator_id: adminRow.id,
      target_type: 'push_subscription',
      target_id: String(device),
      reason: 'Phone reported stolen by the investor on a call',
      details: expect.objectContaining({
        userId: investor.userId,
        account: investor.account,
        host: 'fcm.googleapis.com',
      }),
    });
    expect(entry?.created_at.toISOString()).toBe(t.clock.now().toISOString());
    expect(JSON.stringify(entry?.details)).not.toContain('device-secret-token');

    // Gone is gone: a second removal finds nothing.
    const again = await adminApi(
      t,
      admin,
      'POST',
      `/api/admin/users/${investor.userId}/push-devices/${device}/remove`,
      { reason: 'again' },
    );
    expect(again).toMatchObject({ status: 404, body: { error: 'not_found', field: 'device' } });
    const overview = await adminApi<contract.NotifyOverviewView>(
      t,
      admin,
      'GET',
      '/api/admin/notify/overview',
    );
    expect(overview.body).toMatchObject({ pushDevices: 1, failingDevices: 1 });
  });
});

describe('endpointHost', () => {
  it('keeps the push service and drops the address of the device', () => {
    expect(endpointHost('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(
      'updates.push.services.mozilla.com',
    );
    expect(endpointHost('not a url')).toBe('-');
  });
});
