import { admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { AppContext } from '../../context';
import { deviceOf } from '../users/port';
import { tokyoDayStart } from './dashboard';
import { adminCall, changeWithReason, refuseAdmin } from './http';
import { userRow } from './users';

/**
 * The columns of the alerts and notifications tables (migration 0600) the back office reads. The
 * alerts and notify modules own these tables and their writes; these are the back office's own
 * view of them, added per query (`withTables`), so the two declarations never have to agree on
 * anything but the columns read here. (A type, not an interface: `withTables` asks for an index
 * signature, which only a type alias has implicitly.)
 */
type NotifyReadTables = {
  price_alerts: {
    id: number;
    user_id: number;
    code: string;
    kind: admin.UserAlertView['kind'];
    value: string;
    repeat: admin.UserAlertView['repeat'];
    active: boolean;
    created_at: Date;
    updated_at: Date;
    fired_at: Date | null;
    fired_price: string | null;
  };
  alert_fires: { alert_id: number; generation: number; period: string; fired_at: Date };
  push_subscriptions: {
    id: number;
    user_id: number;
    endpoint: string;
    user_agent: string | null;
    created_at: Date;
    last_sent_at: Date | null;
    failures: number;
  };
};

type DeviceRow = Pick<
  Selectable<NotifyReadTables['push_subscriptions']>,
  'id' | 'endpoint' | 'user_agent' | 'created_at' | 'last_sent_at' | 'failures'
>;

/** The push service's host: the rest of an endpoint addresses the device itself. */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host || '-';
  } catch {
    return '-';
  }
}

function deviceView(row: DeviceRow): admin.PushDeviceView {
  return {
    id: row.id,
    host: endpointHost(row.endpoint),
    device: deviceOf(row.user_agent).device,
    createdAt: row.created_at.toISOString(),
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
    failures: row.failures,
  };
}

const DEVICE_COLUMNS = ['id', 'endpoint', 'user_agent', 'created_at', 'last_sent_at', 'failures'] as const;

/**
 * Alerts and notifications for operators (SPEC §13.3, §9): the pipeline's health (alerts
 * watching and firing, devices, messages not yet pushed), one investor's alerts and devices in
 * user care, and removing a device an investor lost, with a reason, audited.
 */
export function notifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.db.withTables<NotifyReadTables>();

  adminCall(app, admin.notify.overview, async () => {
    const now = ctx.clock.now();
    const since = tokyoDayStart(now);
    // One statement, so the figures are of one moment. The waiting messages' condition is the
    // one of the notifier's partial index (messages_unpushed): a broadcast is never pushed.
    const { rows } = await sql<{
      active_alerts: string;
      fired_today: string;
      push_devices: string;
      failing_devices: string;
      waiting_messages: string;
      oldest_waiting: Date | string | null;
    }>`
      SELECT
        (SELECT count(*) FROM price_alerts WHERE active)::text AS active_alerts,
        (SELECT count(*) FROM alert_fires WHERE fired_at >= ${since})::text AS fired_today,
        (SELECT count(*) FROM push_subscriptions)::text AS push_devices,
        (SELECT count(*) FROM push_subscriptions WHERE failures > 0)::text AS failing_devices,
        (SELECT count(*) FROM messages WHERE pushed_at IS NULL AND user_id IS NOT NULL)::text
          AS waiting_messages,
        (SELECT min(created_at) FROM messages WHERE pushed_at IS NULL AND user_id IS NOT NULL)
          AS oldest_waiting`.execute(ctx.db);
    const r = rows[0];
    if (!r) throw new Error('the overview query answered no row');
    const oldest = r.oldest_waiting === null ? null : new Date(r.oldest_waiting);
    return {
      now: now.toISOString(),
      activeAlerts: Number(r.active_alerts),
      firedToday: Number(r.fired_today),
      firedSince: since.toISOString(),
      pushDevices: Number(r.push_devices),
      failingDevices: Number(r.failing_devices),
      waitingMessages: Number(r.waiting_messages),
      oldestWaitingAt: oldest?.toISOString() ?? null,
      oldestWaitingMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : null,
    };
  });

  adminCall(app, admin.notify.userAlerts, async ({ params, query }) => {
    await userRow(ctx, params.id);
    const base = db().selectFrom('price_alerts as a').where('a.user_id', '=', params.id);
    const [list, total] = await Promise.all([
      base
        .select((eb) => [
          'a.id',
          'a.code',
          'a.kind',
          'a.value',
          'a.repeat',
          'a.active',
          'a.created_at',
          'a.updated_at',
          'a.fired_at',
          'a.fired_price',
          eb
            .selectFrom('alert_fires as f')
            .select(sql<string>`count(*)::text`.as('n'))
            .whereRef('f.alert_id', '=', 'a.id')
            .as('fires'),
        ])
        .orderBy('a.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: list.map((r) => ({
        id: r.id,
        code: r.code,
        kind: r.kind,
        value: r.value,
        repeat: r.repeat,
        active: r.active,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        firedAt: r.fired_at?.toISOString() ?? null,
        firedPrice: r.fired_price,
        fires: Number(r.fires ?? 0),
      })),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.notify.userDevices, async ({ params, query }) => {
    await userRow(ctx, params.id);
    const base = db().selectFrom('push_subscriptions').where('user_id', '=', params.id);
    const [list, total] = await Promise.all([
      base
        .select(DEVICE_COLUMNS)
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: list.map(deviceView), total: Number(total.n), page: query.page, size: query.size };
  });

  // A lost or handed-on phone should stop showing the investor's fills and alerts. The row goes,
  // as when the push service calls the endpoint gone; the investor's app subscribes again on
  // that device if they allow it there once more.
  adminCall(app, admin.notify.removeDevice, async ({ params, body, operator }) => {
    const user = await userRow(ctx, params.id);
    return changeWithReason(ctx, {
      operator,
      reason: body.reason,
      action: 'push_device_remove',
      targetType: 'push_subscription',
      load: async (trx) => {
        const row = await trx
          .withTables<NotifyReadTables>()
          .selectFrom('push_subscriptions')
          .select(DEVICE_COLUMNS)
          .where('id', '=', params.device)
          .where('user_id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        return row ?? refuseAdmin(404, 'not_found', 'device');
      },
      apply: async (trx, before) => {
        await trx
          .withTables<NotifyReadTables>()
          .deleteFrom('push_subscriptions')
          .where('id', '=', before.id)
          .execute();
        const removed = deviceView(before);
        // The audit keeps the host, never the endpoint (a push address) or the device's keys.
        return {
          answer: { removed },
          details: { userId: params.id, account: user.account, ...removed },
        };
      },
    });
  });
}
