import { z } from 'zod';
import { NEW_SHARE_STATES, SUBSCRIPTION_STATES } from '../api/ipo';
import { MARKETS } from '../enums';
import { defineAdminCall, zAdminPage, zIdParam, zIso, zOk, zPageQuery, zReason, zReasonBody } from './define';

/** New shares in the back office (SPEC §9 operator role). */
const nameText = z.string().trim().min(1).max(100);
const shortText = z.string().trim().min(1).max(100);
const namesText = z.object({ cn: shortText, us: shortText, jp: shortText }).strict();
/** A name the same in every language ("NASDAQ"), or one per language ({cn, us, jp}). */
const nameOrNames = z.union([shortText, namesText]);
export type NameOrNames = z.output<typeof nameOrNames>;
const priceText = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}(\.[0-9]{1,6})?$/, 'decimal expected');
const quantity = z.number().int().positive().max(1_000_000_000_000);
/** A moment with its offset (SPEC §8: ISO 8601 with offset). */
const moment = z.iso.datetime({ offset: true });

/** A listing; the server also checks the sector is one it knows. */
export const zNewShareInput = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.]{1,16}$/, 'stock code expected'),
    market: z.enum(MARKETS),
    name: z.object({ cn: nameText, us: nameText, jp: nameText }).strict(),
    sector: z.string(),
    price: priceText,
    provisionalPrice: shortText,
    pe: priceText.optional(),
    leadUnderwriter: nameOrNames,
    issueMarket: nameOrNames,
    offeredQuantity: quantity,
    minQuantity: quantity,
    maxQuantity: quantity,
    sharesOutstanding: quantity,
    opensAt: moment,
    closesAt: moment,
    lotteryAt: moment,
    payUntil: moment,
    listsAt: moment,
  })
  .strict();
export type NewShareInput = z.output<typeof zNewShareInput>;

const zLabels = z.record(z.string(), z.string());

export const zAdminShare = z.object({
  id: z.number().int(),
  code: z.string(),
  market: z.enum(MARKETS),
  currency: z.string(),
  name: zLabels,
  sector: z.string(),
  state: z.enum(NEW_SHARE_STATES),
  price: z.string(),
  provisionalPrice: z.string(),
  pe: z.string().nullable(),
  leadUnderwriter: z.string(),
  issueMarket: z.string(),
  /** The two above in each language, or null when the text is the same in every language. */
  leadUnderwriterNames: zLabels.nullable(),
  issueMarketNames: zLabels.nullable(),
  offeredQuantity: z.number(),
  minQuantity: z.number(),
  maxQuantity: z.number(),
  sharesOutstanding: z.number(),
  opensAt: zIso,
  closesAt: zIso,
  lotteryAt: zIso,
  payUntil: zIso,
  listsAt: zIso,
  firstPrice: z.string().nullable(),
  createdAt: zIso,
});
export type AdminShareView = z.infer<typeof zAdminShare>;

export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/newshares',
  need: 'list',
  summary: 'New shares, newest first, with their subscriptions counted',
  query: () => zPageQuery,
  response: () =>
    zAdminPage(zAdminShare.extend({ applications: z.number().int(), appliedQuantity: z.number() })),
});

export const detail = defineAdminCall({
  method: 'GET',
  path: '/api/admin/newshares/:id',
  need: 'list',
  summary: 'A new share with its subscriptions and its recorded draw',
  params: () => zIdParam,
  response: () =>
    z.object({
      share: zAdminShare,
      subscriptions: z.array(
        z.object({
          id: z.number().int(),
          orderNo: z.string(),
          account: z.string(),
          quantity: z.number(),
          amount: z.string(),
          wonQuantity: z.number().nullable(),
          frozen: z.string(),
          state: z.enum(SUBSCRIPTION_STATES),
          createdAt: zIso,
        }),
      ),
      draw: z
        .object({
          seed: z.string(),
          inputsDigest: z.string(),
          algorithm: z.string(),
          applications: z.number().int(),
          winners: z.number().int(),
          drawnAt: zIso,
        })
        .nullable(),
    }),
});

export const create = defineAdminCall({
  method: 'POST',
  path: '/api/admin/newshares',
  need: 'list',
  summary:
    'List a new share {code, market, name {cn, us, jp}, sector, price, provisionalPrice, pe?, leadUnderwriter, ' +
    'issueMarket, offeredQuantity, minQuantity, maxQuantity, sharesOutstanding, opensAt, closesAt, lotteryAt, ' +
    'payUntil, listsAt (ISO 8601 with offset)}; refuses offer_above_draw_limit when offeredQuantity ÷ minQuantity ' +
    'passes MAX_LOTTERY_SAMPLE (10,000,000 units), what one draw samples',
  body: () => zNewShareInput,
  response: () => zAdminShare,
});

export const update = defineAdminCall({
  method: 'POST',
  path: '/api/admin/newshares/:id',
  need: 'list',
  summary:
    'Change a new share before its subscription opens {the listing fields but code and market, reason}; ' +
    'refuses not_upcoming once it has opened; the audit entry keeps it before and after',
  params: () => zIdParam,
  body: () => zNewShareInput.omit({ code: true, market: true }).extend({ reason: zReason }).strict(),
  response: () => zAdminShare,
});

export const withdraw = defineAdminCall({
  method: 'POST',
  path: '/api/admin/newshares/:id/withdraw',
  need: 'list',
  summary:
    'Withdraw a new share before its subscription opens {reason}: it leaves every list; the audit entry keeps it whole',
  params: () => zIdParam,
  body: () => zReasonBody,
  response: () => zOk,
});
