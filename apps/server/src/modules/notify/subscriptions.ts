import { isIP } from 'node:net';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { DB, Executor } from '../../db/schema';
import './tables';

/** Limits of push subscriptions (CONVENTIONS §11). */
export const PUSH_LIMITS = {
  /** Devices per investor; subscribing one more drops the one subscribed longest ago. */
  devicesPerInvestor: 10,
  /** The browser name kept with a subscription, for the investor's list of devices. */
  userAgentChars: 200,
} as const;

/**
 * The push services browsers subscribe through (SPEC §13.3): Chrome, Edge on Android and other
 * Chromium browsers (FCM), Firefox (Mozilla autopush), Safari (Apple), Edge on Windows (WNS).
 * The server posts to a subscription's endpoint, so an endpoint anywhere else would make it
 * send requests to an address of the client's choosing.
 */
const PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
];
const PUSH_HOST_SUFFIXES: readonly string[] = ['.push.apple.com', '.notify.windows.com'];

/**
 * Whether the server may post to this endpoint: https on the default port at one of the known
 * push services, no credentials in the URL, never an address literal (a private or loopback
 * address least of all); or any endpoint of the configured test origin (config.pushTestOrigin).
 */
export function endpointAllowed(endpoint: string, testOrigin: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (testOrigin !== null && URL.canParse(testOrigin) && url.origin === new URL(testOrigin).origin)
    return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return (
    PUSH_HOSTS.includes(host) ||
    PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length)
  );
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How many devices receive the investor's pushes. */
export async function deviceCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Keeps a device's subscription for the investor. An endpoint belongs to one browser profile, so
 * subscribing it again (after a sign-in to another account on that browser too) moves it to this
 * investor with its new keys. Past the device limit the oldest subscriptions go.
 */
export async function subscribe(
  db: DB,
  userId: number,
  subscription: SubscriptionInput,
  userAgent: string | null,
  now: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const values = {
      user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      user_agent: userAgent?.slice(0, PUSH_LIMITS.userAgentChars) ?? null,
      created_at: now,
      failures: 0,
    };
    await trx
      .insertInto('push_subscriptions')
      .values(values)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: values.user_id,
          p256dh: values.p256dh,
          auth: values.auth,
          user_agent: values.user_agent,
          created_at: values.created_at,
          failures: 0,
        }),
      )
      .execute();
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PUSH_LIMITS.devicesPerInvestor),
      )
      .execute();
    return deviceCount(trx, userId);
  });
}

/** Forgets the investor's subscription of this endpoint (another investor's is left alone). */
export async function unsubscribe(db: Executor, userId: number, endpoint: string): Promise<number> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
  return deviceCount(db, userId);
}
