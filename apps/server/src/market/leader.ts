import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from '../db/database';

/** Advisory lock key of the market feed ("kabuto:market-feed" folded into a bigint). */
export const FEED_LOCK_KEY = 7_126_381_905_113n;
/** How often a follower tries to take over a feed whose leader went away. */
export const LEADER_RETRY_MS = 5_000;

export interface Leadership {
  /** Called when this node becomes the leader, and with false when it loses the lock. */
  onChange(listener: (leader: boolean) => void): void;
  close(): Promise<void>;
}

/** The embedded database serves one node only, which always runs the feed. */
export function soleLeadership(): Leadership {
  let closed = false;
  return {
    onChange(listener) {
      queueMicrotask(() => {
        if (!closed) listener(true);
      });
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * One node runs the feed (ARCHITECTURE "Scale-out"): the holder of a session-level PostgreSQL
 * advisory lock on its own connection. When that node dies its session ends, the lock is
 * released, and a follower's next attempt takes over. When the database server fails over, the
 * lock goes with the old primary: every node's next attempt competes for it on the new one.
 */
export function advisoryLeadership(
  connectionString: string,
  options: { key?: bigint; retryMs?: number; onError?: (error: unknown) => void } = {},
): Leadership {
  const key = options.key ?? FEED_LOCK_KEY;
  const retryMs = options.retryMs ?? LEADER_RETRY_MS;
  const listeners: Array<(leader: boolean) => void> = [];
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const setLeader = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    for (const listener of listeners) listener(value);
  };

  const drop = async () => {
    const old = client;
    client = null;
    setLeader(false);
    if (old) await old.end().catch(() => {});
  };

  const attempt = async () => {
    timer = null;
    if (closed || leader) return;
    try {
      // A bounded connect (a proxy with no primary behind it must not stall the retries) and
      // TCP keepalive (a lock held on a connection that silently died would never be released
      // to this node's own retries).
      const c = new pg.Client({
        connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      c.on('error', (error) => {
        options.onError?.(error);
        void drop().then(schedule);
      });
      await c.connect();
      // Never on a standby (advisory locks are not replicated: a lock taken on a primary demoted
      // in a switchover would elect a second leader beside the one on the new primary).
      const result = await c.query<{ locked: boolean }>(
        'SELECT CASE WHEN pg_is_in_recovery() THEN false ELSE pg_try_advisory_lock($1) END AS locked',
        [key.toString()],
      );
      if (result.rows[0]?.locked && !closed) {
        client = c;
        setLeader(true);
        return;
      }
      await c.end();
    } catch (error) {
      options.onError?.(error);
    }
    schedule();
  };

  const schedule = () => {
    if (closed || leader || timer) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };

  return {
    onChange(listener) {
      listeners.push(listener);
      if (listeners.length === 1) void attempt();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await drop();
    },
  };
}
