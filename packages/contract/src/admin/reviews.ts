import { z } from 'zod';
import { REVIEW_KINDS, REVIEW_STATES } from '../enums';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../envelope';
import { defineAdminCall, REASON_MAX, zIdParam, zOk } from './define';

export const REVIEW_REASON_MAX = REASON_MAX;

export const zReviewItem = z.object({
  id: z.number().int().describe('the item in its kind (the deposit, the withdrawal, …)'),
  kind: z.enum(REVIEW_KINDS),
  userId: z.number().int(),
  account: z.string(),
  realName: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  createdAt: z.string(),
  dueAt: z.string().describe('the promised time (SPEC §9: waiting time against it)'),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ReviewItemView = z.infer<typeof zReviewItem>;

/** The one review queue (SPEC §5, §9). */
export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/reviews',
  need: 'review',
  summary: 'The review queue: pending items oldest first, of one kind or every kind',
  query: () =>
    z.object({
      kind: z.enum(REVIEW_KINDS).optional(),
      state: z.enum([...REVIEW_STATES, 'all']).default('pending'),
      user_id: z.coerce.number().int().positive().optional(),
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    }),
  response: () =>
    z.object({
      list: z.array(zReviewItem),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
    }),
});

export const decide = defineAdminCall({
  method: 'POST',
  path: '/api/admin/reviews/:kind/:id/:decision',
  need: 'review',
  summary:
    'Approve (reason optional) or reject (reason required) a pending item; a second decision answers 409',
  params: () =>
    z.object({
      kind: z.enum(REVIEW_KINDS),
      id: z.coerce.number().int().positive(),
      decision: z.enum(['approve', 'reject']),
    }),
  body: () =>
    z
      .object({ reason: z.string().trim().max(REVIEW_REASON_MAX).optional() })
      .nullish()
      .transform((b) => b ?? {}),
  response: () => zOk,
});

/** A reviewer sees the images an investor uploaded (never public; every view is audited). */
export const file = defineAdminCall({
  method: 'GET',
  path: '/api/admin/files/:id',
  need: 'review',
  summary: 'An uploaded image, for its reviewer (served as the image; every view is audited)',
  params: () => zIdParam,
});
