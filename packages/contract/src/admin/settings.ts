import { z } from 'zod';
import { defineAdminCall, zIso, zList, zReason } from './define';

/** The configuration an operator edits (SPEC §10 with §9 "config"). */
export const SETTING_KINDS = [
  'text',
  'boolean',
  'integer',
  'integerList',
  'money',
  'moneyMap',
  'choice',
] as const;
export type SettingKind = (typeof SETTING_KINDS)[number];

export const zSetting = z.object({
  name: z.string(),
  kind: z.enum(SETTING_KINDS),
  choices: z.array(z.string()).readonly().optional(),
  value: z.unknown(),
  default: z.unknown(),
  overridden: z.boolean(),
});
export type SettingView = z.infer<typeof zSetting>;

export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/config',
  need: 'list',
  summary: 'Editable settings with their defaults',
  response: () => zList(zSetting),
});

export const change = defineAdminCall({
  method: 'POST',
  path: '/api/admin/config',
  need: 'list',
  summary: 'Change a setting {name, value, reason}; value null restores the default',
  body: () => z.object({ name: z.string().max(64), value: z.unknown(), reason: zReason }).strict(),
  response: () => z.object({ name: z.string(), value: z.unknown() }),
});

export const zSettingChange = z.object({
  id: z.number().int(),
  name: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  operator: z.string().nullable(),
  createdAt: zIso,
});
export type SettingChangeView = z.infer<typeof zSettingChange>;

export const history = defineAdminCall({
  method: 'GET',
  path: '/api/admin/config/history',
  need: 'list',
  summary: 'Changes of settings, newest first (from the audit log)',
  response: () => zList(zSettingChange),
});
