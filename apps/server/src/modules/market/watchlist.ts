import { WATCHLIST_MAX } from '@kabuto/contract';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { DB, Executor } from '../../db/schema';
import { DomainError } from '../../errors';

async function codesOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist')
    .select('code')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.code);
}

/** Locks the user's row so concurrent watchlist edits of one user run one after another. */
async function lockUser(trx: Executor, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

/** The watchlist (SPEC §2 /quotes/self): per user, ordered, each code once. */
export const watchlist = {
  codes: codesOf,

  /** Appends a code; adding one that is already there changes nothing. */
  async add(db: DB, userId: number, code: string, now: Date): Promise<string[]> {
    return inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const codes = await codesOf(trx, userId);
      if (codes.includes(code)) return codes;
      if (codes.length >= WATCHLIST_MAX)
        throw new DomainError('bad_request', { field: 'code', limit: WATCHLIST_MAX });
      const next = await trx
        .selectFrom('watchlist')
        .select(sql<number>`coalesce(max(position), 0) + 1`.as('position'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('watchlist')
        .values({ user_id: userId, code, position: Number(next.position), created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'code']).doNothing())
        .execute();
      return [...codes, code];
    });
  },

  async remove(db: DB, userId: number, code: string): Promise<string[]> {
    return inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const removed = await trx
        .deleteFrom('watchlist')
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new DomainError('not_found', { field: 'code' });
      return codesOf(trx, userId);
    });
  },

  /**
   * Puts the given codes first, in the given order; the others follow in their current order.
   * Every code must be on the list and appear once, else nothing changes.
   */
  async reorder(db: DB, userId: number, order: readonly string[]): Promise<string[]> {
    return inTransaction(db, async (trx) => {
      await lockUser(trx, userId);
      const codes = await codesOf(trx, userId);
      if (new Set(order).size !== order.length)
        throw new DomainError('bad_request', { field: 'codes', reason: 'duplicate' });
      const missing = order.filter((c) => !codes.includes(c));
      if (missing.length > 0) throw new DomainError('bad_request', { field: 'codes', codes: missing });
      const next = [...order, ...codes.filter((c) => !order.includes(c))];
      const positions = next.map((_, i) => i + 1);
      await sql`
        UPDATE watchlist SET position = v.position
        FROM unnest(${next}::text[], ${positions}::int[]) AS v(code, position)
        WHERE watchlist.user_id = ${userId} AND watchlist.code = v.code`.execute(trx);
      return next;
    });
  },
};
