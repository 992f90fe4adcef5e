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
import { nextBusinessDayEnd } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { availableBalanceAfter, HOUSE, postTransaction, userBalances } from '../../ledger/ledger';
import type { Operator } from '../admin/auth';
import type { ReviewItem, ReviewKind } from '../admin/reviews';
import { findCard, maskCardNumber } from '../identity/cards';
import { i18n, isUniqueViolation, reasonText } from '../identity/common';
import type { BankCard } from '../identity/tables';
import { messages } from '../messages/service';
import type { FundRecordView } from '../users/service';
import {
  assertFundWindow,
  assertWithin,
  businessOrderNo,
  nextId,
  onlyRefusals,
  parseAmount,
  reviewStatus,
  takeFundLock,
} from './common';
import type { Withdrawal } from './tables';

declare module '../../context' {
  interface AppContext {
    /**
     * Positions the user holds (SPEC §6.4 "refused while positions are held"); the trading
     * module provides it. Absent means the user holds none.
     */
    openPositionCount?: (userId: number, db: Executor) => Promise<number>;
  }
}

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
  ctx: AppContext,
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
  if (pending) throw new DomainError('pending_review');
  if (!ctx.config.withdrawWithOpenPositions) {
    // Read inside this transaction: the embedded database has a single connection.
    const open = (await ctx.openPositionCount?.(userId, db)) ?? 0;
    if (open > 0) throw new DomainError('close_positions_first', { positions: open });
  }
  const balances = await userBalances(db, userId);
  const owing = CURRENCIES.filter((c) => balances[c].debt < 0);
  if (owing.length > 0) throw new DomainError('loan_unpaid', { currencies: owing });
  if (balances[currency].available < amountMinor) throw new DomainError('balance_insufficient', { currency });
}

/**
 * SPEC §6.4 withdrawal. Refused only for the published reasons (WITHDRAW_REFUSALS); a credit
 * score never blocks it (§0.3). The amount moves available → frozen:withdrawal in the same
 * transaction as the withdrawal row.
 */
export function requestWithdrawal(ctx: AppContext, user: User, body: ParsedRequestOf<typeof withdrawCall>) {
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
        const freeze = await postTransaction(
          trx,
          {
            kind: 'withdrawal_freeze',
            userId: user.id,
            refType: 'withdrawal',
            refId: id,
            memo: `withdrawal ${orderNo}`,
            postings: [
              { userId: user.id, account: 'available', currency, amountMinor: -amountMinor },
              { userId: user.id, account: 'frozen:withdrawal', currency, amountMinor },
            ],
          },
          now,
        );
        return trx
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
            due_at: withdrawalDue(now),
            freeze_transaction_id: freeze.transactionId,
            settle_transaction_id: null,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
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
  const list: FundRecordView[] = rows.map((r) => {
    const currency = r.currency as Currency;
    return {
      id: r.id,
      kind: 'withdrawal',
      orderNo: r.order_no,
      currency,
      amount: minorToDecimal(-r.amount_minor, currency),
      frozenChange: minorToDecimal(r.state === 'pending' ? r.amount_minor : 0, currency),
      balanceAfter: r.balance_after_minor === null ? '-' : minorToDecimal(r.balance_after_minor, currency),
      state: r.state,
      memo: r.state === 'rejected' ? r.reason : null,
      createdAt: r.created_at.toISOString(),
    };
  });
  return { list, total: Number(total.n) };
}

