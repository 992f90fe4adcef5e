import { type Currency, type ErrorKey, minorToDecimal, parseMinor, REVIEW_STATUS } from '@kabuto/contract';
import { amountRefusal, inFundWindow } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { orderNoFor } from '../../ledger/ledger';
import type { MarketService } from '../../market/types';
import type { OpenPositionsPort } from '../../ports';
import type { FileService } from '../../storage/files';
import type { ReviewQueue } from '../reviews/queue';
import type { FundRecordView } from '../users/service';
import type { ReviewState } from './tables';

/** What the money module's code works with: the platform and the ports it depends on. */
export interface MoneyContext extends AppContext {
  /** FX rates for exchanges. */
  market: MarketService;
  /** Deposit receipts. */
  files: FileService;
  reviewQueue: ReviewQueue;
  /** SPEC §6.4: withdrawals are refused while positions are open. */
  openPositions: OpenPositionsPort;
}

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

export async function takeFundLock(trx: Tx, userId: number): Promise<void> {
  if (!(await fundLock.tryTake(trx, userId))) throw new DomainError('fund_operation_busy');
}

/** SPEC §6.4, §11: deposits on business days, withdrawals business days 09:00–15:30 Tokyo; `always` skips the window. */
export function assertFundWindow(ctx: AppContext, kind: 'deposit' | 'withdrawal'): void {
  if (ctx.config.fundHours === 'always') return;
  if (!inFundWindow(kind, ctx.clock.now())) throw new DomainError('outside_fund_hours', { window: kind });
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

export function assertWithin(
  amountMinor: number,
  minMinor: number,
  maxMinor: number,
  field = 'amount',
): void {
  const refusal = amountRefusal(amountMinor, minMinor, maxMinor);
  if (refusal?.key === 'amount_below_min') throw new DomainError(refusal.key, { field, min: refusal.min });
  if (refusal?.key === 'amount_above_max') throw new DomainError(refusal.key, { field, max: refusal.max });
}

export const reviewStatus = (state: ReviewState) => REVIEW_STATUS[state];

/**
 * Fails loudly when a call answers a refusal outside its published list (SPEC §0.3: withdrawal
 * is refused only for the published reasons). Checked outside production, where tests run.
 */
export async function onlyRefusals<T>(
  call: string,
  allowed: readonly ErrorKey[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof DomainError &&
      !allowed.includes(error.key) &&
      process.env.NODE_ENV !== 'production'
    ) {
      throw new Error(`${call} refused with "${error.key}", which is not in its published list of refusals`);
    }
    throw error;
  }
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

/** A page of a user's deposits or withdrawals as fund records (SPEC §0.2), newest first. */
export function businessFundRecords<
  Row extends { id: number; currency: string; order_no: string; state: ReviewState; created_at: Date },
>(
  rows: Array<Row & { balance_after_minor: number | null }>,
  total: { n: string },
  view: (
    row: Row,
    currency: Currency,
  ) => Pick<FundRecordView, 'kind' | 'amount' | 'frozenChange' | 'memo' | 'movements'>,
): { list: FundRecordView[]; total: number } {
  const list = rows.map((r): FundRecordView => {
    const currency = r.currency as Currency;
    return {
      id: r.id,
      orderNo: r.order_no,
      currency,
      ...view(r, currency),
      balanceAfter: r.balance_after_minor === null ? '-' : minorToDecimal(r.balance_after_minor, currency),
      state: r.state,
      createdAt: r.created_at.toISOString(),
    };
  });
  return { list, total: Number(total.n) };
}
