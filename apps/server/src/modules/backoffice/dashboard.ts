import { admin, type Currency, minorToDecimal } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { checkInvariant } from '../../ledger/ledger';
import { audit } from '../admin/port';
import { adminCall } from './http';

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The start of the current day in Tokyo (the business day of SPEC §6.4). */
export function tokyoDayStart(now: Date): Date {
  const local = now.getTime() + TOKYO_OFFSET_MS;
  return new Date(local - (local % 86_400_000) - TOKYO_OFFSET_MS);
}

/** Runs the ledger invariant check (ARCHITECTURE "Data") and keeps its result. */
export async function recordInvariantCheck(ctx: AppContext) {
  const report = await checkInvariant(ctx.db);
  const checkedAt = ctx.clock.now();
  await ctx.db
    .insertInto('invariant_checks')
    .values({ ok: report.ok, report: JSON.stringify(report), checked_at: checkedAt })
    .execute();
  return { ok: report.ok, report, checkedAt: checkedAt.toISOString() };
}

/** Pending items per kind of the one review queue, with the oldest wait and the promises missed. */
async function queues(ctx: AppContext, kinds: readonly string[]) {
  const now = ctx.clock.now();
  const rows = await sql<{
    kind: string;
    pending: string;
    oldest: Date | null;
    next_due: Date | null;
    overdue: string;
  }>`
    SELECT kind, count(*)::text AS pending, min(created_at) AS oldest, min(due_at) AS next_due,
           count(*) FILTER (WHERE due_at < ${now})::text AS overdue
    FROM reviews WHERE state = 'pending' GROUP BY kind`.execute(ctx.db);
  const byKind = new Map(rows.rows.map((r) => [r.kind, r]));
  return kinds.map((kind) => {
    const r = byKind.get(kind);
    return {
      kind,
      pending: Number(r?.pending ?? 0),
      oldestCreatedAt: r?.oldest ? new Date(r.oldest).toISOString() : null,
      oldestDueAt: r?.next_due ? new Date(r.next_due).toISOString() : null,
      overdue: Number(r?.overdue ?? 0),
    };
  });
}

async function today(ctx: AppContext) {
  const since = tokyoDayStart(ctx.clock.now());
  // Money that crossed the bank clearing account today: deposits in, withdrawals paid out.
  const flows = await sql<{ kind: string; currency: string; total: string; n: string }>`
    SELECT t.kind, a.currency, (-SUM(p.amount_minor))::text AS total, count(DISTINCT t.id)::text AS n
    FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = 0 AND a.name = 'house:bank'
    WHERE t.created_at >= ${since} AND t.kind IN ('deposit', 'withdrawal_paid')
    GROUP BY t.kind, a.currency ORDER BY a.currency`.execute(ctx.db);
  const orders = await ctx.db
    .selectFrom('positions')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const flow = (kind: string, sign: 1 | -1) =>
    flows.rows
      .filter((r) => r.kind === kind)
      .map((r) => ({
        currency: r.currency,
        count: Number(r.n),
        amount: minorToDecimal(sign * Number(r.total), r.currency as Currency),
      }));
  return {
    since: since.toISOString(),
    deposits: flow('deposit', 1),
    withdrawals: flow('withdrawal_paid', -1),
    orders: Number(orders.n),
  };
}

async function houseBalances(ctx: AppContext) {
  const rows = await sql<{ name: string; currency: string; total: string }>`
    SELECT a.name, a.currency, SUM(p.amount_minor)::text AS total
    FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
    WHERE a.user_id = 0
    GROUP BY a.name, a.currency
    HAVING SUM(p.amount_minor) <> 0
    ORDER BY a.name, a.currency`.execute(ctx.db);
  return rows.rows.map((r) => ({
    account: r.name,
    currency: r.currency,
    balance: minorToDecimal(Number(r.total), r.currency as Currency),
  }));
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.dashboard.dashboard, async () => {
    const last = await ctx.db
      .selectFrom('invariant_checks')
      .select(['ok', 'report', 'checked_at'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      now: ctx.clock.now().toISOString(),
      queues: await queues(ctx, app.reviewQueue.registered()),
      today: await today(ctx),
      house: await houseBalances(ctx),
      invariant: last ? { ok: last.ok, report: last.report, checkedAt: last.checked_at.toISOString() } : null,
    };
  });

  adminCall(app, admin.dashboard.invariantCheck, async ({ operator }) => {
    const result = await recordInvariantCheck(ctx);
    await audit(
      ctx.db,
      {
        operatorId: operator.id,
        action: 'invariant_check',
        targetType: 'ledger',
        targetId: 'all',
        reason: null,
        details: { ok: result.ok },
      },
      ctx.clock.now(),
    );
    return result;
  });
}
