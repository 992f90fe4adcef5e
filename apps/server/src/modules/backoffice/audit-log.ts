import { admin } from '@kabuto/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { adminCall } from './http';
import { likePattern } from './users';

type Filters = z.output<typeof admin.audit.zAuditFilters>;

/** Most rows one CSV export holds (CONVENTIONS §11). */
const EXPORT_MAX = 10_000;

function filtered(ctx: AppContext, f: Filters) {
  let query = ctx.db.selectFrom('audit_log as l').leftJoin('operators as o', 'o.id', 'l.operator_id');
  if (f.action) query = query.where('l.action', '=', f.action);
  if (f.operator) query = query.where('o.username', '=', f.operator);
  if (f.from) query = query.where('l.created_at', '>=', new Date(f.from));
  if (f.to) query = query.where('l.created_at', '<', new Date(f.to));
  if (f.q) {
    const pattern = likePattern(f.q);
    query = query.where((eb) =>
      eb.or([
        eb('l.target_id', 'ilike', pattern),
        eb('l.reason', 'ilike', pattern),
        eb('l.action', 'ilike', pattern),
        eb(sql`l.details::text`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

const columns = [
  'l.id',
  'l.action',
  'l.target_type',
  'l.target_id',
  'l.reason',
  'l.details',
  'l.created_at',
  'o.username',
] as const;

/**
 * The audit log (SPEC §0.6): searchable and exportable; there is no call that edits or deletes
 * an entry, and the table refuses UPDATE and DELETE itself (migration 0500).
 */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.audit.search, async ({ query }) => {
    const base = filtered(ctx, query);
    const [rows, total] = await Promise.all([
      base
        .select(columns)
        .orderBy('l.id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        operator: r.username,
        action: r.action,
        targetType: r.target_type,
        targetId: r.target_id,
        reason: r.reason,
        details: r.details,
        createdAt: r.created_at.toISOString(),
      })),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.audit.csv, async ({ query, reply }) => {
    const rows = await filtered(ctx, query)
      .select(columns)
      .orderBy('l.id', 'desc')
      .limit(EXPORT_MAX)
      .execute();
    const csv = stringify(
      rows.map((r) => [
        r.id,
        r.created_at.toISOString(),
        r.username ?? '',
        r.action,
        r.target_type,
        r.target_id,
        r.reason ?? '',
        JSON.stringify(r.details ?? {}),
      ]),
      {
        header: true,
        columns: ['id', 'time', 'operator', 'action', 'target_type', 'target_id', 'reason', 'details'],
        // A cell a spreadsheet would run as a formula is quoted as text (CSV injection).
        cast: { string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) },
      },
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'private, no-store')
      .send(`\uFEFF${csv}`);
  });
}
