import { z } from 'zod';
import { zBlockProduct } from '../api/block';
import { LANGUAGES, MARKETS } from '../enums';
import { defineAdminCall, zIdParam, zPageQuery, zReason, zReasonBody } from './define';

/** The back office's block-trade products (SPEC §6.5, §9 operator role). */
const LOTS_MAX = 1_000_000_000;
const lots = z.coerce.number().int().min(1).max(LOTS_MAX);
const price = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}(\.[0-9]{1,6})?$/);

export const list = defineAdminCall({
  method: 'GET',
  path: '/api/admin/block/products',
  need: 'view',
  summary: 'Block-trade products, newest first, with their applications by state (names in `language`)',
  query: () => zPageQuery.extend({ language: z.enum(LANGUAGES).default('us') }),
  response: () =>
    z.object({
      list: z.array(zBlockProduct.unwrap().extend({ applications: z.record(z.string(), z.number()) })),
      total: z.number().int(),
      page: z.number().int(),
      size: z.number().int(),
      /** The band a block price must keep around the market price, for the form to state. */
      priceBandPercent: z.number(),
    }),
});

export const create = defineAdminCall({
  method: 'POST',
  path: '/api/admin/block/products',
  need: 'list',
  summary:
    'List a block-trade product {code, market?, price, minLots, totalLots, startsAt, endsAt} (SPEC §6.5)',
  body: () =>
    z
      .object({
        code: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9.\-^]{1,16}$/),
        market: z.enum(MARKETS).optional(),
        price,
        minLots: lots,
        totalLots: lots,
        startsAt: z.string().datetime({ offset: true }),
        endsAt: z.string().datetime({ offset: true }),
      })
      .strict(),
  response: () => zBlockProduct,
});

export const update = defineAdminCall({
  method: 'POST',
  path: '/api/admin/block/products/:id',
  need: 'list',
  summary:
    'Change a block-trade product still open or to come {price?, minLots?, totalLots?, endsAt?, reason}: pending applications keep their own price',
  params: () => zIdParam,
  body: () =>
    z
      .object({
        price: price.optional(),
        minLots: lots.optional(),
        totalLots: lots.optional(),
        endsAt: z.string().datetime({ offset: true }).optional(),
        reason: zReason,
      })
      .strict(),
  response: () => zBlockProduct,
});

export const close = defineAdminCall({
  method: 'POST',
  path: '/api/admin/block/products/:id/close',
  need: 'list',
  summary:
    'Close a block-trade product early {reason}: no new applications; those pending stay in the review queue',
  params: () => zIdParam,
  body: () => zReasonBody,
  response: () => zBlockProduct,
});
