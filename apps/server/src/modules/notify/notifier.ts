import type { Language, NotifyKind } from '@kabuto/contract';
import { sql } from 'kysely';
import client from 'prom-client';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import type { QuoteHub } from '../../market/ws-hub';
import { messages, pickLanguage } from '../messages/port';
import { notifyKindOf } from './kinds';
import { offKinds } from './settings';
import { endpointAllowed } from './subscriptions';
import type { VapidKeys } from './vapid';
import './tables';

/** Limits of the notifier (CONVENTIONS §11). */
export const NOTIFY_LIMITS = {
  /** How often a node looks for new messages: a notice or push leaves within this of its message. */
  stepMs: 1_000,
  /** Messages claimed for pushing per step. */
  claimBatch: 200,
  /** Messages read for live notices per step. */
  liveBatch: 500,
  /**
   * Messages are numbered when written but seen when their transaction commits, so a lower
   * number can appear after a higher one. The live cursor trails the newest message by this
   * long, and messages within it are remembered so none is sent twice.
   */
  liveLagMs: 30_000,
  /** Concurrent requests to push services and unread counts per step. */
  concurrency: 16,
  /** A push service that has not answered by then is a failure (retried). */
  pushTimeoutMs: 10_000,
  /** Tries of one push before it is given up: the first and its retries. */
  pushAttempts: 4,
  /** The first retry's wait; each later one waits twice as long. */
  retryBaseMs: 5_000,
  /** Pushes waiting for a retry; past it, new failures are given up at once. */
  retryQueueMax: 10_000,
  /** Characters of a push's title and body, so the encrypted payload stays under 4 KB (RFC 8291). */
  titleChars: 120,
  bodyChars: 800,
} as const;

/**
 * How long a push service keeps a notification for a device that is off, and how urgently it
 * wakes one (RFC 8030 §5.2, §5.3): a price alert or a trigger is worth little an hour later; a
 * stop-out is urgent; an outcome stays worth reading for days.
 */
const DELIVERY: Record<NotifyKind, { ttlSeconds: number; urgency: webpush.Urgency }> = {
  alert: { ttlSeconds: 3_600, urgency: 'high' },
  trigger: { ttlSeconds: 3_600, urgency: 'normal' },
  fill: { ttlSeconds: 86_400, urgency: 'normal' },
  stop_out: { ttlSeconds: 86_400, urgency: 'high' },
  review: { ttlSeconds: 3 * 86_400, urgency: 'normal' },
  lottery: { ttlSeconds: 3 * 86_400, urgency: 'normal' },
  lock_in: { ttlSeconds: 3 * 86_400, urgency: 'normal' },
};

/** What a Web Push carries to the service worker (SPEC §13.3), in the investor's language. */
export interface PushPayload {
  title: string;
  body: string;
  /** The message's kind, as messageList names it. */
  kind: string;
  /** The message's id. */
  id: number;
  /** Where a tap opens the app: the message itself. */
  url: string;
}

interface MessageRow {
  id: number;
  /** The investor it is for; null: everyone. */
  recipient: number | null;
  kind: string;
  title: Record<string, string>;
  body: Record<string, string>;
}

