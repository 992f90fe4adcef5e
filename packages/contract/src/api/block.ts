import { z } from 'zod';
import { CURRENCIES, MARKETS } from '../enums';
import { PAGE_SIZE_MAX, zId, zMoney, zPage, zSize, zTime } from '../envelope';
import { typedInt } from '../fields';
import { defineCall, withType } from './define';
import { zOptionalPassword } from './money';

/** SPEC §6.5 block trade: a product's state follows its application window. */
export const BLOCK_PRODUCT_STATES = ['upcoming', 'open', 'closed'] as const;
export type BlockProductStateName = (typeof BLOCK_PRODUCT_STATES)[number];
/** SPEC §5 review states of an application. */
export const BLOCK_APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type BlockApplicationState = (typeof BLOCK_APPLICATION_STATES)[number];

export const zBlockProduct = z.lazy(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    /** The block price every approved lot opens at. */
    price: zMoney,
    /** The stock's current price, when there is one. */
    marketPrice: zMoney.nullable(),
    minLots: z.number(),
    totalLots: z.number(),
    remainingLots: z.number(),
    startsAt: zTime,
    endsAt: zTime,
    state: z.enum(BLOCK_PRODUCT_STATES),
  }),
);
export type BlockProductView = z.infer<typeof zBlockProduct>;

export const zBlockApplication = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    productId: z.number(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    lots: z.number(),
    price: zMoney,
    /** Block price × lots: what is frozen while pending. */
    amount: zMoney,
    /** The seed's field for the frozen amount (equal to `amount`). */
    credit: zMoney,
    /** The seed's status: 0 = pending (funds frozen), 1 = approved, 2 = rejected. */
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    state: z.enum(BLOCK_APPLICATION_STATES),
    reason: z.string().nullable(),
    createdAt: zTime,
    reviewedAt: zTime.nullable(),
    /** Promised review time. */
    dueAt: zTime,
    /** The holding position an approval opened. */
    positionId: z.number().nullable(),
  }),
);
export type BlockApplicationView = z.infer<typeof zBlockApplication>;

export const blockListCall = defineCall({
  path: '/trade/blocklist',
  summary: 'Block-trade products of the selected market, open ones first (SPEC §6.5)',
  auth: true,
  request: () => withType({ state: z.enum(BLOCK_PRODUCT_STATES).optional() }),
  response: () => z.array(zBlockProduct),
});

export const blockInfoCall = defineCall({
  path: '/trade/blockinfo',
  summary: 'One block-trade product with my applications for it',
  auth: true,
  request: () => withType({ id: zId }),
  response: () => z.object({ product: zBlockProduct, applications: z.array(zBlockApplication) }),
});

export const blockApplyCall = defineCall({
  path: '/trade/blockApply',
  summary:
    'Apply for lots of a block-trade product with the fund password: lots ≥ minimum, inside the window, ' +
    'within the remaining quota; block price × lots is frozen until review (SPEC §6.5)',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId, lots: typedInt(12), fund_password: zOptionalPassword }),
  response: () => zBlockApplication,
});

export const blockApplicationInfoCall = defineCall({
  path: '/trade/blockApplyInfo',
  summary: 'One of my block-trade applications',
  auth: true,
  request: () => withType({ id: zId }),
  response: () => zBlockApplication,
});

export const blockApplicationListCall = defineCall({
  path: '/trade/ustockslist',
  summary:
    'The seed’s block application list of the selected market: status 0 = pending, credit = the frozen amount, ' +
    'so pending items sum to the funds frozen for block trades',
  auth: true,
  request: () => withType({ page: zPage, size: zSize.default(PAGE_SIZE_MAX) }),
  response: () => z.array(zBlockApplication),
});

export const blockCalls = {
  blockListCall,
  blockInfoCall,
  blockApplyCall,
  blockApplicationInfoCall,
  blockApplicationListCall,
};
