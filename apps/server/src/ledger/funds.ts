import { type Currency, parseMinor } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Executor, Tx } from '../db/schema';
import { DomainError } from '../errors';
import { orderNoFor } from './ledger';

/**
 * What every module that moves a user's money shares before it posts to the ledger: the per-user
 * fund lock, reserved ids and business order numbers, and the reading of a typed amount. Deposits,
 * withdrawals, exchanges, loans, IPO subscriptions, block trades, day trading and copy trading
 * use these; none of them reaches into another module for them.
 */

/**
 * The lock key: the user id in the low 32 bits, and a hash of the schema in the high bits so
 * several instances sharing one PostgreSQL database (tests, one schema each) never collide.
 */
const fundLockKey = (userId: number) =>
  sql<string>`((hashtext(current_schema() || '/fund')::bigint << 32) | ${userId}::bigint)`;

/**
 * SPEC §6.4 "another fund operation is in progress": deposits, withdrawals and exchanges of one
 * user take a per-user advisory lock for their transaction and refuse at once when it is held,
 * instead of queueing a second money movement behind the first. Ledger row locks still order
 * everything else; this lock only turns a double submission into a clear answer.
 */
export const fundLock = {
  /** True when this transaction now holds the user's fund lock (released at commit or rollback). */
  async tryTake(trx: Tx, userId: number): Promise<boolean> {
    const result = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${fundLockKey(userId)}) AS locked`.execute(trx);
    return result.rows[0]?.locked === true;
  },
  /** The key as text, for tools (and tests) that hold the lock from another connection. */
  async key(db: Executor, userId: number): Promise<string> {
    const result = await sql<{ key: string }>`SELECT ${fundLockKey(userId)}::text AS key`.execute(db);
    return result.rows[0]!.key;
  },
};

/** Takes the user's fund lock for this transaction or refuses with `fund_operation_busy`. */
export async function takeFundLock(trx: Tx, userId: number): Promise<void> {
  if (!(await fundLock.tryTake(trx, userId))) throw new DomainError('fund_operation_busy');
}

/**
 * An amount the user typed, in minor units. Empty or zero: `amount_required`; not a number or
 * more decimals than the currency has: `bad_request` naming the field.
 */
export function parseAmount(text: string, currency: Currency, field = 'amount'): number {
  if (text === '') throw new DomainError('amount_required', { field });
  const minor = parseMinor(text, currency);
  if (minor === null || minor < 0) throw new DomainError('bad_request', { field });
  if (minor === 0) throw new DomainError('amount_required', { field });
  return minor;
}

/** Reserves the next id of a table, so its order number and ledger references exist before the row. */
export async function nextId(
  trx: Tx,
  table: 'deposits' | 'withdrawals' | 'exchanges' | 'loans',
): Promise<number> {
  const result = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int8 AS id`.execute(trx);
  return Number(result.rows[0]!.id);
}

/** Order numbers of deposits (D…) and withdrawals (W…), in the ledger's style. */
export const businessOrderNo = (prefix: 'D' | 'W' | 'L' | 'C', now: Date, id: number) =>
  `${prefix}${orderNoFor(now, id)}`;
