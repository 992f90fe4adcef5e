import { z } from 'zod';
import { zFundRecord } from '../api/core';
import { zPasskey } from '../api/security';
import { CURRENCIES } from '../enums';
import {
  defineAdminCall,
  REASON_MAX,
  zAdminPage,
  zIdParam,
  zIso,
  zList,
  zPageQuery,
  zReason,
} from './define';

/** User care (SPEC §9): find a user, their profile, records, sessions, flags and adjustments. */

const zFlagsView = z.object({ banned: z.boolean(), frozen: z.boolean(), tradeBarred: z.boolean() });

export const zUserSummary = z.object({
  id: z.number().int(),
  account: z.string(),
  realName: z.string().nullable(),
  kyc: z.string(),
  flags: zFlagsView,
  createdAt: zIso,
});
export type UserSummary = z.infer<typeof zUserSummary>;

export const zUserView = z.object({
  id: z.number().int(),
  account: z.string(),
  realName: z.string().nullable(),
  kyc: z.string(),
  language: z.string(),
  creditScore: z.number().nullable(),
  fundPasswordSet: z.boolean(),
  lockedUntil: zIso.nullable(),
  flags: zFlagsView.extend({ reason: z.string().nullable() }),
  createdAt: zIso,
});
export type UserView = z.infer<typeof zUserView>;

export const zBalanceView = z.object({
  currency: z.enum(CURRENCIES),
  available: z.string(),
  frozen: z.string(),
  debt: z.string(),
});
export type BalanceView = z.infer<typeof zBalanceView>;

export const search = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users',
  need: 'admin',
  summary: 'Find users by account, real name or bank card number ?q=',
  query: () => z.object({ q: z.string().trim().min(1).max(64) }),
  response: () => zList(zUserSummary),
});

export const detail = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id',
  need: 'admin',
  summary: "A user's profile, balances and bank cards",
  params: () => zIdParam,
  response: () =>
    z.object({
      user: zUserView,
      balances: z.array(zBalanceView),
      cards: z.array(
        z.object({
          id: z.number().int(),
          holder: z.string(),
          cardNumber: z.string(),
          institution: z.string(),
          branch: z.string().nullable(),
          unbound: z.boolean(),
        }),
      ),
    }),
});

export const context = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/context',
  need: 'review',
  summary: "Beside a review item: the user's verification state, flags, balances and recent fund records",
  params: () => zIdParam,
  response: () =>
    z.object({ user: zUserView, balances: z.array(zBalanceView), recentRecords: z.array(zFundRecord) }),
});

export const ledger = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/ledger',
  need: 'admin',
  summary: "Every ledger posting of a user's accounts, newest first",
  params: () => zIdParam,
  query: () => zPageQuery,
  response: () =>
    zAdminPage(
      z.object({
        id: z.number().int(),
        transactionId: z.number().int(),
        kind: z.string(),
        orderNo: z.string(),
        account: z.string(),
        currency: z.enum(CURRENCIES),
        amount: z.string(),
        balanceAfter: z.string().nullable(),
        memo: z.string().nullable(),
        createdAt: zIso,
      }),
    ),
});

export const positions = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/positions',
  need: 'admin',
  summary: "A user's positions (every state), newest first",
  params: () => zIdParam,
  query: () => zPageQuery,
  response: () =>
    zAdminPage(
      z.object({
        id: z.number().int(),
        orderNo: z.string(),
        code: z.string(),
        market: z.string(),
        currency: z.enum(CURRENCIES),
        direction: z.string(),
        orderType: z.string(),
        mode: z.string(),
        leverage: z.number(),
        quantity: z.number(),
        openPrice: z.string().nullable(),
        closePrice: z.string().nullable(),
        margin: z.string(),
        realisedPnl: z.string().nullable(),
        state: z.string(),
        closeReason: z.string().nullable(),
        createdAt: zIso,
        closedAt: zIso.nullable(),
      }),
    ),
});

export const sessions = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/sessions',
  need: 'admin',
  summary: "A user's sessions (signed in and ended), newest first",
  params: () => zIdParam,
  response: () =>
    zList(
      z.object({
        id: z.number().int(),
        createdAt: zIso,
        lastSeenAt: zIso,
        expiresAt: zIso,
        endedAt: zIso.nullable(),
        active: z.boolean(),
      }),
    ),
});

