import type { ReviewKindName, ReviewState } from '@kabuto/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import type { Operator } from '../admin/port';
import { audit } from '../admin/port';
import { type MessageContent, messages } from '../messages/port';

/** What the queue passes a kind when an item is decided. */
export interface Decision {
  decision: 'approve' | 'reject';
  operator: Operator;
  /** Required to reject (SPEC §9). */
  reason: string | null;
  now: Date;
}

/** Who decided and when, with the reason: what a kind's hook writes on its own row. */
export function reviewedBy(decision: Decision) {
  return { reason: decision.reason, reviewer_id: decision.operator.id, reviewed_at: decision.now };
}

/** The decision as a kind's hook writes it on its own row: the outcome's state and `reviewedBy`. */
export function decided(decision: Decision) {
  return {
    state: decision.decision === 'approve' ? ('approved' as const) : ('rejected' as const),
    ...reviewedBy(decision),
  };
}

/**
 * A reviewed kind's hooks (SPEC §5 reviews): the queue owns its own row (`reviews`), listing,
 * locking, the single decision, the audit entry and the user's message; the kind says what its
 * item is and what approval and rejection do (move money through the ledger, write its business
 * row: the outcome, reason, reviewer and time, `decided`, beside what else changes).
 */
export interface ReviewKindHooks<Subject extends { id: number; user_id: number }> {
  kind: ReviewKindName;
  /** The business rows of these ids (locked when `forUpdate`, inside the deciding transaction). */
  load(db: Executor, ids: number[], forUpdate: boolean): Promise<Subject[]>;
  /** Fields a reviewer needs beside the item (amounts, images as authorised URLs, …). */
  details(subject: Subject): Record<string, unknown>;
  approve(trx: Tx, subject: Subject, decision: Decision): Promise<void>;
  reject(trx: Tx, subject: Subject, decision: Decision): Promise<void>;
  /** The message the user gets with the outcome (SPEC §0.6: outcome and reason). */
  message(subject: Subject, decision: Decision): MessageContent;
}

export interface ReviewItem {
  /** The item's id in its kind (the deposit's, the withdrawal's, …): the id review calls take. */
  id: number;
  kind: ReviewKindName;
  userId: number;
  account: string;
  realName: string | null;
  state: ReviewState;
  createdAt: string;
  /** SPEC §9: queues show waiting time against the promised time. */
  dueAt: string;
  reviewedAt: string | null;
  reviewer: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

export interface ReviewListQuery {
  kind?: ReviewKindName | undefined;
  state: ReviewState | 'all';
  userId?: number | undefined;
  page: number;
  size: number;
}

type AnyHooks = ReviewKindHooks<{ id: number; user_id: number }>;

/** The one review queue: every reviewed kind registers its hooks here (modules/reviews). */
export class ReviewQueue {
  private readonly kinds = new Map<ReviewKindName, AnyHooks>();

  constructor(private readonly ctx: AppContext) {}

  register<S extends { id: number; user_id: number }>(hooks: ReviewKindHooks<S>): void {
    if (this.kinds.has(hooks.kind)) throw new Error(`review kind ${hooks.kind} registered twice`);
    this.kinds.set(hooks.kind, hooks as unknown as AnyHooks);
  }

  registered(): ReviewKindName[] {
    return [...this.kinds.keys()];
  }

  /** Puts an item in the queue, inside the transaction that writes its business row. */
  async submit(
    trx: Tx,
    item: { kind: ReviewKindName; subjectId: number; userId: number; dueAt: Date },
    now: Date,
  ): Promise<void> {
    if (!this.kinds.has(item.kind)) throw new Error(`review kind ${item.kind} is not registered`);
    await trx
      .insertInto('reviews')
      .values({
        kind: item.kind,
        subject_id: item.subjectId,
        user_id: item.userId,
        created_at: now,
        due_at: item.dueAt,
        reviewer_id: null,
        reviewed_at: null,
        reason: null,
      })
      .execute();
  }

  /**
   * Takes a still-pending item off the queue without an operator (its subject lapsed, e.g. a
   * day-trading application whose day closed before review): it reads as rejected with the reason.
   */
  async withdraw(trx: Tx, kind: ReviewKindName, subjectId: number, reason: string, now: Date): Promise<void> {
    await trx
      .updateTable('reviews')
      .set({ state: 'rejected', reviewed_at: now, reason })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('state', '=', 'pending')
      .execute();
  }

