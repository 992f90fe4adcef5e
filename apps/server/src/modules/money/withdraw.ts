import {
  CURRENCIES,
  type Currency,
  type ErrorKey,
  MARKET_CURRENCY,
  minorToDecimal,
  type ParsedRequestOf,
  type withdrawalListCall,
  type withdrawCall,
} from '@kabuto/contract';
import { nextBusinessDayEnd, withdrawalRefusal } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, nextId, parseAmount, takeFundLock } from '../../ledger/funds';
import { placeHold, releaseHold, settleHold } from '../../ledger/holds';
import { availableBalanceAfter, HOUSE, userBalances } from '../../ledger/ledger';
import type { BankCard } from '../identity/port';
import { findCard, isUniqueViolation, maskCardNumber } from '../identity/port';
import { moneyParam, reviewOutcome } from '../messages/port';
import { type Decision, decided, type ReviewKindHooks } from '../reviews/port';
import { movementsOf } from '../users/port';
import {
  assertFundWindow,
  assertWithin,
  businessFundRecords,
  type MoneyContext,
  onlyRefusals,
  reviewStatus,
} from './common';
import type { Withdrawal } from './tables';

/**
 * SPEC §0.3, §6.4: every refusal `/user/withdraw` can answer, and nothing else. The call fails
 * loudly (outside production) if it ever refuses with a key that is not here, and a test keeps
 * this list and the published one equal.
 */
export const WITHDRAW_REFUSALS = [
  // The request itself.
  'bad_request',
  'amount_required',
  'amount_below_min',
  'amount_above_max',
  'outside_fund_hours',
  // Who may withdraw where.
  'kyc_required',
  'card_missing',
  'fund_password_unset',
  'fund_password_wrong',
  'locked_out',
  // The account's state.
  'account_blocked',
  'close_positions_first',
  'loan_unpaid',
  'pending_review',
  'fund_operation_busy',
  'balance_insufficient',
  // Any call: no session (HTTP 401), or a repeated Idempotency-Key while the first is running.
  'session_expired',
  'too_frequent',
] as const satisfies readonly ErrorKey[];

/** SPEC §6.4 arrival: within 24 hours, or by midnight of the next business day, whichever is later. */
export function withdrawalDue(now: Date): Date {
  const dayLater = now.getTime() + 24 * 3_600_000;
  return new Date(Math.max(dayLater, nextBusinessDayEnd(now).getTime()));
}

/** Withdrawals pay out in currencies with a configured minimum (the market currencies by default). */
function limitsOf(ctx: AppContext, currency: Currency): { minMinor: number; maxMinor: number } {
  const minMinor = ctx.config.withdrawMinMinor[currency];
  const maxMinor = ctx.config.withdrawMaxMinor[currency];
  if (minMinor === undefined || maxMinor === undefined)
    throw new DomainError('bad_request', { field: 'currency' });
  return { minMinor, maxMinor };
}

/** The account-state rules, checked before the fund password and again under the lock. */
async function assertAccountAllows(
  ctx: MoneyContext,
  db: Executor,
  userId: number,
  currency: Currency,
  amountMinor: number,
): Promise<void> {
  const pending = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  const allowOpenPositions = ctx.config.withdrawWithOpenPositions;
  // Read inside this transaction: the embedded database has a single connection.
  const openPositions = allowOpenPositions ? 0 : await ctx.openPositions.count(db, userId);
  const balances = await userBalances(db, userId);
  const refusal = withdrawalRefusal({
    pendingWithdrawal: Boolean(pending),
    openPositions,
    allowOpenPositions,
    owingCurrencies: CURRENCIES.filter((c) => balances[c].debt < 0),
    availableMinor: balances[currency].available,
    amountMinor,
  });
  if (!refusal) return;
  switch (refusal.key) {
    case 'close_positions_first':
      throw new DomainError(refusal.key, { positions: refusal.positions });
    case 'loan_unpaid':
      throw new DomainError(refusal.key, { currencies: refusal.currencies });
    case 'balance_insufficient':
      throw new DomainError(refusal.key, { currency });
    default:
      throw new DomainError(refusal.key);
  }
}

