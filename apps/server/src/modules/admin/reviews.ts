import type { AppContext } from '../../context';
import type { Tx } from '../../db/schema';
import type { Operator } from './auth';

export const REVIEW_KINDS = ['deposit', 'withdrawal', 'kyc', 'loan', 'daytrade', 'block'] as const;
export type ReviewKindName = (typeof REVIEW_KINDS)[number];

export interface ReviewItem {
  id: number;
  userId: number;
  account: string;
  state: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  /** SPEC §9: queues show waiting time against the promised arrival time. */
  dueAt: string | null;
  reviewedAt: string | null;
  reviewer: string | null;
  reason: string | null;
  /** Kind-specific fields (amount, currency, images as authorised URLs, …). */
  details: Record<string, unknown>;
}

/**
 * One review queue (SPEC §5 reviews). The framework authenticates the operator, runs
 * approve/reject in one transaction with the audit entry, and refuses a second decision.
 * The kind moves money through the ledger and sends the user a message with the outcome.
 */
export interface ReviewKind {
  list(
    ctx: AppContext,
    state: 'pending' | 'approved' | 'rejected' | 'all',
    page: number,
    size: number,
  ): Promise<{ list: ReviewItem[]; total: number }>;
  /** Returns false when the item does not exist or is not pending (nothing changes then). */
  decide(
    ctx: AppContext,
    trx: Tx,
    id: number,
    decision: 'approve' | 'reject',
    operator: Operator,
    reason: string | null,
  ): Promise<boolean>;
}

declare module '../../context' {
  interface AppContext {
    reviewKinds: Partial<Record<ReviewKindName, ReviewKind>>;
  }
}
