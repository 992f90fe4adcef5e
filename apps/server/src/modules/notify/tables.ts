import type { ColumnType, Generated } from 'kysely';

/** A device that receives the investor's pushes (migration 0600): one row per endpoint. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The push service's URL for this device (an allowed https origin; subscriptions.ts). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which payloads are encrypted to. */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  /** When it was last subscribed: beyond the device limit, the oldest is dropped. */
  created_at: Date;
  last_sent_at: Date | null;
  /** Sends given up on since the last one that went through. */
  failures: Generated<number>;
}

/** The notification kinds an investor turned off (absent row: every kind on). */
export interface NotifySettingsTable {
  user_id: number;
  off: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Date;
}

/** Keys the server made itself on its first start, shared by every node. */
export interface ServerKeysTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  created_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    push_subscriptions: PushSubscriptionsTable;
    notify_settings: NotifySettingsTable;
    server_keys: ServerKeysTable;
  }
}
