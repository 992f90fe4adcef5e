import {
  type Currency,
  type LoanView,
  type loanCall,
  minorToDecimal,
  type ParsedRequestOf,
  type repayCall,
} from '@kabuto/contract';
import { CREDIT_SCORE_CHANGES, loanableQuotaMinor, localDateIn } from '@kabuto/domain';
import Decimal from 'decimal.js';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, LoansTable, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, nextId, parseAmount, takeFundLock } from '../../ledger/funds';
import { postTransaction, userBalances } from '../../ledger/ledger';
import { isUniqueViolation } from '../identity/port';
import { messages, moneyParam, reviewOutcome } from '../messages/port';
import { decided, type ReviewKindHooks, type ReviewQueue, reviewedBy } from '../reviews/port';
import type { UsersContext } from '../users/port';
import { recordCreditEvent } from '../users/port';

export type Loan = Selectable<LoansTable>;

/** Loans are in yen (the credit cap and tiers are set in yen; docs/decisions.md). */
export const LOAN_CURRENCY: Currency = 'JPY';
/** A loan application is promised a decision within this many hours. */
export const LOAN_REVIEW_HOURS = 24;
/** Interest accrues once a day, at this Tokyo time, for the day that ended. */
export const LOAN_INTEREST_AT = '00:05';
const TOKYO = 'Asia/Tokyo';

export interface LoansContext extends UsersContext {
  reviewQueue: ReviewQueue;
}

const money = (minor: number) => minorToDecimal(minor, LOAN_CURRENCY);

/** Principal and interest owed on a live loan; nothing on one that is pending, rejected or repaid. */
export function outstandingMinor(loan: Loan): number {
  return loan.state === 'active' || loan.state === 'overdue' ? loan.amount_minor + loan.interest_minor : 0;
}

export function loanView(loan: Loan): LoanView {
  return {
    id: loan.id,
    orderNo: loan.order_no,
    currency: LOAN_CURRENCY,
    amount: money(loan.amount_minor),
    interest: money(loan.interest_minor),
    outstanding: money(outstandingMinor(loan)),
    dailyRateBps: loan.daily_rate_bps,
    termDays: loan.term_days,
    state: loan.state,
    reason: loan.reason,
    createdAt: loan.created_at.toISOString(),
    startedAt: loan.started_at?.toISOString() ?? null,
    maturesAt: loan.matures_at?.toISOString() ?? null,
    repaidAt: loan.repaid_at?.toISOString() ?? null,
  };
}

/** A day's interest on the principal, rounded down to the yen (SPEC §6.4: daily at the configured rate). */
export function dailyInterestMinor(principalMinor: number, dailyRateBps: number): number {
  return new Decimal(principalMinor).times(dailyRateBps).dividedBy(10_000).floor().toNumber();
}

async function openLoan(db: Executor, userId: number, forUpdate = false): Promise<Loan | undefined> {
  let query = db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['pending', 'active', 'overdue']);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * SPEC §6.4 loanable quota: min(configured cap, score-tier ratio × net assets) less what is owed.
 * Net assets are the yen wallet's available and frozen funds less the debt.
 */
async function quotaMinor(ctx: AppContext, db: Executor, user: { id: number; credit_score: number | null }) {
  if (user.credit_score === null) return 0;
  const b = (await userBalances(db, user.id))[LOAN_CURRENCY];
  const frozen = Object.values(b.frozen).reduce((sum, v) => sum + v, 0);
  const owed = -b.debt;
  const netAssets = b.available + frozen - owed;
  const quota = loanableQuotaMinor({
    capMinor: ctx.config.loanCapMinor,
    creditScore: user.credit_score,
    netAssetsMinor: Math.max(0, netAssets),
  });
  return Math.max(0, quota - owed);
}

export async function loanInfo(ctx: AppContext, user: User) {
  const [fresh, loan, history] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select(['id', 'credit_score'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow(),
    openLoan(ctx.db, user.id),
    ctx.db
      .selectFrom('credit_events')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
  ]);
  const owed = loan ? outstandingMinor(loan) : 0;
  return {
    currency: LOAN_CURRENCY,
    creditScore: fresh.credit_score,
    loanableQuota: money(await quotaMinor(ctx, ctx.db, fresh)),
    borrowed: money(loan && owed > 0 ? loan.amount_minor : 0),
    interest: money(loan && owed > 0 ? loan.interest_minor : 0),
    outstanding: money(owed),
    dailyRateBps: ctx.config.loanDailyRateBps,
    termDays: ctx.config.loanTermDays,
    scoreEvents: Object.entries(CREDIT_SCORE_CHANGES).map(([event, points]) => ({ event, points })),
    history: history.map((e) => ({
      event: e.event,
      points: e.points,
      scoreAfter: e.score_after,
      memo: e.memo,
      createdAt: e.created_at.toISOString(),
    })),
    current: loan ? loanView(loan) : null,
  };
}

