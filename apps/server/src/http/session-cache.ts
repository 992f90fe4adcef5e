import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';
import type { User } from '../db/schema';
import { RedisChannel } from '../redis/channel';

/** What `authenticate` knows about a signed-in request's session. */
export interface CachedSession {
  user: User;
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Bound on cached sessions per node; the least recently used is dropped first. */
const MAX_ENTRIES = 50_000;

/** What one node tells the others: forget a user's sessions, one session, or every session. */
type Invalidation = { userId: number } | { sessionId: number } | { all: true };

/**
 * Sessions read by `authenticate`, kept for a short while per node (an LRU with a time to live)
 * so a signed-in call does not read its session and account on every request. It is a cache of
 * database rows, never the only copy (ARCHITECTURE "Scale-out": nodes stay stateless).
 *
 * Invalidation is explicit: the code that changes a session or an account's flags calls
 * `forgetUser` or `forgetSession` once its write is done. For `ttlMs` after that the affected
 * sessions are not cached again, so a read that began before the write cannot put the old row
 * back. With Redis the forgetting reaches every node at once (`connect`); without it another
 * node's copy lasts at most `ttlMs`.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession> | null;
  /** Until when (monotonic ms) sessions of a user, or all sessions (key 0), are not cached. */
  private readonly quietUntil = new Map<number, number>();
  private bus: SessionBus | null = null;

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, CachedSession>({
            max: MAX_ENTRIES,
            ttl: ttlMs,
            ttlResolution: 0,
            perf: { now: this.now },
          })
        : null;
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.entries?.get(tokenHash);
  }

  set(tokenHash: string, session: CachedSession): void {
    if (!this.entries) return;
    const now = this.now();
    for (const key of [0, session.user.id]) {
      const until = this.quietUntil.get(key);
      if (until === undefined) continue;
      if (now < until) return;
      this.quietUntil.delete(key);
    }
    this.entries.set(tokenHash, session);
  }

  /** Drops the sessions of one user (null: of every user) here and on every node. */
  forgetUser(userId: number | null): void {
    this.apply(userId === null ? { all: true } : { userId });
    this.bus?.publish(userId === null ? { all: true } : { userId });
  }

  /** Drops one session here and on every node. */
  forgetSession(sessionId: number): void {
    this.apply({ sessionId });
    this.bus?.publish({ sessionId });
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** Shares invalidations with the other nodes through Redis pub/sub. */
  async connect(redisUrl: string, channel: string, onError: (error: unknown) => void): Promise<void> {
    this.bus = new SessionBus(redisUrl, channel, (message) => this.apply(message), onError);
    await this.bus.ready;
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.bus = null;
  }

  private apply(message: Invalidation): void {
    const quietUntil = this.now() + this.ttlMs;
    if ('all' in message) {
      this.quietUntil.set(0, quietUntil);
      this.entries?.clear();
      return;
    }
    if (!this.entries) return;
    for (const [key, entry] of [...this.entries.entries()]) {
      const hit =
        'userId' in message ? entry.user.id === message.userId : entry.sessionId === message.sessionId;
      if (!hit) continue;
      this.entries.delete(key);
      this.quietUntil.set(entry.user.id, quietUntil);
    }
    if ('userId' in message) this.quietUntil.set(message.userId, quietUntil);
  }
}

function isInvalidation(value: unknown): value is Invalidation {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.userId === 'number' && Number.isSafeInteger(v.userId)) ||
    (typeof v.sessionId === 'number' && Number.isSafeInteger(v.sessionId)) ||
    v.all === true
  );
}

type Sent = { origin: string; message: Invalidation };

const isSent = (value: unknown): value is Sent =>
  typeof (value as Partial<Sent> | null)?.origin === 'string' && isInvalidation((value as Sent).message);

/** Invalidations over Redis pub/sub; a node ignores its own. */
class SessionBus {
  private readonly channel: RedisChannel<Sent>;
  private readonly origin = randomUUID();
  readonly ready: Promise<unknown>;

  constructor(
    url: string,
    channel: string,
    onMessage: (message: Invalidation) => void,
    onError: (error: unknown) => void,
  ) {
    this.channel = new RedisChannel(url, channel, isSent, onError);
    this.channel.subscribe((sent) => {
      if (sent.origin !== this.origin) onMessage(sent.message);
    });
    this.ready = this.channel.ready();
  }

  publish(message: Invalidation): void {
    this.channel.publish({ origin: this.origin, message }).catch(() => {
      // Another node keeps its copy for at most the cache's time to live.
    });
  }

  close(): Promise<void> {
    return this.channel.close();
  }
}