/**
 * SPEC §6.4 withdrawal. Refused only for the published reasons (WITHDRAW_REFUSALS); a credit
 * score never blocks it (§0.3). The amount moves available → frozen:withdrawal in the same
 * transaction as the withdrawal row.
 */
export function requestWithdrawal(ctx: MoneyContext, user: User, body: ParsedRequestOf<typeof withdrawCall>) {
  return onlyRefusals('/user/withdraw', WITHDRAW_REFUSALS, async () => {
    assertFundWindow(ctx, 'withdrawal');
    const currency = body.currency ?? MARKET_CURRENCY[body.type];
    const { minMinor, maxMinor } = limitsOf(ctx, currency);
    const amountMinor = parseAmount(body.amount, currency);
    assertWithin(amountMinor, minMinor, maxMinor);
    if (user.kyc_state !== 'verified') throw new DomainError('kyc_required');
    const card = body.card_id === undefined ? null : await findCard(ctx.db, user.id, body.card_id);
    if (!card) throw new DomainError('card_missing', { field: 'card_id' });
    await assertAccountAllows(ctx, ctx.db, user.id, currency, amountMinor);
    await verifyFundPassword(ctx, user.id, body.fund_password);

    const now = ctx.clock.now();
    try {
      const withdrawal = await inTransaction(ctx.db, async (trx) => {
        await takeFundLock(trx, user.id);
        await assertAccountAllows(ctx, trx, user.id, currency, amountMinor);
        const id = await nextId(trx, 'withdrawals');
        const orderNo = businessOrderNo('W', now, id);
        const hold = await placeHold(
          trx,
          {
            userId: user.id,
            currency,
            purpose: 'withdrawal',
            amountMinor,
            kind: 'withdrawal_freeze',
            refType: 'withdrawal',
            refId: id,
            memo: `withdrawal ${orderNo}`,
          },
          now,
        );
        const dueAt = withdrawalDue(now);
        const row = await trx
          .insertInto('withdrawals')
          .values({
            id,
            user_id: user.id,
            order_no: orderNo,
            card_id: card.id,
            currency,
            amount_minor: amountMinor,
            reason: null,
            reviewer_id: null,
            reviewed_at: null,
            due_at: dueAt,
            freeze_transaction_id: hold.transactionId,
            settle_transaction_id: null,
            hold_id: hold.holdId,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ctx.reviewQueue.submit(trx, { kind: 'withdrawal', subjectId: id, userId: user.id, dueAt }, now);
        return row;
      });
      return withdrawalView(withdrawal, card);
    } catch (error) {
      if (isUniqueViolation(error, 'withdrawals_one_pending')) throw new DomainError('pending_review');
      throw error;
    }
  });
}

export function withdrawalView(w: Withdrawal, card: BankCard) {
  const currency = w.currency as Currency;
  return {
    id: w.id,
    orderNo: w.order_no,
    currency,
    money: minorToDecimal(w.amount_minor, currency),
    status: reviewStatus(w.state),
    state: w.state,
    card: {
      id: card.id,
      holder: card.holder,
      cardNumber: maskCardNumber(card.card_number),
      institution: card.institution,
    },
    reason: w.reason,
    createdAt: w.created_at.toISOString(),
    reviewedAt: w.reviewed_at?.toISOString() ?? null,
    dueAt: w.due_at.toISOString(),
  };
}

async function withCards(db: Executor, rows: Withdrawal[]) {
  if (rows.length === 0) return [];
  const cards = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where(
      'id',
      'in',
      rows.map((r) => r.card_id),
    )
    .execute();
  const byId = new Map(cards.map((c) => [c.id, c]));
  return rows.map((r) => withdrawalView(r, byId.get(r.card_id)!));
}

/**
 * The seed's `/user/withdrawallist`: in the market currency of `type` (or the currency given),
 * so the client's frozen formula over pending items equals the ledger's frozen:withdrawal.
 */
export async function listWithdrawals(
  ctx: AppContext,
  userId: number,
  body: ParsedRequestOf<typeof withdrawalListCall>,
) {
  const currency = body.currency ?? MARKET_CURRENCY[body.type];
  const rows = await ctx.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .orderBy('id', 'desc')
    .limit(body.size)
    .offset((body.page - 1) * body.size)
    .execute();
  return withCards(ctx.db, rows);
}

/** SPEC §0.2 fund records, withdrawals tab: signed amount, what is still frozen, state. */
export async function withdrawalFundRecords(ctx: AppContext, userId: number, page: number, size: number) {
  const rows = await ctx.db
    .selectFrom('withdrawals as w')
    .selectAll('w')
    .select(availableBalanceAfter('w.freeze_transaction_id', userId).as('balance_after_minor'))
    .where('w.user_id', '=', userId)
    .orderBy('w.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = await ctx.db
    .selectFrom('withdrawals')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const movements = await movementsOf(ctx, userId, rows, (r) => [
    r.freeze_transaction_id,
    r.settle_transaction_id,
  ]);
  return businessFundRecords(rows, total, (r, currency) => ({
    kind: 'withdrawal',
    amount: minorToDecimal(-r.amount_minor, currency),
    frozenChange: minorToDecimal(r.state === 'pending' ? r.amount_minor : 0, currency),
    movements: movements(r, currency),
    memo: r.state === 'rejected' ? r.reason : null,
  }));
}

/** SPEC §9 review queue 'withdrawal': approval pays the held amount out (→ house:bank); rejection releases it. */
export const withdrawalReview: ReviewKindHooks<WithdrawalUnderReview> = {
  kind: 'withdrawal',
  async load(db, ids, forUpdate) {
    let query = db
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .innerJoin('bank_cards as c', 'c.id', 'w.card_id')
      .selectAll('w')
      .select([
        'u.real_name',
        'c.holder',
        'c.card_number',
        'c.card_type',
        'c.institution',
        'c.branch',
        'c.branch_code',
      ])
      .where('w.id', 'in', ids);
    if (forUpdate) query = query.forUpdate('w');
    return query.execute();
  },
  details: (w) => ({
    orderNo: w.order_no,
    currency: w.currency,
    amount: minorToDecimal(w.amount_minor, w.currency as Currency),
    realName: w.real_name,
    // The reviewer pays out, so sees the whole card.
    card: {
      holder: w.holder,
      cardNumber: w.card_number,
      cardType: w.card_type,
      institution: w.institution,
      branch: w.branch,
      branchCode: w.branch_code,
    },
  }),
  async approve(trx, w, decision) {
    const { now } = decision;
    const settled = await settleHold(
      trx,
      holdOf(w),
      {
        kind: 'withdrawal_paid',
        memo: `withdrawal ${w.order_no}`,
        to: [
          {
            userId: HOUSE,
            account: 'house:bank',
            currency: w.currency as Currency,
            amountMinor: w.amount_minor,
          },
        ],
      },
      now,
    );
    await recordSettlement(trx, w.id, settled.transactionId, decision);
  },
  async reject(trx, w, decision) {
    const { now } = decision;
    const released = await releaseHold(
      trx,
      holdOf(w),
      { kind: 'withdrawal_release', memo: `withdrawal ${w.order_no}` },
      now,
    );
    await recordSettlement(trx, w.id, released.transactionId, decision);
  },
  message: (w, decision) =>
    reviewOutcome('withdrawal', decision, {
      order: w.order_no,
      approved: { amount: moneyParam(w.amount_minor, w.currency as Currency) },
    }),
};

type WithdrawalUnderReview = Withdrawal &
  Pick<BankCard, 'holder' | 'card_number' | 'card_type' | 'institution' | 'branch' | 'branch_code'> & {
    real_name: string | null;
  };

function holdOf(w: Withdrawal): number {
  if (w.hold_id === null) throw new Error(`withdrawal ${w.id} has no ledger hold`);
  return w.hold_id;
}

async function recordSettlement(
  trx: Tx,
  id: number,
  transactionId: number,
  decision: Decision,
): Promise<void> {
  await trx
    .updateTable('withdrawals')
    .set({ ...decided(decision), settle_transaction_id: transactionId })
    .where('id', '=', id)
    .execute();
}