interface SubscriptionRow {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One push to one device, with what it needs to be tried again. */
interface Push {
  messageId: number;
  subscription: SubscriptionRow;
  payload: string;
  kind: NotifyKind;
  attempt: number;
  dueAtMs: number;
}

type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export interface PushReport {
  /** Pushes accepted by a push service. */
  sent: number;
  /** Subscriptions dropped because their push service calls them gone. */
  dropped: number;
  /** Pushes that failed and wait for a retry. */
  retried: number;
  /** Pushes given up. */
  failed: number;
}

export interface StepReport extends PushReport {
  /** Notices written to sockets. */
  notices: number;
}

const textIn = (texts: Record<string, string>, language: Language) => texts[language] ?? texts.jp ?? '';

const clip = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Carries new messages to the investor (ARCHITECTURE "Notifications", SPEC §13.3), on every node
 * and outside any request or transaction, so a slow push service never holds an order:
 *
 * - live: each node reads the messages of the investors with an authenticated socket on it and
 *   sends each socket a `notice` (the bell's count always; `live` tells the app whether to show
 *   a toast, by the investor's switch);
 * - push: the nodes claim unpushed messages between them (each message once, `pushed_at`), and
 *   post the switched-on ones to each of the investor's devices; a device its push service calls
 *   gone (404, 410) is forgotten; other failures are retried a few times, then given up. A node
 *   that stops between a claim and its posts loses those pushes: a notification comes at most
 *   once, the in-app message always.
 *
 * Tests call `step` instead of waiting for the timer.
 */
export class Notifier {
  /** Every message at or below it was considered for live notices by this node. */
  private liveCursor = 0;
  /** Messages above the cursor already considered, so none is sent twice. */
  private readonly liveSeen = new Set<number>();
  /** The newest message id at each step, to move the cursor once it is `liveLagMs` old. */
  private readonly newest: Array<{ id: number; atMs: number }> = [];
  private readonly retries: Push[] = [];
  private timer: NodeJS.Timeout | null = null;
  private liveRunning: Promise<number> | null = null;
  private pushRunning: Promise<PushReport> | null = null;
  private readonly pushes: client.Counter<'outcome'>;
  private readonly notices: client.Counter;

  constructor(
    private readonly ctx: AppContext,
    private readonly hub: QuoteHub | null,
    private readonly keys: VapidKeys,
    metrics: client.Registry,
  ) {
    this.pushes = new client.Counter({
      name: 'kabuto_push_notifications_total',
      help: 'Web Push sends by outcome: sent, retried, failed (given up), dropped (subscription gone)',
      labelNames: ['outcome'],
      registers: [metrics],
    });
    this.notices = new client.Counter({
      name: 'kabuto_live_notices_total',
      help: 'Notices written to authenticated WebSockets',
      registers: [metrics],
    });
  }

  /** Live notices start after the messages that exist now (the bell's count covers those). */
  async init(): Promise<void> {
    this.liveCursor = await this.newestMessageId();
  }

  /** One pass: live notices, then pushes (new ones and retries now due). */
  async step(): Promise<StepReport> {
    const notices = await this.liveStep();
    return { notices, ...(await this.pushStep()) };
  }

  /**
   * Live notices and pushes run as two loops, each one pass at a time, so a push service slow to
   * answer never holds a toast back.
   */
  liveStep(): Promise<number> {
    this.liveRunning ??= this.live().finally(() => {
      this.liveRunning = null;
    });
    return this.liveRunning;
  }

  pushStep(): Promise<PushReport> {
    this.pushRunning ??= this.push().finally(() => {
      this.pushRunning = null;
    });
    return this.pushRunning;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.liveStep().catch((error) => this.ctx.log.error({ err: error }, 'live notices failed'));
      this.pushStep().catch((error) => this.ctx.log.error({ err: error }, 'pushes failed'));
    }, NOTIFY_LIMITS.stepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([this.liveRunning?.catch(() => undefined), this.pushRunning?.catch(() => undefined)]);
  }

  /** Pushes waiting for a retry. */
  get pendingRetries(): number {
    return this.retries.length;
  }

  private async newestMessageId(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  // -------------------------------------------------------------------------------------------
  // Live

  private async live(): Promise<number> {
    const nowMs = this.ctx.clock.now().getTime();
    this.newest.push({ id: await this.newestMessageId(), atMs: nowMs });
    // A clock that stands still (tests) never lets the list age; it need not grow without end.
    if (this.newest.length > NOTIFY_LIMITS.liveLagMs / NOTIFY_LIMITS.stepMs + 10) this.newest.splice(1, 1);
    // The cursor moves to the newest id seen at least `liveLagMs` ago: every transaction that
    // wrote a message below it has ended by now.
    while (this.newest.length > 1 && (this.newest[1]?.atMs ?? nowMs) <= nowMs - NOTIFY_LIMITS.liveLagMs) {
      this.newest.shift();
    }
    const settled = this.newest[0];
    if (settled && settled.atMs <= nowMs - NOTIFY_LIMITS.liveLagMs && settled.id > this.liveCursor) {
      this.liveCursor = settled.id;
      for (const id of this.liveSeen) if (id <= this.liveCursor) this.liveSeen.delete(id);
    }

    const hub = this.hub;
    const users = hub?.authedUsers() ?? [];
    if (!hub || users.length === 0) return 0;
    const rows = await this.ctx.db
      .selectFrom('messages')
      .select(['id', 'user_id', 'kind', 'title', 'body'])
      .where('id', '>', this.liveCursor)
      .where(sql<boolean>`id <> ALL(${[...this.liveSeen]}::int8[])`)
      .where((eb) => eb.or([eb('user_id', 'in', users), eb('user_id', 'is', null)]))
      .orderBy('id')
      .limit(NOTIFY_LIMITS.liveBatch)
      .execute();
    const fresh: MessageRow[] = rows
      .filter((row) => !this.liveSeen.has(Number(row.id)))
      .map((row) => ({
        id: Number(row.id),
        recipient: row.user_id === null ? null : Number(row.user_id),
        kind: row.kind,
        title: row.title,
        body: row.body,
      }));
    if (fresh.length === 0) return 0;
    for (const row of fresh) this.liveSeen.add(row.id);

    const reached = fresh.some((row) => row.recipient === null)
      ? users
      : [...new Set(fresh.flatMap((row) => (row.recipient === null ? [] : [row.recipient])))];
    // A session may have ended since its socket's `auth`.
    await hub.revalidate(reached);
    const bound = new Set(hub.authedUsers());
    const still = reached.filter((id) => bound.has(id));
    if (still.length === 0) return 0;
    const [off, unread] = await Promise.all([offKinds(this.ctx.db, still), this.unreadCounts(still)]);

    let sent = 0;
    for (const row of fresh) {
      const kind = notifyKindOf(row.kind);
      sent += hub.deliver(row.recipient, row.id, ({ userId, language }) => ({
        type: 'notice',
        id: row.id,
        kind: row.kind,
        title: textIn(row.title, language),
        body: textIn(row.body, language),
        unread: unread.get(userId) ?? 0,
        live: kind !== null && !(off.get(userId)?.has(kind) ?? false),
      }));
    }
    this.notices.inc(sent);
    return sent;
  }

  private async unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    await eachLimited(userIds, NOTIFY_LIMITS.concurrency, async (userId) => {
      counts.set(userId, await messages.unreadCount(this.ctx.db, userId));
    });
    return counts;
  }

  // -------------------------------------------------------------------------------------------
  // Push

  /** Claims a batch of unpushed messages for this node: no other node gets them. */
  private async claim(): Promise<(MessageRow & { createdAtMs: number })[]> {
    const now = this.ctx.clock.now();
    const { rows } = await sql<{
      id: number | string;
      user_id: number | string;
      kind: string;
      title: Record<string, string>;
      body: Record<string, string>;
      created_at: Date | string;
    }>`
      UPDATE messages SET pushed_at = ${now}
      WHERE id IN (
        SELECT id FROM messages
        WHERE pushed_at IS NULL AND user_id IS NOT NULL
        ORDER BY id
        LIMIT ${NOTIFY_LIMITS.claimBatch}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, user_id, kind, title, body, created_at`.execute(this.ctx.db);
    return rows
      .map((row) => ({
        id: Number(row.id),
        recipient: Number(row.user_id),
        kind: row.kind,
        title: row.title,
        body: row.body,
        createdAtMs: new Date(row.created_at).getTime(),
      }))
      .sort((a, b) => a.id - b.id);
  }

  private async push(): Promise<PushReport> {
    const claimed = await this.claim();
    const wanted = claimed.filter((row) => notifyKindOf(row.kind) !== null);
    const userIds = [...new Set(wanted.flatMap((row) => (row.recipient === null ? [] : [row.recipient])))];
    const fresh: Push[] = [];
    if (userIds.length > 0) {
      const [off, users, subscriptions] = await Promise.all([
        offKinds(this.ctx.db, userIds),
        this.ctx.db.selectFrom('users').select(['id', 'language']).where('id', 'in', userIds).execute(),
        this.ctx.db
          .selectFrom('push_subscriptions')
          .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
          .where('user_id', 'in', userIds)
          .orderBy('id')
          .execute(),
      ]);
      const languageOf = new Map(users.map((u) => [Number(u.id), pickLanguage(undefined, u.language)]));
      const devicesOf = new Map<number, SubscriptionRow[]>();
      for (const s of subscriptions) {
        const userId = Number(s.user_id);
        const list = devicesOf.get(userId) ?? [];
        list.push({ id: Number(s.id), userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth });
        devicesOf.set(userId, list);
      }
      const nowMs = this.ctx.clock.now().getTime();
      for (const row of wanted) {
        const kind = notifyKindOf(row.kind);
        if (row.recipient === null || kind === null || off.get(row.recipient)?.has(kind)) continue;
        // A message older than its kind's time to live would be dropped by the push service
        // anyway: the demo's history of fills, or a backlog after a long outage, stays in-app.
        if (row.createdAtMs < nowMs - DELIVERY[kind].ttlSeconds * 1000) continue;
        const language = languageOf.get(row.recipient) ?? 'jp';
        const payload = JSON.stringify({
          title: clip(textIn(row.title, language), NOTIFY_LIMITS.titleChars),
          body: clip(textIn(row.body, language), NOTIFY_LIMITS.bodyChars),
          kind: row.kind,
          id: row.id,
          url: `/#/mine/messageInfo?id=${row.id}`,
        } satisfies PushPayload);
        for (const subscription of devicesOf.get(row.recipient) ?? []) {
          fresh.push({ messageId: row.id, subscription, payload, kind, attempt: 1, dueAtMs: nowMs });
        }
      }
    }
    const nowMs = this.ctx.clock.now().getTime();
    const due: Push[] = [];
    const later: Push[] = [];
    for (const p of this.retries) (p.dueAtMs <= nowMs ? due : later).push(p);
    this.retries.splice(0, this.retries.length, ...later);
    return this.send([...due, ...fresh]);
  }

  private async send(pushes: readonly Push[]): Promise<PushReport> {
    const report = { sent: 0, dropped: 0, retried: 0, failed: 0 };
    if (pushes.length === 0) return report;
    const delivered = new Set<number>();
    const gone = new Set<number>();
    const givenUp: number[] = [];
    await eachLimited(pushes, NOTIFY_LIMITS.concurrency, async (push) => {
      // A device dropped earlier in this pass gets nothing more.
      if (gone.has(push.subscription.id)) return;
      const outcome = await this.post(push);
      if (outcome === 'sent') {
        report.sent += 1;
        delivered.add(push.subscription.id);
      } else if (outcome === 'gone') {
        report.dropped += 1;
        gone.add(push.subscription.id);
      } else if (outcome === 'retry' && push.attempt < NOTIFY_LIMITS.pushAttempts) {
        if (this.retries.length >= NOTIFY_LIMITS.retryQueueMax) {
          report.failed += 1;
          givenUp.push(push.subscription.id);
          return;
        }
        report.retried += 1;
        this.retries.push({
          ...push,
          attempt: push.attempt + 1,
          dueAtMs: this.ctx.clock.now().getTime() + NOTIFY_LIMITS.retryBaseMs * 2 ** (push.attempt - 1),
        });
      } else {
        report.failed += 1;
        givenUp.push(push.subscription.id);
      }
    });
    // Retries for a device that is gone are pointless.
    for (let i = this.retries.length - 1; i >= 0; i--) {
      if (gone.has(this.retries[i]?.subscription.id ?? -1)) this.retries.splice(i, 1);
    }
    const { db } = this.ctx;
    const now = this.ctx.clock.now();
    if (gone.size > 0)
      await db
        .deleteFrom('push_subscriptions')
        .where('id', 'in', [...gone])
        .execute();
    const sentTo = [...delivered].filter((id) => !gone.has(id));
    if (sentTo.length > 0) {
      await db
        .updateTable('push_subscriptions')
        .set({ last_sent_at: now, failures: 0 })
        .where('id', 'in', sentTo)
        .execute();
    }
    if (givenUp.length > 0) {
      await sql`UPDATE push_subscriptions SET failures = failures + 1
        WHERE id = ANY(${givenUp}::int8[])`.execute(db);
    }
    for (const outcome of ['sent', 'dropped', 'retried', 'failed'] as const) {
      if (report[outcome] > 0) this.pushes.inc({ outcome }, report[outcome]);
    }
    return report;
  }

  /** Posts one push (RFC 8030) encrypted to the device's keys (RFC 8291) under the VAPID pair. */
  private async post(push: Push): Promise<PushOutcome> {
    const { subscription } = push;
    // A subscription kept before the allowed services changed is not posted to.
    if (!endpointAllowed(subscription.endpoint, this.ctx.config.pushTestOrigin)) return 'gone';
    const delivery = DELIVERY[push.kind];
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        push.payload,
        {
          vapidDetails: {
            subject: this.ctx.config.pushSubject,
            publicKey: this.keys.publicKey,
            privateKey: this.keys.privateKey,
          },
          TTL: delivery.ttlSeconds,
          urgency: delivery.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Keys a browser would never make (not a P-256 point): no retry can send to them.
      this.ctx.log.warn({ err: error, subscription: subscription.id }, 'push subscription unusable');
      return 'gone';
    }
    // Content-Length comes from the body itself; the rest go as web-push made them.
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        ...(request.body ? { body: new Uint8Array(request.body) } : {}),
        // A push service answers; it never sends the server elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(NOTIFY_LIMITS.pushTimeoutMs),
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return 'sent';
      if (response.status === 404 || response.status === 410) return 'gone';
      // Throttled or down: later may work. Any other refusal (a malformed request, VAPID not
      // accepted, too large) would be refused again.
      if (response.status === 429 || response.status >= 500) return 'retry';
      this.ctx.log.warn({ status: response.status, subscription: subscription.id }, 'push refused');
      return 'failed';
    } catch {
      // No answer in time, or no connection.
      return 'retry';
    }
  }
}
