import type { Currency, FrozenPurpose, LedgerKind } from '@kabuto/contract';
import { sql } from 'kysely';
import type { Tx } from '../db/schema';
import { type PostedTransaction, type PostingInput, postTransactions, type TransactionInput } from './ledger';

/**
 * Holds (CONVENTIONS §14, TigerBeetle's pending transfers): a freeze moves an amount from the
 * user's available funds to `frozen:<purpose>` and is resolved exactly once — settled (the frozen
 * amount goes where the business decided: paid out, bought a position) or released (back to
 * available). The ledger enforces the "once": resolving a hold that is no longer held throws,
 * whoever the caller, and the caller's transaction rolls back with it.
 */
export interface HoldInput {
  userId: number;
  currency: Currency;
  purpose: FrozenPurpose;
  amountMinor: number;
  kind: LedgerKind;
  refType: string;
  refId: number;
  memo?: string;
}

export interface PlacedHold extends PostedTransaction {
  holdId: number;
}

export class HoldNotHeld extends Error {
  constructor(readonly holdId: number) {
    super(`ledger hold ${holdId} is not held (already settled or released)`);
    this.name = 'HoldNotHeld';
  }
}

export async function placeHold(trx: Tx, input: HoldInput, now: Date): Promise<PlacedHold> {
  return (await placeHolds(trx, [input], now))[0]!;
}

const holdTransaction = (input: HoldInput): TransactionInput => ({
  kind: input.kind,
  userId: input.userId,
  refType: input.refType,
  refId: input.refId,
  ...(input.memo ? { memo: input.memo } : {}),
  postings: [
    { userId: input.userId, account: 'available', currency: input.currency, amountMinor: -input.amountMinor },
    {
      userId: input.userId,
      account: `frozen:${input.purpose}`,
      currency: input.currency,
      amountMinor: input.amountMinor,
    },
  ],
});

/** Places many holds (each its own ledger transaction and hold), answered in the order given. */
export async function placeHolds(trx: Tx, inputs: readonly HoldInput[], now: Date): Promise<PlacedHold[]> {
  if (inputs.length === 0) return [];
  const posted = await postTransactions(trx, inputs.map(holdTransaction), now);
  const holds = await trx
    .insertInto('ledger_holds')
    .values(
      inputs.map((input, i) => ({
        user_id: input.userId,
        currency: input.currency,
        purpose: input.purpose,
        amount_minor: input.amountMinor,
        ref_type: input.refType,
        ref_id: input.refId,
        hold_transaction_id: posted[i]!.transactionId,
        resolve_transaction_id: null,
        created_at: now,
        resolved_at: null,
      })),
    )
    .returning(['id', 'hold_transaction_id'])
    .execute();
  const byTransaction = new Map(holds.map((h) => [Number(h.hold_transaction_id), h.id]));
  return posted.map((p) => ({ ...p, holdId: byTransaction.get(p.transactionId)! }));
}

type HeldHold = { user_id: number; currency: Currency; amount_minor: number };

/** Locks the holds still held among `holdIds` (in id order); throws when one of them is not held. */
async function takeHeld(trx: Tx, holdIds: readonly number[]) {
  const rows = await trx
    .selectFrom('ledger_holds')
    .selectAll()
    .where(sql<boolean>`id = ANY(${holdIds}::int8[])`)
    .where('state', '=', 'held')
    .orderBy('id')
    .forUpdate()
    .execute();
  const held = new Map(rows.map((r) => [r.id, r]));
  const missing = holdIds.find((id) => !held.has(id));
  if (missing !== undefined || new Set(holdIds).size !== holdIds.length)
    throw new HoldNotHeld(missing ?? holdIds.find((id, i) => holdIds.indexOf(id) !== i)!);
  return held;
}

export interface HoldResolution {
  holdId: number;
  kind: LedgerKind;
  memo?: string | undefined;
}

/**
 * Resolves held holds once each: per hold one ledger transaction posting frozen:<purpose> → `to`,
 * and the hold marked settled or released. One statement per step however many holds; any hold
 * not held throws `HoldNotHeld` and the caller's transaction rolls back with it.
 */
async function resolveHolds<R extends HoldResolution>(
  trx: Tx,
  state: 'settled' | 'released',
  items: readonly R[],
  to: (hold: HeldHold, item: R) => PostingInput[],
  now: Date,
): Promise<PostedTransaction[]> {
  if (items.length === 0) return [];
  const held = await takeHeld(
    trx,
    items.map((i) => i.holdId),
  );
  const posted = await postTransactions(
    trx,
    items.map((item) => {
      const row = held.get(item.holdId)!;
      const hold = { ...row, currency: row.currency as Currency };
      return {
        kind: item.kind,
        userId: hold.user_id,
        refType: hold.ref_type ?? undefined,
        refId: hold.ref_id ?? undefined,
        ...(item.memo ? { memo: item.memo } : {}),
        postings: [
          {
            userId: hold.user_id,
            account: `frozen:${hold.purpose as FrozenPurpose}`,
            currency: hold.currency,
            amountMinor: -hold.amount_minor,
          },
          ...to(hold, item),
        ],
      };
    }),
    now,
  );
  // `id = ANY` as well as the join, so the rows are found by the key rather than a scan of the table.
  await sql`
    UPDATE ledger_holds h SET state = ${state}, resolve_transaction_id = x.t, resolved_at = ${now}
    FROM unnest(${items.map((i) => i.holdId)}::int8[], ${posted.map((p) => p.transactionId)}::int8[]) AS x(id, t)
    WHERE h.id = x.id AND h.id = ANY(${items.map((i) => i.holdId)}::int8[])`.execute(trx);
  return posted;
}

/**
 * Settles a hold: the frozen amount leaves `frozen:<purpose>` for `to` (postings that together
 * receive exactly the held amount, e.g. the house bank for a paid-out withdrawal).
 */
export async function settleHold(
  trx: Tx,
  holdId: number,
  input: { kind: LedgerKind; memo?: string; to: PostingInput[] },
  now: Date,
): Promise<PostedTransaction> {
  return (await settleHolds(trx, [{ holdId, ...input }], now))[0]!;
}

/** Settles many holds, each its own ledger transaction, answered in the order given. */
export function settleHolds(
  trx: Tx,
  items: ReadonlyArray<HoldResolution & { to: PostingInput[] }>,
  now: Date,
): Promise<PostedTransaction[]> {
  return resolveHolds(trx, 'settled', items, (_, item) => item.to, now);
}

/** Releases a hold: the frozen amount returns to the user's available funds. */
export async function releaseHold(
  trx: Tx,
  holdId: number,
  input: { kind: LedgerKind; memo?: string },
  now: Date,
): Promise<PostedTransaction> {
  return (await releaseHolds(trx, [{ holdId, ...input }], now))[0]!;
}

/** Releases many holds, each its own ledger transaction, answered in the order given. */
export function releaseHolds(
  trx: Tx,
  items: readonly HoldResolution[],
  now: Date,
): Promise<PostedTransaction[]> {
  return resolveHolds(
    trx,
    'released',
    items,
    (hold) => [
      { userId: hold.user_id, account: 'available', currency: hold.currency, amountMinor: hold.amount_minor },
    ],
    now,
  );
}