export async function listLoans(ctx: AppContext, userId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db
      .selectFrom('loans')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(loanView), page, size, total: Number(total.n) };
}

/**
 * SPEC §6.4 apply: verified users only (the score starts there), the fund password, an amount up
 * to the quota (`loan_quota_insufficient`); one open loan at a time. Nothing moves until a
 * reviewer approves.
 */
export async function applyForLoan(ctx: LoansContext, user: User, body: ParsedRequestOf<typeof loanCall>) {
  if (user.kyc_state !== 'verified') throw new DomainError('kyc_required');
  const amountMinor = parseAmount(body.amount, LOAN_CURRENCY);
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const now = ctx.clock.now();
  try {
    const loan = await inTransaction(ctx.db, async (trx) => {
      await takeFundLock(trx, user.id);
      const open = await openLoan(trx, user.id);
      if (open?.state === 'pending') throw new DomainError('pending_review');
      if (open) throw new DomainError('loan_unpaid');
      const fresh = await trx
        .selectFrom('users')
        .select(['id', 'credit_score'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const quota = await quotaMinor(ctx, trx, fresh);
      if (amountMinor > quota)
        throw new DomainError('loan_quota_insufficient', { field: 'amount', quota: money(quota) });
      const id = await nextId(trx, 'loans');
      const dueAt = new Date(now.getTime() + LOAN_REVIEW_HOURS * 3_600_000);
      const row = await trx
        .insertInto('loans')
        .values({
          id,
          user_id: user.id,
          order_no: businessOrderNo('L', now, id),
          currency: LOAN_CURRENCY,
          amount_minor: amountMinor,
          daily_rate_bps: ctx.config.loanDailyRateBps,
          term_days: ctx.config.loanTermDays,
          reason: null,
          reviewer_id: null,
          reviewed_at: null,
          due_at: dueAt,
          started_at: null,
          matures_at: null,
          repaid_at: null,
          credit_transaction_id: null,
          repay_transaction_id: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.reviewQueue.submit(trx, { kind: 'loan', subjectId: id, userId: user.id, dueAt }, now);
      return row;
    });
    return loanView(loan);
  } catch (error) {
    if (isUniqueViolation(error, 'loans_one_open')) throw new DomainError('pending_review');
    throw error;
  }
}

/**
 * SPEC §6.4 repay: the whole outstanding debt with interest (`repay_too_small` below it), from
 * available funds, with the fund password. Repaid by the end of the term: an on-time repayment
 * (a credit-score event). Withdrawals are allowed again at once.
 */
export async function repayLoan(ctx: AppContext, user: User, body: ParsedRequestOf<typeof repayCall>) {
  const offeredMinor = parseAmount(body.amount, LOAN_CURRENCY);
  const current = await openLoan(ctx.db, user.id);
  if (!current || current.state === 'pending') throw new DomainError('not_found', { field: 'loan' });
  if (offeredMinor < outstandingMinor(current))
    throw new DomainError('repay_too_small', {
      field: 'amount',
      outstanding: money(outstandingMinor(current)),
    });
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const now = ctx.clock.now();
  const repaid = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const loan = await openLoan(trx, user.id, true);
    if (!loan || loan.state === 'pending') throw new DomainError('not_found', { field: 'loan' });
    const owed = outstandingMinor(loan);
    // Interest may have accrued since the amount was typed.
    if (offeredMinor < owed)
      throw new DomainError('repay_too_small', { field: 'amount', outstanding: money(owed) });
    const posted = await postTransaction(
      trx,
      {
        kind: 'loan_repay',
        userId: user.id,
        refType: 'loan',
        refId: loan.id,
        memo: `loan ${loan.order_no}`,
        postings: [
          { userId: user.id, account: 'available', currency: LOAN_CURRENCY, amountMinor: -owed },
          { userId: user.id, account: 'debt', currency: LOAN_CURRENCY, amountMinor: owed },
        ],
      },
      now,
    );
    const onTime = loan.state === 'active';
    const row = await trx
      .updateTable('loans')
      .set({ state: 'repaid', repaid_at: now, repay_transaction_id: posted.transactionId })
      .where('id', '=', loan.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (onTime) await recordCreditEvent(trx, user.id, 'on_time_repayment', now, { memo: loan.order_no });
    return row;
  });
  return loanView(repaid);
}

/** SPEC §9 review queue 'loan': approval credits the wallet and records the debt; rejection moves nothing. */
export const loanReview: ReviewKindHooks<Loan> = {
  kind: 'loan',
  async load(db, ids, forUpdate) {
    let query = db.selectFrom('loans').selectAll().where('id', 'in', ids);
    if (forUpdate) query = query.forUpdate();
    return query.execute();
  },
  details: (l) => ({
    orderNo: l.order_no,
    currency: l.currency,
    amount: money(l.amount_minor),
    dailyRateBps: l.daily_rate_bps,
    termDays: l.term_days,
  }),
  async approve(trx, loan, decision) {
    const { now } = decision;
    const posted = await postTransaction(
      trx,
      {
        kind: 'loan_credit',
        userId: loan.user_id,
        refType: 'loan',
        refId: loan.id,
        memo: `loan ${loan.order_no}`,
        postings: [
          { userId: loan.user_id, account: 'debt', currency: LOAN_CURRENCY, amountMinor: -loan.amount_minor },
          {
            userId: loan.user_id,
            account: 'available',
            currency: LOAN_CURRENCY,
            amountMinor: loan.amount_minor,
          },
        ],
      },
      now,
    );
    await trx
      .updateTable('loans')
      .set({
        ...decided(decision),
        state: 'active',
        started_at: now,
        matures_at: new Date(now.getTime() + loan.term_days * 86_400_000),
        credit_transaction_id: posted.transactionId,
      })
      .where('id', '=', loan.id)
      .execute();
  },
  async reject(trx, loan, decision) {
    await trx
      .updateTable('loans')
      .set({ ...reviewedBy(decision), state: 'rejected' })
      .where('id', '=', loan.id)
      .execute();
  },
  message: (loan, decision) =>
    reviewOutcome('loan', decision, {
      order: loan.order_no,
      approved: { amount: moneyParam(loan.amount_minor, LOAN_CURRENCY), days: { count: loan.term_days } },
    }),
};

/**
 * The daily interest job (SPEC §6.4): each live loan accrues one day's interest on its principal
 * for the Tokyo day that ended, through the ledger (the debt grows, the house's loan account
 * earns it), once per loan and day (`loan_accruals`). A loan past its term becomes overdue once,
 * with a message and the credit-score event. Safe to run again for the same day.
 */
export async function accrueInterest(ctx: AppContext, dueAt: Date): Promise<string> {
  const day = localDateIn(TOKYO, new Date(dueAt.getTime() - 60_000));
  const live = await ctx.db
    .selectFrom('loans')
    .select('id')
    .where('state', 'in', ['active', 'overdue'])
    .where('started_at', '<', dueAt)
    .execute();
  let accrued = 0;
  let overdue = 0;
  for (const { id } of live) {
    await inTransaction(ctx.db, async (trx: Tx) => {
      const loan = await trx
        .selectFrom('loans')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!loan || (loan.state !== 'active' && loan.state !== 'overdue')) return;
      const claimed = await trx
        .insertInto('loan_accruals')
        .values({ loan_id: loan.id, day, amount_minor: 0, transaction_id: null })
        .onConflict((oc) => oc.columns(['loan_id', 'day']).doNothing())
        .returning('loan_id')
        .executeTakeFirst();
      if (claimed) {
        const interest = dailyInterestMinor(loan.amount_minor, loan.daily_rate_bps);
        if (interest > 0) {
          const posted = await postTransaction(
            trx,
            {
              kind: 'loan_interest',
              userId: loan.user_id,
              refType: 'loan',
              refId: loan.id,
              memo: `loan ${loan.order_no} interest ${day}`,
              postings: [
                { userId: loan.user_id, account: 'debt', currency: LOAN_CURRENCY, amountMinor: -interest },
                { userId: 0, account: 'house:loans', currency: LOAN_CURRENCY, amountMinor: interest },
              ],
            },
            dueAt,
          );
          await trx
            .updateTable('loan_accruals')
            .set({ amount_minor: interest, transaction_id: posted.transactionId })
            .where('loan_id', '=', loan.id)
            .where('day', '=', day)
            .execute();
          await trx
            .updateTable('loans')
            .set({ interest_minor: loan.interest_minor + interest })
            .where('id', '=', loan.id)
            .execute();
        }
        accrued++;
      }
      if (loan.state === 'active' && loan.matures_at && loan.matures_at.getTime() <= dueAt.getTime()) {
        await trx.updateTable('loans').set({ state: 'overdue' }).where('id', '=', loan.id).execute();
        await recordCreditEvent(trx, loan.user_id, 'overdue', dueAt, { memo: loan.order_no });
        await messages.send(
          trx,
          {
            userId: loan.user_id,
            kind: 'loan_overdue',
            template: { key: 'loan_overdue', params: { order: { text: loan.order_no } } },
          },
          dueAt,
        );
        overdue++;
      }
    });
  }
  return `${accrued} accrued for ${day}, ${overdue} overdue`;
}

export const LOAN_INTEREST_SCHEDULE = { kind: 'daily', at: LOAN_INTEREST_AT, timeZone: TOKYO } as const;
