import type { bankAddCall, ParsedRequestOf } from '@kabuto/contract';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import type { User } from '../../http/auth';
import { isUniqueViolation } from './common';
import { normalizeName } from './kyc';
import type { BankCard } from './tables';

/** A limit on bound cards per user (CONVENTIONS §11). */
export const MAX_CARDS_PER_USER = 10;

/** SPEC §4: card numbers are masked after save; only the last four digits show. */
export function maskCardNumber(cardNumber: string): string {
  return `**** **** **** ${cardNumber.slice(-4)}`;
}

export interface BankCardView {
  id: number;
  holder: string;
  cardNumber: string;
  cardType: string;
  institution: string;
  branch: string;
  branchCode: string;
  createdAt: string;
}

export function cardView(card: BankCard): BankCardView {
  return {
    id: card.id,
    holder: card.holder,
    cardNumber: maskCardNumber(card.card_number),
    cardType: card.card_type,
    institution: card.institution,
    branch: card.branch,
    branchCode: card.branch_code,
    createdAt: card.created_at.toISOString(),
  };
}

export async function listCards(db: Executor, userId: number): Promise<BankCardView[]> {
  const rows = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'asc')
    .execute();
  return rows.map(cardView);
}

/** One of the user's bound cards, or null (another user's, unbound or unknown). */
export async function findCard(db: Executor, userId: number, cardId: number): Promise<BankCard | null> {
  const card = await db
    .selectFrom('bank_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return card ?? null;
}

/**
 * SPEC §6.6: a verified user binds a card in their own name. A card number bound to any active
 * account is refused ("card exists"): one bank account pays out to one investor.
 */
export async function addCard(
  ctx: AppContext,
  user: User,
  body: ParsedRequestOf<typeof bankAddCall>,
): Promise<BankCardView> {
  if (user.kyc_state !== 'verified' || !user.real_name) throw new DomainError('kyc_required');
  if (normalizeName(body.holder) !== normalizeName(user.real_name)) {
    throw new DomainError('bad_request', { field: 'holder', reason: 'holder_must_match_verified_name' });
  }
  const now = ctx.clock.now();
  try {
    return await inTransaction(ctx.db, async (trx) => {
      // The user row lock serialises this user's card changes, so the count below holds.
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', user.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('bank_cards')
        .select(['user_id'])
        .where('card_number', '=', body.card_number)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (existing) throw new DomainError('card_exists', { field: 'card_number' });
      const owned = await trx
        .selectFrom('bank_cards')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(owned.n) >= MAX_CARDS_PER_USER) {
        throw new DomainError('bad_request', {
          field: 'card_number',
          reason: 'too_many_cards',
          max: MAX_CARDS_PER_USER,
        });
      }
      const card = await trx
        .insertInto('bank_cards')
        .values({
          user_id: user.id,
          holder: body.holder,
          card_number: body.card_number,
          card_type: body.card_type,
          institution: body.institution,
          branch: body.branch,
          branch_code: body.branch_code,
          created_at: now,
          deleted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return cardView(card);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bank_cards_active_number'))
      throw new DomainError('card_exists', { field: 'card_number' });
    throw error;
  }
}

/** SPEC §6.6: delete unbinds. Past withdrawals keep pointing at the unbound card. */
export async function deleteCard(ctx: AppContext, userId: number, cardId: number): Promise<void> {
  const result = await ctx.db
    .updateTable('bank_cards')
    .set({ deleted_at: ctx.clock.now() })
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new DomainError('card_missing', { field: 'id' });
}
