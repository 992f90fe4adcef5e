import { z } from 'zod';
import { CURRENCIES, MARKETS } from '../enums';
import { zId, zMoney, zPage, zPaged, zSize, zTime } from '../envelope';
import { typedInt } from '../fields';
import { defineCall, withType } from './define';
import { zOptionalPassword } from './money';

/** SPEC §5 new share listing: upcoming → subscribing → closed (lottery) → listed. */
export const NEW_SHARE_STATES = ['upcoming', 'subscribing', 'closed', 'listed'] as const;
export type NewShareState = (typeof NEW_SHARE_STATES)[number];
/** The list filter: a state, or `ended` (closed or listed: the screen's third list). */
export const NEW_SHARE_LIST_STATES = [...NEW_SHARE_STATES, 'ended'] as const;
export type NewShareListState = (typeof NEW_SHARE_LIST_STATES)[number];

/**
 * SPEC §5 subscription: applied → won | not_won (released); won → paid | waived | failed (deadline
 * passed unpaid; released). A paid subscription is `allotted` once its position exists (listing day).
 */
export const SUBSCRIPTION_STATES = [
  'applied',
  'won',
  'not_won',
  'paid',
  'waived',
  'failed',
  'allotted',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const zSubscription = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    shareId: z.number(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    /** Subscription price. */
    price: zMoney,
    /** Quantity applied for ("my quantity"). */
    quantity: z.number(),
    /** price × quantity, frozen at application. */
    amount: zMoney,
    /** Shares won in the draw (0 before the draw and when not won). */
    wonQuantity: z.number(),
    /** price × won quantity: what a winner pays. */
    wonAmount: zMoney,
    /** Paid-in amount. */
    paidAmount: zMoney,
    state: z.enum(SUBSCRIPTION_STATES),
    /** Seed shape (SPEC §8): 1 = funds frozen for it, 0 = nothing frozen. */
    status: z.union([z.literal(0), z.literal(1)]),
    /** Seed shape: the amount frozen for it, '-' for none. */
    rjmoney: z.string(),
    lotteryAt: zTime,
    payUntil: zTime,
    listsAt: zTime,
    createdAt: zTime,
    drawnAt: zTime.nullable(),
    paidAt: zTime.nullable(),
    resolvedAt: zTime.nullable(),
    positionId: z.number().nullable(),
  }),
);
export type SubscriptionView = z.infer<typeof zSubscription>;

export const zNewShare = z.lazy(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    /** The market's time zone: the screens show the dates in it. */
    timeZone: z.string(),
    state: z.enum(NEW_SHARE_STATES),
    /** Subscription price (the actual underwriting price). */
    price: zMoney,
    provisionalPrice: z.string(),
    /** Market price once listed, else null. */
    marketPrice: zMoney.nullable(),
    /** Market price − subscription price, once listed. */
    priceDifference: zMoney.nullable(),
    /** (market − subscription) ÷ subscription, percent, once listed. */
    premiumPercent: z.string().nullable(),
    pe: z.string().nullable(),
    leadUnderwriter: z.string(),
    issueMarket: z.string(),
    offeredQuantity: z.number(),
    minQuantity: z.number(),
    /** Subscription cap per application. */
    maxQuantity: z.number(),
    /** Shares applied for by everyone (after the draw). */
    appliedQuantity: z.number().nullable(),
    /** Offered ÷ applied, percent (100 when undersubscribed), after the draw. */
    winningRatePercent: z.string().nullable(),
    opensAt: zTime,
    closesAt: zTime,
    lotteryAt: zTime,
    payUntil: zTime,
    listsAt: zTime,
    drawn: z.boolean(),
    mine: zSubscription.nullable(),
  }),
);
export type NewShareView = z.infer<typeof zNewShare>;

