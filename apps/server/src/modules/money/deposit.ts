import {
  type Currency,
  type depositCall,
  type depositChannelsCall,
  type depositListCall,
  MARKET_CURRENCY,
  minorToDecimal,
  type ParsedRequestOf,
} from '@kabuto/contract';
import { inFundWindow, nextBusinessDayEnd } from '@kabuto/domain';
import { sql } from 'kysely';
import type { DepositChannel } from '../../config';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, nextId, parseAmount, takeFundLock } from '../../ledger/funds';
import { availableBalanceAfter, HOUSE, postTransaction } from '../../ledger/ledger';
import { cleanImage } from '../../storage/images';
import { ADMIN_FILE_PATH, isUniqueViolation } from '../identity/port';
import { moneyParam, reviewOutcome } from '../messages/port';
import { decided, type ReviewKindHooks } from '../reviews/port';
import { movementsOf } from '../users/port';
import type { MoneyContext } from './common';
import { assertFundWindow, assertWithin, businessFundRecords, reviewStatus } from './common';
import type { Deposit } from './tables';

/**
 * Smallest deposit per currency (about ¥1,000). SPEC §6.4 names only maxima; a floor keeps
 * reviewers from handling transfers too small to be worth a bank fee.
 */
export const DEPOSIT_MIN_MINOR: Record<Currency, number> = {
  JPY: 1_000,
  USD: 10_00,
  CNY: 50_00,
  TWD: 200_00,
  HKD: 50_00,
  THB: 200_00,
  VND: 150_000,
  MYR: 30_00,
  KRW: 10_000,
  SAR: 25_00,
};

/** SPEC §6.4: "normally within about 2 hours, at the latest T+1 24:00". */
export const DEPOSIT_ARRIVAL_HOURS = 2;
export const DEPOSIT_ARRIVAL_NOTE = 'Normally within about 2 hours, at the latest T+1 24:00 (Japan time).';

function channelOf(ctx: AppContext, id: string): DepositChannel {
  const channel = ctx.config.depositChannels.find((c) => c.id === id);
  if (!channel) throw new DomainError('bad_request', { field: 'channel' });
  return channel;
}

export function depositChannels(ctx: AppContext, body: ParsedRequestOf<typeof depositChannelsCall>) {
  const currency = body.currency ?? MARKET_CURRENCY[body.type];
  const now = ctx.clock.now();
  return {
    currency,
    open: ctx.config.fundHours === 'always' || inFundWindow('deposit', now),
    channels: ctx.config.depositChannels.map((c) => ({
      id: c.id,
      currency,
      minAmount: minorToDecimal(DEPOSIT_MIN_MINOR[currency], currency),
      maxAmount: minorToDecimal(c.maxMinor[currency], currency),
      receivingName: c.receivingName,
      receivingNumber: c.receivingNumber,
      receivingBank: c.receivingBank,
      receivingBranch: c.receivingBranch,
    })),
    arrivalHours: DEPOSIT_ARRIVAL_HOURS,
    latestArrival: nextBusinessDayEnd(now).toISOString(),
    arrivalNote: DEPOSIT_ARRIVAL_NOTE,
  };
}

export function depositView(d: Deposit) {
  const currency = d.currency as Currency;
  return {
    id: d.id,
    orderNo: d.order_no,
    channel: d.channel as DepositChannel['id'],
    currency,
    money: minorToDecimal(d.amount_minor, currency),
    status: reviewStatus(d.state),
    state: d.state,
    reason: d.reason,
    receiptFileId: d.receipt_file_id,
    createdAt: d.created_at.toISOString(),
    reviewedAt: d.reviewed_at?.toISOString() ?? null,
    dueAt: d.due_at.toISOString(),
  };
}

async function assertNoPendingDeposit(db: AppContext['db'] | Tx, userId: number): Promise<void> {
  const pending = await db
    .selectFrom('deposits')
    .select('id')
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw new DomainError('deposit_pending');
}

/**
 * SPEC §6.4 deposit: channel and limits from config, amount and receipt image required, one
 * pending at a time, business days only (unless FUND_HOURS=always), fund password (§6.1).
 * Nothing moves until a reviewer approves: the deposit is a claim that money was sent.
 */
