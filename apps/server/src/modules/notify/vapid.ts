import webpush from 'web-push';
import type { Executor } from '../../db/schema';
import './tables';

/** The server's VAPID key pair (RFC 8292), base64url as web-push writes them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEY_NAME = 'vapid';

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * The VAPID pair, made on the first start and kept in `server_keys`. Browsers bind a subscription
 * to the public key, so it never changes: nodes starting together each offer a pair, the first
 * insert wins, and every node reads back that one.
 */
export async function ensureVapidKeys(db: Executor, now: Date): Promise<VapidKeys> {
  const read = async () => {
    const row = await db
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', VAPID_KEY_NAME)
      .executeTakeFirst();
    if (!row) return null;
    if (!isVapidKeys(row.value)) throw new Error('server_keys.vapid is not a VAPID key pair');
    return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
  };
  const stored = await read();
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_keys')
    .values({
      name: VAPID_KEY_NAME,
      value: JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }),
      created_at: now,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error('server_keys.vapid missing after its insert');
  return kept;
}
