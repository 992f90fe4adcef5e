import { admin, type Currency, minorToDecimal, parseMinor } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Tx } from '../../db/schema';
import { placeHold, releaseHold, settleHold } from '../../ledger/holds';
import { HOUSE, postTransaction } from '../../ledger/ledger';
import { audit, type Operator } from '../admin/port';
import { adminCall, refuseAdmin } from './http';
import { userRow } from './users';

/**
 * Ledger adjustments (SPEC §9, §0.2): the operator never edits a balance; a correction is one
 * balanced ledger transaction between the user's available funds and `house:adjustments`, with
 * the reason as its memo, so the user sees it in fund records. One above the configured amount
 * waits for a second operator.
 */
async function postAdjustment(
  ctx: AppContext,
  trx: Tx,
  adjustment: { id: number; user_id: number; currency: string; amount_minor: number; reason: string },
) {
  const currency = adjustment.currency as Currency;
  return postTransaction(
    trx,
    {
      kind: 'adjustment',
      userId: adjustment.user_id,
      refType: 'adjustment',
      refId: adjustment.id,
      memo: adjustment.reason,
      postings: [
        { userId: adjustment.user_id, account: 'available', currency, amountMinor: adjustment.amount_minor },
        { userId: HOUSE, account: 'house:adjustments', currency, amountMinor: -adjustment.amount_minor },
      ],
    },
    ctx.clock.now(),
  );
}

/**
 * A debit waiting for its second operator freezes the amount, so the user cannot spend or
 * withdraw what the correction will take; approval settles the freeze to the house, rejection
 * releases it.
 */
async function freezeDebit(
  ctx: AppContext,
  trx: Tx,
  adjustment: { id: number; user_id: number; currency: string; amount_minor: number; reason: string },
) {
  await placeHold(
    trx,
    {
      userId: adjustment.user_id,
      currency: adjustment.currency as Currency,
      purpose: 'adjustment',
      amountMinor: -adjustment.amount_minor,
      kind: 'adjustment_freeze',
      refType: 'adjustment',
      refId: adjustment.id,
      memo: adjustment.reason,
    },
    ctx.clock.now(),
  );
}

async function heldDebit(trx: Tx, adjustmentId: number): Promise<number | null> {
  const hold = await trx
    .selectFrom('ledger_holds')
    .select('id')
    .where('ref_type', '=', 'adjustment')
    .where('ref_id', '=', adjustmentId)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return hold?.id ?? null;
}

/** Approves a pending adjustment: a frozen debit is settled to the house, a credit is posted. */
async function approveAdjustment(
  ctx: AppContext,
  trx: Tx,
  adjustment: { id: number; user_id: number; currency: string; amount_minor: number; reason: string },
) {
  const holdId = await heldDebit(trx, adjustment.id);
  if (holdId === null) return postAdjustment(ctx, trx, adjustment);
  return settleHold(
    trx,
    holdId,
    {
      kind: 'adjustment',
      memo: adjustment.reason,
      to: [
        {
          userId: HOUSE,
          account: 'house:adjustments',
          currency: adjustment.currency as Currency,
          amountMinor: -adjustment.amount_minor,
        },
      ],
    },
    ctx.clock.now(),
  );
}

