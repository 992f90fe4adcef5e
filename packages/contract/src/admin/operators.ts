import { z } from 'zod';
import { OPERATOR_ROLES } from './auth';
import { defineAdminCall, zIdAnswer, zIdParam, zIso, zList, zReason } from './define';

/** Operator accounts (SPEC §9: the admin role manages them). */
const username = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/);
/** Operator passwords are longer than investors' (they reach everyone's data). */
const password = z.string().min(10).max(128);

export const zOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled: z.boolean(),
  totp: z.boolean(),
  lockedUntil: zIso.nullable(),
  createdAt: zIso,
});
export type OperatorView = z.infer<typeof zOperator>;

export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/operators',
  need: 'admin',
  summary: 'Operator accounts',
  response: () => zList(zOperator),
});

export const create = defineAdminCall({
  method: 'POST',
  path: '/api/admin/operators',
  need: 'admin',
  summary: 'Create an operator {username, password, role}',
  body: () => z.object({ username, password, role: z.enum(OPERATOR_ROLES) }).strict(),
  response: () => zIdAnswer,
});

export const update = defineAdminCall({
  method: 'POST',
  path: '/api/admin/operators/:id',
  need: 'admin',
  summary:
    "Change an operator's role, disable / enable it, or turn its second factor off (a lost phone) {role?, disabled?, totpOff?, reason}",
  params: () => zIdParam,
  body: () =>
    z
      .object({
        role: z.enum(OPERATOR_ROLES).optional(),
        disabled: z.boolean().optional(),
        totpOff: z.literal(true).optional(),
        reason: zReason,
      })
      .strict(),
  response: () =>
    z.object({
      id: z.number().int(),
      role: z.enum(OPERATOR_ROLES),
      disabled: z.boolean(),
      totp: z.boolean(),
    }),
});

export const resetPassword = defineAdminCall({
  method: 'POST',
  path: '/api/admin/operators/:id/password',
  need: 'admin',
  summary: "Reset an operator's password {password, reason}; their sessions end and any lock is lifted",
  params: () => zIdParam,
  body: () => z.object({ password, reason: zReason }).strict(),
  response: () => zIdAnswer,
});
