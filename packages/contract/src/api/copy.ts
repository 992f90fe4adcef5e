import { z } from 'zod';
import { CURRENCIES, MARKETS } from '../enums';
import { zId, zMoney, zPage, zPaged, zSize, zTime } from '../envelope';
import { defineCall, withType } from './define';
import { zAmountText, zOptionalPassword } from './money';
import { zPosition } from './trading';

/** SPEC §6.5 copy trading: the built-in strategies a leader runs. */
export const COPY_STRATEGIES = ['trend', 'meanReversion', 'basket'] as const;
/** SPEC §5 copy holding: active (following) → ended at the end of the lock-in. */
export const COPY_HOLDING_STATES = ['active', 'ended'] as const;
/** The seed's `status` of a copy holding (SPEC §8 /trade/userproductlist: 0 = active). */
export const COPY_HOLDING_STATUS = { active: 0, ended: 1 } as const;

/**
 * A product's figures (SPEC §0.5): computed from its leader's ledger and fills, always
 * historical, never guaranteed. Days before `liveFrom` are simulated history (the strategy run
 * over the generated market history through the same engine).
 */
export const zCopyFigures = z.lazy(() =>
  z.object({
    historical: z.literal(true),
    /** First day of the record. */
    from: z.string().nullable(),
    /** When the leader began trading live; earlier days are simulated history. */
    liveFrom: zTime.nullable(),
    days: z.number().int(),
    /** Mean daily return, a decimal fraction as text (0.0012 = 0.12%). */
    averageDailyReturn: z.string(),
    totalReturn: z.string(),
    maxDrawdown: z.string(),
    /** Annualised standard deviation of daily returns. */
    volatility: z.string(),
    /** The equity curve, sampled, oldest first (for a sparkline). */
    sparkline: z.array(z.string()),
  }),
);

export const zCopyProduct = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    /** The issuer: the strategy's leader account. */
    leader: z.string(),
    strategy: z.enum(COPY_STRATEGIES),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    minAmount: zMoney,
    lockDays: z.number().int(),
    /** Following is possible until this instant (`product_deadline` after). */
    cutoffAt: zTime,
    open: z.boolean(),
    followers: z.number().int(),
    figures: zCopyFigures,
  }),
);
export type CopyProductView = z.infer<typeof zCopyProduct>;

export const zCopyTrade = z.lazy(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    /** open = the leader bought, close = the leader sold. */
    side: z.enum(['open', 'close']),
    quantity: z.number().int(),
    price: z.string(),
    time: zTime,
    /** A fill of the simulated history rather than live trading. */
    simulated: z.boolean(),
  }),
);

export const zCopyProductDetail = z.lazy(() =>
  zCopyProduct.unwrap().extend({
    curve: z.array(z.object({ day: z.string(), equity: zMoney, drawdown: z.string() })),
    recentTrades: z.array(zCopyTrade),
    codes: z.array(z.string()),
  }),
);

export const zCopyHolding = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    productId: z.number(),
    productName: z.string(),
    currency: z.enum(CURRENCIES),
    /** The buy amount. */
    amount: zMoney,
    /** What the holding holds frozen now: its cash and the margin of its open mirrored positions. */
    money: zMoney,
    /** Cash + market value of the open mirrored positions. */
    value: zMoney,
    dailyProfit: zMoney,
    totalProfit: zMoney,
    state: z.enum(COPY_HOLDING_STATES),
    /** The seed's status: 0 = active, 1 = ended. */
    status: z.number().int(),
    createdAt: zTime,
    lockUntil: zTime,
    endedAt: zTime.nullable(),
    /** What returned to available funds at the end. */
    returned: zMoney.nullable(),
    openPositions: z.number().int(),
  }),
);
export type CopyHoldingView = z.infer<typeof zCopyHolding>;

export const productListCall = defineCall({
  path: '/trade/productlist',
  summary:
    'Copy-trading products with their historical figures (SPEC §6.5, §0.5: historical, not guaranteed)',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () => zPaged(zCopyProduct),
});

export const productInfoCall = defineCall({
  path: '/trade/productinfo',
  summary: "A copy product: equity curve, drawdown, the leader's recent trades and the rules",
  auth: true,
  request: () => withType({ id: zId }),
  response: () => zCopyProductDetail,
});

export const productBuyCall = defineCall({
  path: '/trade/productBuy',
  summary: 'Follow a copy product: the amount (≥ minimum, before the cutoff) is frozen for the lock-in days',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId, amount: zAmountText, fund_password: zOptionalPassword }),
  response: () => zCopyHolding,
});

export const userProductListCall = defineCall({
  path: '/trade/userproductlist',
  summary: 'My copy holdings, newest first (status 0 = active; money = what the holding holds frozen)',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () => zPaged(zCopyHolding),
});

export const followOrdersCall = defineCall({
  path: '/trade/followOrders',
  summary: 'Mirrored positions of one copy holding, or of all of mine without holding_id (Following orders)',
  auth: true,
  request: () => withType({ holding_id: zId.optional(), page: zPage, size: zSize }),
  response: () =>
    zPaged(
      zPosition.unwrap().extend({
        holdingId: z.number(),
        /**
         * The leader's fill this position mirrors (SPEC §6.5): its quantity and the leader's equity
         * then; the quantity here is that quantity × holding amount ÷ equity, in whole shares.
         */
        leaderQuantity: z.number().int().nullable(),
        leaderEquity: zMoney.nullable(),
      }),
    ),
});

export const copyCalls = {
  productListCall,
  productInfoCall,
  productBuyCall,
  userProductListCall,
  followOrdersCall,
};