export const applications = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/applications',
  need: 'admin',
  summary:
    "A user's applications (real name, deposits, withdrawals) with state, reviewer and reason, newest first",
  params: () => zIdParam,
  response: () =>
    zList(
      z.object({
        kind: z.string(),
        id: z.number().int(),
        state: z.string(),
        amount: z.string().nullable(),
        currency: z.string().nullable(),
        reason: z.string().nullable(),
        reviewer: z.string().nullable(),
        createdAt: zIso,
        reviewedAt: zIso.nullable(),
      }),
    ),
});

export const flags = defineAdminCall({
  method: 'POST',
  path: '/api/admin/users/:id/flags',
  need: 'admin',
  summary: 'Set or lift banned / frozen / trade-barred {banned?, frozen?, tradeBarred?, reason}',
  params: () => zIdParam,
  body: () =>
    z
      .object({
        banned: z.boolean().optional(),
        frozen: z.boolean().optional(),
        tradeBarred: z.boolean().optional(),
        reason: zReason,
      })
      .strict(),
  response: () => z.object({ user: zUserView }),
});

export const security = defineAdminCall({
  method: 'GET',
  path: '/api/admin/users/:id/security',
  need: 'admin',
  summary: "A user's second factors (passkey names, TOTP on, recovery codes left) and open sessions",
  params: () => zIdParam,
  response: () =>
    z.object({
      factors: z.object({
        passkeys: z.array(zPasskey),
        totp: z.boolean(),
        recoveryCodesLeft: z.number().int(),
        secondFactor: z.boolean(),
      }),
      sessions: z.array(
        z.object({
          id: z.number().int(),
          device: z.string().nullable(),
          address: z.string().nullable(),
          createdAt: zIso,
          lastSeenAt: zIso,
          steppedUpAt: zIso.nullable(),
        }),
      ),
    }),
});

export const resetFactors = defineAdminCall({
  method: 'POST',
  path: '/api/admin/users/:id/reset-factors',
  need: 'admin',
  summary:
    "Reset a user's second factors (a lost phone) {reason}: audited, ends every session, messages the user",
  params: () => zIdParam,
  body: () => z.object({ reason: zReason }).strict(),
  response: () =>
    z.object({
      passkeys: z.number().int(),
      totp: z.boolean(),
      sessionsEnded: z.number().int(),
    }),
});

/** Ledger adjustments (SPEC §9, §0.2). */
const zAdjustmentState = z.enum(['pending', 'posted', 'rejected']);
const zAdjustmentOutcome = z.object({
  id: z.number().int(),
  state: z.string(),
  orderNo: z.string().nullable(),
});

export const adjust = defineAdminCall({
  method: 'POST',
  path: '/api/admin/users/:id/adjustments',
  need: 'admin',
  summary:
    'Ledger adjustment {currency, direction: credit|debit, amount, reason}; above the configured amount it waits for a second operator',
  params: () => zIdParam,
  body: () =>
    z
      .object({
        currency: z.enum(CURRENCIES),
        direction: z.enum(['credit', 'debit']),
        amount: z.string().trim().max(32),
        reason: zReason,
      })
      .strict(),
  response: () => zAdjustmentOutcome,
});

export const zAdjustment = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  account: z.string(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string(),
  state: zAdjustmentState,
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: zIso,
  decidedAt: zIso.nullable(),
});
export type AdjustmentView = z.infer<typeof zAdjustment>;

export const adjustments = defineAdminCall({
  method: 'GET',
  path: '/api/admin/adjustments',
  need: 'admin',
  summary: 'Ledger adjustments ?state=pending|posted|rejected|all (pending: oldest first)',
  query: () =>
    zPageQuery.extend({
      state: z.enum(['pending', 'posted', 'rejected', 'all']).default('pending'),
      userId: z.coerce.number().int().positive().optional(),
    }),
  response: () => zAdminPage(zAdjustment),
});

export const approveAdjustment = defineAdminCall({
  method: 'POST',
  path: '/api/admin/adjustments/:id/approve',
  need: 'admin',
  summary: 'A second operator approves a pending adjustment {reason?}: it is posted to the ledger',
  params: () => zIdParam,
  body: () => z.object({ reason: z.string().trim().max(REASON_MAX).optional() }).strict(),
  response: () => zAdjustmentOutcome,
});

export const rejectAdjustment = defineAdminCall({
  method: 'POST',
  path: '/api/admin/adjustments/:id/reject',
  need: 'admin',
  summary: 'Reject a pending adjustment {reason}',
  params: () => zIdParam,
  body: () => z.object({ reason: zReason }).strict(),
  response: () => zAdjustmentOutcome,
});
