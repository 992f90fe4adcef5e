import { z } from 'zod';
import { ALERT_KINDS, ALERT_REPEATS } from '../api/alerts';
import { defineAdminCall, zAdminPage, zIdParam, zIso, zPageQuery, zReason } from './define';

/**
 * Alerts and notifications from the operators' side (SPEC §13.3, §9): whether alerts fire and
 * messages reach the phones, and, in user care, one investor's alerts and push devices. A device
 * shows only its push service's host: the whole endpoint is the address anyone could push to.
 */

export const zNotifyOverview = z.object({
  now: zIso,
  /** Alerts still watching the market. */
  activeAlerts: z.number().int(),
  /** Fires since `firedSince`, the start of the Tokyo day (as the dashboard's "today"). */
  firedToday: z.number().int(),
  firedSince: zIso,
  /** Devices an investor allowed to receive pushes, and those whose last pushes failed. */
  pushDevices: z.number().int(),
  failingDevices: z.number().int(),
  /** Investors' messages the notifier has not yet claimed for live and push delivery. */
  waitingMessages: z.number().int(),
  oldestWaitingAt: zIso.nullable(),
  /** How long the oldest waiting message has waited; null when none waits. */
  oldestWaitingMs: z.number().int().nullable(),
});
export type NotifyOverviewView = z.infer<typeof zNotifyOverview>;

export const overview = defineAdminCall({
  method: 'GET',
  path: '/api/admin/notify/overview',
  need: 'list',
  summary:
    'Alerts and notifications at a glance: active alerts, fires today, push devices (and failing ones), messages waiting to be pushed and the oldest wait',
  response: () => zNotifyOverview,
});

export const zUserAlert = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(ALERT_KINDS),
  value: z.string(),
  repeat: z.enum(ALERT_REPEATS),
  active: z.boolean(),
  createdAt: zIso,
  updatedAt: zIso,
  firedAt: zIso.nullable(),
  firedPrice: z.string().nullable(),
  /** Every fire of the alert, across its edits. */
  fires: z.number().int(),
});
export type UserAlertView = z.infer<typeof zUserAlert>;

export const userAlerts = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/alerts',
  need: 'admin',
  summary: "A user's price alerts, newest first",
  params: () => zIdParam,
  query: () => zPageQuery,
  response: () => zAdminPage(zUserAlert),
});

export const zPushDevice = z.object({
  id: z.number().int(),
  /** The push service's host (e.g. fcm.googleapis.com), never the whole endpoint. */
  host: z.string(),
  /** The browser and system that subscribed, when it said. */
  device: z.string().nullable(),
  createdAt: zIso,
  lastSentAt: zIso.nullable(),
  failures: z.number().int(),
});
export type PushDeviceView = z.infer<typeof zPushDevice>;

export const userDevices = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/push-devices',
  need: 'admin',
  summary: "A user's push devices (push service host, added, last sent, failures), newest first",
  params: () => zIdParam,
  query: () => zPageQuery,
  response: () => zAdminPage(zPushDevice),
});

/** The user and one of their devices: a device is only ever removed through its owner. */
const zDeviceParams = zIdParam.extend({ device: zIdParam.shape.id });

export const removeDevice = defineAdminCall({
  method: 'POST',
  path: '/api/admin/users/:id/push-devices/:device/remove',
  need: 'admin',
  summary:
    "Remove one of a user's push devices {reason} (a lost or handed-on phone): it gets no more pushes; audited",
  params: () => zDeviceParams,
  body: () => z.object({ reason: zReason }).strict(),
  response: () => z.object({ removed: zPushDevice }),
});
