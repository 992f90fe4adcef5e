import { z } from 'zod';
import { REVIEW_KINDS, REVIEW_STATES } from './enums';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './envelope';

/**
 * The back-office API (SPEC §9): JSON under /api/admin, `Authorization: Bearer <token>`.
 * Request and answer schemas, shared by the server (validation, the OpenAPI document) and the
 * back-office app.
 */
export const REVIEW_REASON_MAX = 500;

const zPage = z.coerce.number().int().min(1).default(1);
const zSize = z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT);

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

export const API_ADMIN = {
  login: {
    doc: { summary: 'Operator sign-in → {token, role}', tags: ['admin'] },
    request: z.object({
      username: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      /** The TOTP code, for an operator who turned the second factor on. */
      code: z.string().max(12).optional(),
    }),
    response: z.object({ token: z.string(), role: z.enum(['admin', 'reviewer', 'operator']) }),
  },
  reviews: {
    doc: {
      summary: 'The review queue: pending items oldest first, of one kind or every kind',
      tags: ['admin'],
      security: [{ operator: [] }],
    },
    query: z.object({
      kind: z.enum(REVIEW_KINDS).optional(),
      state: z.enum([...REVIEW_STATES, 'all']).default('pending'),
      user_id: z.coerce.number().int().positive().optional(),
      page: zPage,
      size: zSize,
    }),
    response: z.object({
      list: z.array(zReviewItem),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
    }),
  },
  decide: {
    doc: {
      summary:
        'Approve (reason optional) or reject (reason required) a pending item; a second decision answers 409',
      tags: ['admin'],
      security: [{ operator: [] }],
    },
    params: z.object({
      kind: z.enum(REVIEW_KINDS),
      id: z.coerce.number().int().positive(),
      decision: z.enum(['approve', 'reject']),
    }),
    body: z
      .object({ reason: z.string().trim().max(REVIEW_REASON_MAX).optional() })
      .nullish()
      .transform((b) => b ?? {}),
    response: z.object({ ok: z.literal(true) }),
  },
  clockAdvance: {
    doc: {
      summary:
        "Moves the node's clock forward and runs the jobs now due (only on a node started with KABUTO_CLOCK_TRAVEL=1)",
      tags: ['admin'],
      security: [{ operator: [] }],
    },
    request: z.object({
      ms: z
        .number()
        .int()
        .min(1)
        .max(31 * 86_400_000),
    }),
    response: z.object({ now: z.string(), jobs: z.array(z.string()) }),
  },
} as const;
