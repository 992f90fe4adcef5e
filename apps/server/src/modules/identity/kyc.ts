import type { KycState, ParsedRequestOf, verifyCall } from '@kabuto/contract';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import type { User } from '../../http/auth';
import type { FileService } from '../../storage/files';
import { cleanImage } from '../../storage/images';
import { reviewOutcome } from '../messages/port';
import { type Decision, decided, type ReviewKindHooks, type ReviewQueue } from '../reviews/port';
import { recordCreditEvent } from '../users/port';
import { isUniqueViolation } from './common';
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
/** What the identity module's code works with. */
export interface IdentityContext extends AppContext {
  files: FileService;
  reviewQueue: ReviewQueue;
}

/** A real-name submission is promised a decision within 24 hours (docs/decisions.md). */
export const KYC_REVIEW_HOURS = 24;
const kycDue = (now: Date) => new Date(now.getTime() + KYC_REVIEW_HOURS * 3_600_000);

export async function submitVerification(
  ctx: IdentityContext,
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
        const submission = await trx
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
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.updateTable('users').set({ kyc_state: 'pending' }).where('id', '=', user.id).execute();
        await ctx.reviewQueue.submit(
          trx,
          { kind: 'kyc', subjectId: submission.id, userId: user.id, dueAt: kycDue(now) },
          now,
        );
      },
    );
  } catch (error) {
    if (isUniqueViolation(error, 'kyc_submissions_one_pending')) throw new DomainError('kyc_pending');
    throw error;
  }
  // The cached account carries the real-name state.
  ctx.sessions.forgetUser(user.id);
  return verifyInfo(ctx, user.id);
}

export const ADMIN_FILE_PATH = '/api/admin/files';

/** Writes the decision on the submission's row. */
async function recordReview(trx: Tx, k: KycSubmission, decision: Decision): Promise<void> {
  await trx.updateTable('kyc_submissions').set(decided(decision)).where('id', '=', k.id).execute();
}

/** SPEC §9 review queue 'kyc': approval verifies the user (credit score starts, SPEC §6.4); rejection allows resubmission. */
export const kycReview = (config: Config): ReviewKindHooks<KycSubmission> => ({
  kind: 'kyc',
  async load(db, ids, forUpdate) {
    let query = db.selectFrom('kyc_submissions').selectAll().where('id', 'in', ids);
    if (forUpdate) query = query.forUpdate();
    return query.execute();
  },
  details: (k) => ({
    name: k.name,
    idNumber: k.id_number,
    front: `${ADMIN_FILE_PATH}/${k.front_file_id}`,
    back: `${ADMIN_FILE_PATH}/${k.back_file_id}`,
  }),
  async approve(trx, k, decision) {
    const { now } = decision;
    await recordReview(trx, k, decision);
    await trx
      .updateTable('users')
      .set({ kyc_state: 'verified', real_name: k.name })
      .where('id', '=', k.user_id)
      .execute();
    // SPEC §6.4: the credit score starts at verification (kept if the user had one before).
    await recordCreditEvent(trx, k.user_id, 'verified', now, { initialScore: config.initialCreditScore });
  },
  async reject(trx, k, decision) {
    await recordReview(trx, k, decision);
    await trx.updateTable('users').set({ kyc_state: 'failed' }).where('id', '=', k.user_id).execute();
  },
  message: (_k, decision) => reviewOutcome('kyc', decision, {}),
});
