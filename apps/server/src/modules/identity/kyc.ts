import type { KycState, ParsedRequestOf, verifyCall } from '@kabuto/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import type { User } from '../../http/auth';
import { cleanImage } from '../../storage/images';
import type { Operator } from '../admin/auth';
import type { ReviewItem, ReviewKind } from '../admin/reviews';
import { messages } from '../messages/service';
import { i18n, isUniqueViolation, reasonText } from './common';
import type { KycSubmission } from './tables';

/** ID numbers: letters, digits and hyphens once spaces are gone (passport, My Number, resident ID). */
const ID_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** Names compare without regard to width, case or spacing: "山田　太郎" equals "山田太郎". */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

export function maskIdNumber(idNumber: string): string {
  return idNumber.length <= 4
    ? '*'.repeat(idNumber.length)
    : `${'*'.repeat(idNumber.length - 4)}${idNumber.slice(-4)}`;
}

export interface KycView {
  state: KycState;
  name: string | null;
  idNumber: string | null;
  reason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  frontFileId: number | null;
  backFileId: number | null;
}

async function latestSubmission(db: Executor, userId: number): Promise<KycSubmission | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** SPEC §5 real name: the user's state, and the outcome and reason of the latest review. */
export async function verifyInfo(ctx: AppContext, userId: number): Promise<KycView> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['kyc_state', 'real_name'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const last = await latestSubmission(ctx.db, userId);
  return {
    state: user.kyc_state as KycState,
    name: user.real_name ?? last?.name ?? null,
    idNumber: last ? maskIdNumber(last.id_number) : null,
    reason: last?.state === 'rejected' ? last.reason : null,
    submittedAt: last ? last.created_at.toISOString() : null,
    reviewedAt: last?.reviewed_at ? last.reviewed_at.toISOString() : null,
    frontFileId: last?.front_file_id ?? null,
    backFileId: last?.back_file_id ?? null,
  };
}

function assertCanSubmit(state: string): void {
  if (state === 'verified') throw new DomainError('kyc_done');
  if (state === 'pending') throw new DomainError('kyc_pending');
}

/**
 * SPEC §6.6: name and ID number required, front and back images checked by content and
 * re-encoded, privacy notice ticked; one submission under review at a time; refused once verified.
 */
export async function submitVerification(
  ctx: AppContext,
  user: User,
  body: ParsedRequestOf<typeof verifyCall>,
): Promise<KycView> {
  assertCanSubmit(user.kyc_state);
  const name = body.name.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const idNumber = body.id_number.normalize('NFKC').replace(/\s+/g, '');
  if (!name) throw new DomainError('id_required', { field: 'name' });
  if (!idNumber) throw new DomainError('id_required', { field: 'id_number' });
  if (!ID_NUMBER_PATTERN.test(idNumber)) throw new DomainError('bad_request', { field: 'id_number' });
  if (!body.agree) throw new DomainError('privacy_required', { field: 'agree' });
  const front = await cleanImage('front', body.front?.data);
  const back = await cleanImage('back', body.back?.data);

  const now = ctx.clock.now();
  try {
    await ctx.files.storeWith(
      user.id,
      [
        { purpose: 'kyc_front', image: front },
        { purpose: 'kyc_back', image: back },
      ],
      async (trx, [frontId, backId]) => {
        const current = await trx
          .selectFrom('users')
          .select('kyc_state')
          .where('id', '=', user.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        assertCanSubmit(current.kyc_state);
        await trx
          .insertInto('kyc_submissions')
          .values({
            user_id: user.id,
            name,
            id_number: idNumber,
            front_file_id: frontId!,
            back_file_id: backId!,
            reason: null,
            reviewer_id: null,
            reviewed_at: null,
            created_at: now,
          })
          .execute();
        await trx.updateTable('users').set({ kyc_state: 'pending' }).where('id', '=', user.id).execute();
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'kyc_submissions_one_pending')) throw new DomainError('kyc_pending');
    throw error;
  }
  return verifyInfo(ctx, user.id);
}

const KYC_MESSAGES = {
  approve: {
    title: i18n('实名认证已通过', 'Identity verified', '本人確認が完了しました'),
    body: (_reason: string | null) =>
      i18n(
        '您的实名认证已审核通过，现在可以绑定银行卡并出金。',
        'Your identity verification was approved. You can now add a bank card and withdraw.',
        '本人確認が承認されました。銀行口座の登録と出金ができるようになりました。',
      ),
  },
  reject: {
    title: i18n('实名认证未通过', 'Identity verification failed', '本人確認が承認されませんでした'),
    body: (reason: string | null) =>
      i18n(
        `您的实名认证未通过。原因：${reasonText(reason)}。您可以重新提交。`,
        `Your identity verification was not approved. Reason: ${reasonText(reason)}. You may submit again.`,
        `本人確認が承認されませんでした。理由：${reasonText(reason)}。再度ご提出いただけます。`,
      ),
  },
} as const;

export const ADMIN_FILE_PATH = '/api/admin/files';

/** SPEC §9 review queue 'kyc': approve verifies the user and starts the credit score (§6.4 Loans). */
export const kycReviewKind: ReviewKind = {
  async list(ctx, state, page, size) {
    let query = ctx.db.selectFrom('kyc_submissions as k').innerJoin('users as u', 'u.id', 'k.user_id');
    if (state !== 'all') query = query.where('k.state', '=', state);
    const [rows, total] = await Promise.all([
      query
        .leftJoin('operators as o', 'o.id', 'k.reviewer_id')
        .selectAll('k')
        .select(['u.account', 'o.username as reviewer'])
        .orderBy('k.id', state === 'pending' ? 'asc' : 'desc')
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
      dueAt: null,
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
      reviewer: r.reviewer,
      reason: r.reason,
      details: {
        name: r.name,
        idNumber: r.id_number,
        front: `${ADMIN_FILE_PATH}/${r.front_file_id}`,
        back: `${ADMIN_FILE_PATH}/${r.back_file_id}`,
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
    const row = await trx
      .selectFrom('kyc_submissions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (row?.state !== 'pending') return false;
    const now = ctx.clock.now();
    await trx
      .updateTable('kyc_submissions')
      .set({
        state: decision === 'approve' ? 'approved' : 'rejected',
        reason,
        reviewer_id: operator.id,
        reviewed_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (decision === 'approve') {
      await trx
        .updateTable('users')
        .set((eb) => ({
          kyc_state: 'verified',
          real_name: row.name,
          credit_score: eb.fn.coalesce('credit_score', eb.val(ctx.config.initialCreditScore)),
        }))
        .where('id', '=', row.user_id)
        .execute();
    } else {
      await trx.updateTable('users').set({ kyc_state: 'failed' }).where('id', '=', row.user_id).execute();
    }
    const text = KYC_MESSAGES[decision];
    await messages.send(
      trx,
      { userId: row.user_id, kind: 'review_outcome', title: text.title, body: text.body(reason) },
      now,
    );
    return true;
  },
};