export const zLotteryProof = z.lazy(() =>
  z.object({
    shareId: z.number(),
    code: z.string(),
    drawn: z.boolean(),
    seed: z.string().nullable(),
    /** How the seed was made (SPEC §0.7). */
    seedRule: z.string(),
    inputsDigest: z.string().nullable(),
    algorithm: z.string().nullable(),
    offeredShares: z.number(),
    lotSize: z.number(),
    applications: z.array(z.object({ id: z.number(), quantity: z.number() })),
    winners: z.array(z.object({ id: z.number(), allottedShares: z.number() })),
    /** The caller's own application id, if any. */
    myApplicationId: z.number().nullable(),
    drawnAt: zTime.nullable(),
  }),
);
export type LotteryProofView = z.infer<typeof zLotteryProof>;

export const newStockListCall = defineCall({
  path: '/trade/newstocklist',
  summary:
    'New shares of the market `type`, by state (upcoming, subscribing, closed, listed; `ended` = closed or listed), with my subscription',
  auth: true,
  request: () => withType({ state: z.enum(NEW_SHARE_LIST_STATES).optional(), page: zPage, size: zSize }),
  response: () => zPaged(zNewShare),
});

export const newStockInfoCall = defineCall({
  path: '/trade/newstockinfo',
  summary: 'A new share with every field (SPEC §4) and my subscription',
  auth: true,
  request: () => withType({ id: zId }),
  response: () => zNewShare,
});

/**
 * The bounds of one new share's draw (packages/domain lottery.ts): at most MAX_LOTTERY_SAMPLE
 * tickets are sampled (its memory), and tickets are numbered below MAX_LOTTERY_TICKETS (its
 * 32-bit generator). A ticket is a unit (the minimum quantity) applied for; the sample is at most
 * the units offered. So a listing offering more than MAX_LOTTERY_SAMPLE units is refused
 * (`offer_above_draw_limit`), and so is an application that would take the units applied for past
 * MAX_LOTTERY_TICKETS (`subscription_full`): no share can reach a draw that cannot run.
 */
export const MAX_LOTTERY_SAMPLE = 10_000_000;
export const MAX_LOTTERY_TICKETS = 2 ** 32;

export const subscribeCall = defineCall({
  path: '/trade/subscribe',
  summary:
    'Subscribe to a new share between open and deadline, once; price × quantity is frozen (SPEC §6.5). ' +
    'Refusals: ipo_once, quantity_invalid, subscription_not_open, product_deadline, balance_insufficient, ' +
    "subscription_full (the units applied for would pass the draw's MAX_LOTTERY_TICKETS)",
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId, quantity: typedInt(12) }),
  response: () => zSubscription,
});

export const newStockPayCall = defineCall({
  path: '/trade/newstockPay',
  summary:
    'Pay for a won subscription (id = subscription id) before the payment deadline, with the fund password',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId, fund_password: zOptionalPassword }),
  response: () => zSubscription,
});

export const newStockAbstainCall = defineCall({
  path: '/trade/newstockAbstain',
  summary: 'Decline a won subscription (id = subscription id); the frozen amount is released',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId }),
  response: () => zSubscription,
});

export const newStockLotteryCall = defineCall({
  path: '/trade/newstockLottery',
  summary:
    'The draw of a new share (id = share id): seed, inputs digest, algorithm version, the applications and the winners, ' +
    'so anyone can re-run it (SPEC §0.7)',
  auth: true,
  request: () => withType({ id: zId }),
  response: () => zLotteryProof,
});

export const userNewStockListCall = defineCall({
  path: '/trade/usernewstocklist',
  summary:
    'My subscriptions of the market `type`, newest first; status 1 = funds frozen, rjmoney the frozen amount',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () =>
    zPaged(zSubscription).extend({
      /** Sum of rjmoney over every subscription with status 1: the funds frozen for IPOs. */
      frozen: zMoney,
    }),
});

export const ipoCalls = {
  newStockListCall,
  newStockInfoCall,
  subscribeCall,
  newStockPayCall,
  newStockAbstainCall,
  newStockLotteryCall,
  userNewStockListCall,
};
