import { z } from 'zod';
import { defineAdminCall, zOk } from './define';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'operator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Operator sign-in, the signed-in operator and their own second factor (SPEC §9). */
export const login = defineAdminCall({
  method: 'POST',
  path: '/api/admin/login',
  summary: 'Operator sign-in → {token, role}',
  body: () =>
    z.object({
      username: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      /** The TOTP code, for an operator who turned the second factor on. */
      code: z.string().max(12).optional(),
    }),
  response: () => z.object({ token: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

export const me = defineAdminCall({
  method: 'GET',
  path: '/api/admin/me',
  need: 'view',
  summary: 'The signed-in operator',
  response: () => z.object({ id: z.number().int(), username: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

export const logout = defineAdminCall({
  method: 'POST',
  path: '/api/admin/logout',
  need: 'view',
  summary: "Ends the operator's session",
  response: () => zOk,
});

export const totpSetup = defineAdminCall({
  method: 'POST',
  path: '/api/admin/me/totp/setup',
  need: 'view',
  summary: 'Start turning on the second factor: a new secret and its otpauth URI (not active until enabled)',
  response: () => z.object({ secret: z.string(), uri: z.string() }),
});

export const totpEnable = defineAdminCall({
  method: 'POST',
  path: '/api/admin/me/totp/enable',
  need: 'view',
  summary: 'Turn the second factor on with a first code {code}',
  body: () => z.object({ code: z.string().max(12) }).strict(),
  response: () => z.object({ enabled: z.boolean() }),
});

export const totpState = defineAdminCall({
  method: 'GET',
  path: '/api/admin/me/totp',
  need: 'view',
  summary: 'Whether the second factor is on',
  response: () => z.object({ enabled: z.boolean() }),
});
