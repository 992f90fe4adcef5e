import { z } from 'zod';
import { CURRENCIES, MARKETS } from '../enums';
import { defineAdminCall, zIdAnswer, zIdParam, zIso, zList, zReason, zReasonBody } from './define';

/**
 * The operator's copy products (SPEC §9 operator role): the leaders with their computed record,
 * the products listed on them, and listing a new one. No call sets a return (SPEC §0.1, §0.5).
 */
const NAME_MAX = 100;
const LOCK_DAYS_MAX = 3_650;
const nameText = z.string().trim().min(1).max(NAME_MAX);
/** A product's name in each language (SPEC §1); the English one is its key in lists and audits. */
const namesText = z.object({ cn: nameText, us: nameText, jp: nameText }).strict();
const minAmountText = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/);
const lockDaysField = z.number().int().min(1).max(LOCK_DAYS_MAX);
const moment = z.iso.datetime({ offset: true });
const zLabels = z.record(z.string(), z.string());

export const zCopyLeader = z.object({
  id: z.number().int(),
  name: z.string(),
  names: zLabels.nullable(),
  strategy: z.string(),
  market: z.enum(MARKETS),
  currency: z.enum(CURRENCIES),
  codes: z.array(z.string()),
  equity: z.string(),
  liveFrom: zIso.nullable(),
  days: z.number().int(),
  totalReturn: z.string(),
  maxDrawdown: z.string(),
});
export type CopyLeaderView = z.infer<typeof zCopyLeader>;

export const zCopyProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  names: zLabels.nullable(),
  leaderId: z.number().int(),
  leader: z.string(),
  leaderNames: zLabels.nullable(),
  open: z.boolean(),
  currency: z.enum(CURRENCIES),
  minAmount: z.string(),
  lockDays: z.number().int(),
  cutoffAt: zIso,
  followers: z.number().int(),
  createdAt: zIso,
});
export type CopyProductView = z.infer<typeof zCopyProduct>;

export const leaders = defineAdminCall({
  method: 'GET',
  path: '/api/admin/copy/leaders',
  need: 'list',
  summary: 'Strategy leaders with their equity and computed record',
  response: () => zList(zCopyLeader),
});

export const products = defineAdminCall({
  method: 'GET',
  path: '/api/admin/copy/products',
  need: 'list',
  summary:
    'Copy products with their leader, rules and active followers; names by language; open until the cutoff',
  response: () => zList(zCopyProduct),
});

export const create = defineAdminCall({
  method: 'POST',
  path: '/api/admin/copy/products',
  need: 'list',
  summary:
    'List a copy product on a leader {leaderId, names {cn, us, jp} (or name in every language), minAmount, lockDays, cutoffAt}',
  body: () =>
    z
      .object({
        leaderId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
        name: nameText.optional(),
        names: namesText.optional(),
        minAmount: minAmountText,
        lockDays: lockDaysField,
        cutoffAt: moment,
      })
      .strict(),
  response: () => zIdAnswer,
});

export const update = defineAdminCall({
  method: 'POST',
  path: '/api/admin/copy/products/:id',
  need: 'list',
  summary:
    'Change a copy product still open {names {cn, us, jp}, minAmount, lockDays, cutoffAt, reason}: ' +
    'holdings already made keep their amount and lock-in; refuses product_closed after the cutoff',
  params: () => zIdParam,
  body: () =>
    z
      .object({
        names: namesText,
        minAmount: minAmountText,
        lockDays: lockDaysField,
        cutoffAt: moment,
        reason: zReason,
      })
      .strict(),
  response: () => zIdAnswer,
});

export const close = defineAdminCall({
  method: 'POST',
  path: '/api/admin/copy/products/:id/close',
  need: 'list',
  summary:
    'Close a copy product now {reason}: its cutoff becomes now, so nobody new can follow; holdings run to ' +
    'the end of their lock-in; refuses product_closed when already past its cutoff',
  params: () => zIdParam,
  body: () => zReasonBody,
  response: () => zIdAnswer,
});

export const renameLeader = defineAdminCall({
  method: 'POST',
  path: '/api/admin/copy/leaders/:id',
  need: 'list',
  summary:
    'Rename a strategy leader {names {cn, us, jp}, reason}: investors read the new name in their language on every product it leads; its record and fills are untouched',
  params: () => zIdParam,
  body: () => z.object({ names: namesText, reason: zReason }).strict(),
  response: () => zIdAnswer,
});