const WITHDRAWAL_MESSAGES = {
  approve: {
    title: i18n('出金已支付', 'Withdrawal paid', 'ご出金を実行しました'),
    body: (w: Withdrawal, _reason: string | null) => {
      const amount = `${minorToDecimal(w.amount_minor, w.currency as Currency)} ${w.currency}`;
      return i18n(
        `您的出金 ${w.order_no}（${amount}）已审核通过并汇出，通常 24 小时内或下一个营业日 24:00 前到账。`,
        `Your withdrawal ${w.order_no} (${amount}) was approved and sent. It arrives within 24 hours, or by midnight of the next business day.`,
        `ご出金 ${w.order_no}（${amount}）が承認され、送金されました。24時間以内、または翌営業日の24:00までに着金します。`,
      );
    },
  },
  reject: {
    title: i18n('出金未通过', 'Withdrawal rejected', 'ご出金が承認されませんでした'),
    body: (w: Withdrawal, reason: string | null) =>
      i18n(
        `您的出金 ${w.order_no} 未通过审核，冻结金额已退回可用余额。原因：${reasonText(reason)}。`,
        `Your withdrawal ${w.order_no} was not approved; the frozen amount is available again. Reason: ${reasonText(reason)}.`,
        `ご出金 ${w.order_no} は承認されませんでした。拘束金額は利用可能残高に戻りました。理由：${reasonText(reason)}。`,
      ),
  },
} as const;

/** SPEC §9 review queue 'withdrawal': approval pays out (frozen → house:bank); rejection releases. */
export const withdrawalReviewKind: ReviewKind = {
  async list(ctx, state, page, size) {
    let query = ctx.db
      .selectFrom('withdrawals as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .innerJoin('bank_cards as c', 'c.id', 'w.card_id');
    if (state !== 'all') query = query.where('w.state', '=', state);
    const [rows, total] = await Promise.all([
      query
        .leftJoin('operators as o', 'o.id', 'w.reviewer_id')
        .selectAll('w')
        .select([
          'u.account',
          'u.real_name',
          'o.username as reviewer',
          'c.holder',
          'c.card_number',
          'c.card_type',
          'c.institution',
          'c.branch',
          'c.branch_code',
        ])
        .orderBy('w.id', state === 'pending' ? 'asc' : 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const list: ReviewItem[] = rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      account: r.account,
      state: r.state,
      createdAt: r.created_at.toISOString(),
      dueAt: r.due_at.toISOString(),
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
      reviewer: r.reviewer,
      reason: r.reason,
      details: {
        orderNo: r.order_no,
        currency: r.currency,
        amount: minorToDecimal(r.amount_minor, r.currency as Currency),
        realName: r.real_name,
        // The reviewer pays out, so sees the whole card.
        card: {
          holder: r.holder,
          cardNumber: r.card_number,
          cardType: r.card_type,
          institution: r.institution,
          branch: r.branch,
          branchCode: r.branch_code,
        },
      },
    }));
    return { list, total: Number(total.n) };
  },

  async decide(
    ctx: AppContext,
    trx: Tx,
    id: number,
    decision: 'approve' | 'reject',
    operator: Operator,
    reason: string | null,
  ) {
    const w = await trx
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (w?.state !== 'pending') return false;
    const now = ctx.clock.now();
    const currency = w.currency as Currency;
    const settle = await postTransaction(
      trx,
      {
        kind: decision === 'approve' ? 'withdrawal_paid' : 'withdrawal_release',
        userId: w.user_id,
        refType: 'withdrawal',
        refId: w.id,
        memo: `withdrawal ${w.order_no}`,
        postings:
          decision === 'approve'
            ? [
                { userId: w.user_id, account: 'frozen:withdrawal', currency, amountMinor: -w.amount_minor },
                { userId: HOUSE, account: 'house:bank', currency, amountMinor: w.amount_minor },
              ]
            : [
                { userId: w.user_id, account: 'frozen:withdrawal', currency, amountMinor: -w.amount_minor },
                { userId: w.user_id, account: 'available', currency, amountMinor: w.amount_minor },
              ],
      },
      now,
    );
    await trx
      .updateTable('withdrawals')
      .set({
        state: decision === 'approve' ? 'approved' : 'rejected',
        reason,
        reviewer_id: operator.id,
        reviewed_at: now,
        settle_transaction_id: settle.transactionId,
      })
      .where('id', '=', id)
      .execute();
    const text = WITHDRAWAL_MESSAGES[decision];
    await messages.send(
      trx,
      { userId: w.user_id, kind: 'review_outcome', title: text.title, body: text.body(w, reason) },
      now,
    );
    return true;
  },
};