export async function requestDeposit(
  ctx: MoneyContext,
  user: User,
  body: ParsedRequestOf<typeof depositCall>,
) {
  assertFundWindow(ctx, 'deposit');
  const channel = channelOf(ctx, body.channel);
  const currency = body.currency ?? MARKET_CURRENCY[body.type];
  const amountMinor = parseAmount(body.amount, currency);
  assertWithin(amountMinor, DEPOSIT_MIN_MINOR[currency], channel.maxMinor[currency]);
  await assertNoPendingDeposit(ctx.db, user.id);
  if (!body.receipt) throw new DomainError('file_invalid', { field: 'receipt', reason: 'missing' });
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const receipt = await cleanImage('receipt', body.receipt.data);

  const now = ctx.clock.now();
  try {
    const deposit = await ctx.files.storeWith(
      user.id,
      [{ purpose: 'deposit_receipt', image: receipt }],
      async (trx, [fileId]) => {
        await takeFundLock(trx, user.id);
        await assertNoPendingDeposit(trx, user.id);
        const id = await nextId(trx, 'deposits');
        const dueAt = nextBusinessDayEnd(now);
        const row = await trx
          .insertInto('deposits')
          .values({
            id,
            user_id: user.id,
            order_no: businessOrderNo('D', now, id),
            channel: channel.id,
            currency,
            amount_minor: amountMinor,
            receipt_file_id: fileId!,
            reason: null,
            reviewer_id: null,
            reviewed_at: null,
            due_at: dueAt,
            ledger_transaction_id: null,
            created_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ctx.reviewQueue.submit(trx, { kind: 'deposit', subjectId: id, userId: user.id, dueAt }, now);
        return row;
      },
    );
    return depositView(deposit);
  } catch (error) {
    if (isUniqueViolation(error, 'deposits_one_pending')) throw new DomainError('deposit_pending');
    throw error;
  }
}

export async function listDeposits(
  ctx: AppContext,
  userId: number,
  body: ParsedRequestOf<typeof depositListCall>,
) {
  let query = ctx.db.selectFrom('deposits').selectAll().where('user_id', '=', userId);
  if (body.currency) query = query.where('currency', '=', body.currency);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(body.size)
    .offset((body.page - 1) * body.size)
    .execute();
  return rows.map(depositView);
}

/** SPEC §0.2 fund records, deposits tab: every deposit with its order number, signed amount and state. */
export async function depositFundRecords(ctx: AppContext, userId: number, page: number, size: number) {
  const rows = await ctx.db
    .selectFrom('deposits as d')
    .selectAll('d')
    .select(availableBalanceAfter('d.ledger_transaction_id', userId).as('balance_after_minor'))
    .where('d.user_id', '=', userId)
    .orderBy('d.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const total = await ctx.db
    .selectFrom('deposits')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const movements = await movementsOf(ctx, userId, rows, (r) => [r.ledger_transaction_id]);
  return businessFundRecords(rows, total, (r, currency) => ({
    kind: 'deposit',
    amount: minorToDecimal(r.amount_minor, currency),
    frozenChange: minorToDecimal(0, currency),
    movements: movements(r, currency),
    memo: r.state === 'rejected' ? r.reason : r.channel,
  }));
}

/** SPEC §9 review queue 'deposit': approval credits the wallet (house:bank → available). */
export const depositReview: ReviewKindHooks<Deposit & { real_name: string | null }> = {
  kind: 'deposit',
  async load(db, ids, forUpdate) {
    let query = db
      .selectFrom('deposits as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.real_name')
      .where('d.id', 'in', ids);
    if (forUpdate) query = query.forUpdate('d');
    return query.execute();
  },
  details: (d) => ({
    orderNo: d.order_no,
    channel: d.channel,
    currency: d.currency,
    amount: minorToDecimal(d.amount_minor, d.currency as Currency),
    realName: d.real_name,
    receipt: `${ADMIN_FILE_PATH}/${d.receipt_file_id}`,
  }),
  async approve(trx, deposit, decision) {
    const { now } = decision;
    const currency = deposit.currency as Currency;
    const posted = await postTransaction(
      trx,
      {
        kind: 'deposit',
        userId: deposit.user_id,
        refType: 'deposit',
        refId: deposit.id,
        memo: `deposit ${deposit.order_no}`,
        postings: [
          { userId: HOUSE, account: 'house:bank', currency, amountMinor: -deposit.amount_minor },
          { userId: deposit.user_id, account: 'available', currency, amountMinor: deposit.amount_minor },
        ],
      },
      now,
    );
    await trx
      .updateTable('deposits')
      .set({ ...decided(decision), ledger_transaction_id: posted.transactionId })
      .where('id', '=', deposit.id)
      .execute();
  },
  // Nothing was credited at request: a rejected deposit moves no money.
  async reject(trx, deposit, decision) {
    await trx.updateTable('deposits').set(decided(decision)).where('id', '=', deposit.id).execute();
  },
  message: (deposit, { decision, reason }) => {
    return reviewOutcome(
      'deposit',
      { decision, reason },
      {
        order: deposit.order_no,
        approved: { amount: moneyParam(deposit.amount_minor, deposit.currency as Currency) },
      },
    );
  },
};
