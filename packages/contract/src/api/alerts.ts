import { z } from 'zod';
import { zId, zPrice, zStockCode, zTime } from '../envelope';
import { decimal, flag, text } from '../fields';
import { defineCall, withType } from './define';

/** SPEC §13.3: at most this many price alerts per investor (`alert_limit` past it). */
export const ALERT_LIMIT = 50;

/**
 * What an alert watches: the price at or above its value, at or below it, or the day's change
 * at or above +value % (`rise`) or at or below −value % (`fall`).
 */
export const ALERT_KINDS = ['above', 'below', 'rise', 'fall'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Once (then it stays fired until edited), or at most once per trading day of its market. */
export const ALERT_REPEATS = ['once', 'daily'] as const;
export type AlertRepeat = (typeof ALERT_REPEATS)[number];

/**
 * What reaches the investor's devices (SPEC §13.3), one switch each. Every kind is also an
 * in-app message whatever its switch: the switches govern live toasts and pushes.
 */
export const NOTIFY_KINDS = ['alert', 'fill', 'stop_out', 'trigger', 'review', 'lottery', 'lock_in'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** A day change in percent for `rise` / `fall`: 0.01 to 100. */
const zPercent = z.lazy(() => decimal({ integerDigits: 3, fractionDigits: 2 }));

const zAlertFields = {
  code: zStockCode,
  kind: z.enum(ALERT_KINDS),
  /** A price for above / below; a percentage for rise / fall (checked against the kind). */
  value: z.union([zPrice, zPercent]),
  repeat: z.enum(ALERT_REPEATS).default('once'),
};

export const zAlert = z.lazy(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    market: z.string(),
    kind: z.enum(ALERT_KINDS),
    value: z.string(),
    repeat: z.enum(ALERT_REPEATS),
    /** Whether it still watches (a `once` alert stops after firing until edited). */
    active: z.boolean(),
    createdAt: zTime,
    /** When it last fired, and at what price. */
    firedAt: zTime.nullable(),
    firedPrice: z.string().nullable(),
  }),
);
export type Alert = z.infer<typeof zAlert>;

export const alertListCall = defineCall({
  path: '/user/alertList',
  summary: 'The investor’s price alerts, newest first, optionally of one stock (SPEC §13.3)',
  auth: true,
  request: () => z.object({ code: zStockCode.optional() }),
  response: () => z.object({ list: z.array(zAlert), limit: z.number().int() }),
});

export const alertAddCall = defineCall({
  path: '/user/alertAdd',
  summary:
    'Add a price alert: above / below a price, or a day change of at least +x % (rise) / −x % (fall); once ' +
    `or daily. Refusals: alert_limit (more than ${ALERT_LIMIT}), not_found (unknown code), bad_request`,
  auth: true,
  request: () => withType(zAlertFields),
  response: () => zAlert,
});

export const alertEditCall = defineCall({
  path: '/user/alertEdit',
  summary:
    'Change an alert’s kind, value or repeat; it watches again from now. Refusals: not_found, bad_request',
  auth: true,
  request: () =>
    z.object({
      id: zId,
      kind: z.enum(ALERT_KINDS),
      value: z.union([zPrice, zPercent]),
      repeat: z.enum(ALERT_REPEATS).default('once'),
    }),
  response: () => zAlert,
});

export const alertDeleteCall = defineCall({
  path: '/user/alertDelete',
  summary: 'Remove an alert. Refusals: not_found',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => z.object({}),
});

/** A browser's PushSubscription as `toJSON()` gives it, bounded. */
export const zPushSubscription = z.lazy(() =>
  z.object({
    endpoint: text({ min: 10, max: 1_000 }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: text({ min: 40, max: 200, pattern: /^[A-Za-z0-9_-]+=*$/, patternHint: 'base64url' }),
      auth: text({ min: 8, max: 100, pattern: /^[A-Za-z0-9_-]+=*$/, patternHint: 'base64url' }),
    }),
  }),
);

export const pushKeyCall = defineCall({
  path: '/user/pushKey',
  summary: 'The server’s VAPID public key (base64url), for the browser’s PushManager.subscribe',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ key: z.string() }),
});

export const pushSubscribeCall = defineCall({
  path: '/user/pushSubscribe',
  summary:
    'Keep this device’s push subscription (one per endpoint). Only the known push services’ https origins ' +
    'are accepted. Refusals: bad_request (field subscription)',
  auth: true,
  request: () => z.object({ subscription: zPushSubscription }),
  response: () => z.object({ devices: z.number().int() }),
});

export const pushUnsubscribeCall = defineCall({
  path: '/user/pushUnsubscribe',
  summary: 'Forget a device’s push subscription by its endpoint (nothing to forget is not an error)',
  auth: true,
  request: () => z.object({ endpoint: text({ min: 1, max: 1_000 }) }),
  response: () => z.object({ devices: z.number().int() }),
});

const zSwitches = z.object(
  Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, z.boolean()])) as Record<NotifyKind, z.ZodBoolean>,
);

export const notifySettingsCall = defineCall({
  path: '/user/notifySettings',
  summary:
    'Read, or change (any switch given), which kinds reach the investor live and by push; and how many ' +
    'devices receive pushes. Every kind stays an in-app message',
  auth: true,
  request: () =>
    z.object(
      Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, flag().optional()])) as Record<
        NotifyKind,
        z.ZodOptional<ReturnType<typeof flag>>
      >,
    ),
  response: () => z.object({ switches: zSwitches, devices: z.number().int() }),
});

export const alertCalls = {
  alertList: alertListCall,
  alertAdd: alertAddCall,
  alertEdit: alertEditCall,
  alertDelete: alertDeleteCall,
  pushKey: pushKeyCall,
  pushSubscribe: pushSubscribeCall,
  pushUnsubscribe: pushUnsubscribeCall,
  notifySettings: notifySettingsCall,
};