  /** Pending items oldest first (decided ones newest first), of one kind or all. */
  async list(query: ReviewListQuery): Promise<{ list: ReviewItem[]; total: number }> {
    const { db } = this.ctx;
    let base = db.selectFrom('reviews as r');
    if (query.kind) base = base.where('r.kind', '=', query.kind);
    if (query.state !== 'all') base = base.where('r.state', '=', query.state);
    if (query.userId !== undefined) base = base.where('r.user_id', '=', query.userId);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('operators as o', 'o.id', 'r.reviewer_id')
        .selectAll('r')
        .select(['u.account', 'u.real_name', 'o.username as reviewer'])
        .orderBy('r.created_at', query.state === 'pending' ? 'asc' : 'desc')
        .orderBy('r.id', query.state === 'pending' ? 'asc' : 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const subjects = new Map<string, { id: number; user_id: number }>();
    const idsByKind = new Map<ReviewKindName, number[]>();
    for (const r of rows) {
      const kind = r.kind as ReviewKindName;
      idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), r.subject_id]);
    }
    for (const [kind, ids] of idsByKind) {
      const hooks = this.kinds.get(kind);
      if (!hooks) continue;
      for (const subject of await hooks.load(db, ids, false)) subjects.set(`${kind}:${subject.id}`, subject);
    }
    const list = rows.map((r): ReviewItem => {
      const kind = r.kind as ReviewKindName;
      const subject = subjects.get(`${kind}:${r.subject_id}`);
      const hooks = this.kinds.get(kind);
      return {
        id: r.subject_id,
        kind,
        userId: r.user_id,
        account: r.account,
        realName: r.real_name,
        state: r.state,
        createdAt: r.created_at.toISOString(),
        dueAt: r.due_at.toISOString(),
        reviewedAt: r.reviewed_at?.toISOString() ?? null,
        reviewer: r.reviewer,
        reason: r.reason,
        details: subject && hooks ? hooks.details(subject) : {},
      };
    });
    return { list, total: Number(total.n) };
  }

  /** Queue lengths and the oldest pending item per kind (the back office's dashboard). */
  async pendingSummary(): Promise<
    Array<{ kind: ReviewKindName; pending: number; oldestCreatedAt: string | null; overdue: number }>
  > {
    const now = this.ctx.clock.now();
    const rows = await this.ctx.db
      .selectFrom('reviews')
      .select([
        'kind',
        sql<string>`count(*)::text`.as('pending'),
        sql<Date | null>`min(created_at)`.as('oldest'),
        sql<string>`count(*) FILTER (WHERE due_at < ${now})::text`.as('overdue'),
      ])
      .where('state', '=', 'pending')
      .groupBy('kind')
      .execute();
    return this.registered().map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        pending: Number(row?.pending ?? 0),
        oldestCreatedAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
        overdue: Number(row?.overdue ?? 0),
      };
    });
  }

  /**
   * Decides a pending item: the single decision (a second one finds it no longer pending and
   * changes nothing), what the kind's approval or rejection does, the user's message and the
   * audit entry — all in one transaction. Returns false when the item is unknown or decided.
   */
  async decide(
    kind: ReviewKindName,
    subjectId: number,
    decision: Omit<Decision, 'now'>,
  ): Promise<'decided' | 'not_pending' | 'unknown_kind'> {
    const hooks = this.kinds.get(kind);
    if (!hooks) return 'unknown_kind';
    if (decision.decision === 'reject' && !decision.reason) throw new Error('a rejection needs a reason');
    const { ctx } = this;
    let userId: number | null = null;
    const outcome = await inTransaction(ctx.db, async (trx): Promise<'decided' | 'not_pending'> => {
      const now = ctx.clock.now();
      const taken = await trx
        .updateTable('reviews')
        .set({
          state: decision.decision === 'approve' ? 'approved' : 'rejected',
          reviewer_id: decision.operator.id,
          reviewed_at: now,
          reason: decision.reason,
        })
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .where('state', '=', 'pending')
        .returning('user_id')
        .executeTakeFirst();
      if (!taken) return 'not_pending';
      userId = taken.user_id;
      const [subject] = await hooks.load(trx, [subjectId], true);
      if (!subject) throw new Error(`review ${kind} ${subjectId} has no business row`);
      const full: Decision = { ...decision, now };
      if (decision.decision === 'approve') await hooks.approve(trx, subject, full);
      else await hooks.reject(trx, subject, full);
      await messages.send(
        trx,
        { userId: subject.user_id, kind: 'review_outcome', ...hooks.message(subject, full) },
        now,
      );
      await audit(
        trx,
        {
          operatorId: decision.operator.id,
          action: `${kind}_${decision.decision}`,
          targetType: kind,
          targetId: subjectId,
          reason: decision.reason,
          details: { userId: subject.user_id },
        },
        now,
      );
      return 'decided';
    });
    // A decision may change the account (real-name state): sessions cached on any node read it again.
    if (userId !== null) ctx.sessions.forgetUser(userId);
    return outcome;
  }
}