async function decide(
  ctx: AppContext,
  id: number,
  decision: 'approve' | 'reject',
  operator: Operator,
  reason: string | null,
) {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .selectFrom('adjustments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return refuseAdmin(404, 'not_found', 'id');
    if (row.state !== 'pending') return refuseAdmin(409, 'not_pending');
    // The four-eyes rule: whoever asked for an adjustment cannot approve it.
    if (decision === 'approve' && row.requested_by === operator.id)
      return refuseAdmin(409, 'second_operator_required');
    const posted = decision === 'approve' ? await approveAdjustment(ctx, trx, row) : null;
    const held = decision === 'reject' ? await heldDebit(trx, row.id) : null;
    if (held !== null)
      await releaseHold(trx, held, { kind: 'adjustment_release', memo: reason ?? row.reason }, now);
    await trx
      .updateTable('adjustments')
      .set({
        state: posted ? 'posted' : 'rejected',
        decided_by: operator.id,
        decision_reason: reason,
        decided_at: now,
        ledger_transaction_id: posted?.transactionId ?? null,
      })
      .where('id', '=', id)
      .execute();
    await audit(
      trx,
      {
        operatorId: operator.id,
        action: `adjustment_${decision}`,
        targetType: 'adjustment',
        targetId: id,
        reason,
        details: {
          userId: row.user_id,
          currency: row.currency,
          amount: minorToDecimal(row.amount_minor, row.currency as Currency),
          orderNo: posted?.orderNo ?? null,
        },
      },
      now,
    );
    return { id, state: posted ? 'posted' : 'rejected', orderNo: posted?.orderNo ?? null };
  });
}

export function adjustmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.users.adjust, async ({ params, body, operator }) => {
    const user = await userRow(ctx, params.id);
    const magnitude = parseMinor(body.amount, body.currency);
    if (magnitude === null || magnitude <= 0) return refuseAdmin(400, 'bad_request', 'amount');
    const amountMinor = body.direction === 'credit' ? magnitude : -magnitude;
    const needsSecond = magnitude > ctx.config.adjustmentApprovalMinor[body.currency];
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .insertInto('adjustments')
        .values({
          user_id: user.id,
          currency: body.currency,
          amount_minor: amountMinor,
          reason: body.reason,
          requested_by: operator.id,
          decided_by: null,
          decision_reason: null,
          ledger_transaction_id: null,
          created_at: now,
          decided_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const posted = needsSecond ? null : await postAdjustment(ctx, trx, row);
      if (needsSecond && amountMinor < 0) await freezeDebit(ctx, trx, row);
      if (posted)
        await trx
          .updateTable('adjustments')
          .set({ state: 'posted', ledger_transaction_id: posted.transactionId, decided_at: now })
          .where('id', '=', row.id)
          .execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: posted ? 'adjustment_posted' : 'adjustment_requested',
          targetType: 'user',
          targetId: user.id,
          reason: body.reason,
          details: {
            adjustmentId: row.id,
            account: user.account,
            currency: body.currency,
            amount: minorToDecimal(amountMinor, body.currency),
            orderNo: posted?.orderNo ?? null,
          },
        },
        now,
      );
      return { id: row.id, state: posted ? 'posted' : 'pending', orderNo: posted?.orderNo ?? null };
    });
  });

  adminCall(app, admin.users.adjustments, async ({ query }) => {
    let base = ctx.db.selectFrom('adjustments as j').innerJoin('users as u', 'u.id', 'j.user_id');
    if (query.state !== 'all') base = base.where('j.state', '=', query.state);
    if (query.userId) base = base.where('j.user_id', '=', query.userId);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('operators as r', 'r.id', 'j.requested_by')
        .leftJoin('operators as d', 'd.id', 'j.decided_by')
        .selectAll('j')
        .select(['u.account', 'r.username as requested_by_name', 'd.username as decided_by_name'])
        .orderBy('j.id', query.state === 'pending' ? 'asc' : 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        account: r.account,
        currency: r.currency,
        amount: minorToDecimal(r.amount_minor, r.currency as Currency),
        reason: r.reason,
        state: r.state,
        requestedBy: r.requested_by_name,
        decidedBy: r.decided_by_name,
        decisionReason: r.decision_reason,
        createdAt: r.created_at.toISOString(),
        decidedAt: r.decided_at?.toISOString() ?? null,
      })),
      total: Number(total.n),
      page: query.page,
      size: query.size,
    };
  });

  adminCall(app, admin.users.approveAdjustment, async ({ params, body, operator }) =>
    decide(ctx, params.id, 'approve', operator, body.reason || null),
  );
  adminCall(app, admin.users.rejectAdjustment, async ({ params, body, operator }) =>
    decide(ctx, params.id, 'reject', operator, body.reason),
  );
}
