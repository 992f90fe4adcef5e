import { z } from 'zod';
import { CURRENCIES, DIRECTIONS, MARKETS, ORDER_TYPES, POSITION_STATES, TRADE_MODES } from '../enums';
import { zId, zMoney, zPage, zPrice, zSize, zStockCode, zTime } from '../envelope';
import { typedInt } from '../fields';
import { defineCall, withType } from './define';

/** SPEC §6.3: at most this many shares (lots of 1) in one order (CONVENTIONS §11). */
export const MAX_ORDER_QUANTITY = 1_000_000;

/** Where a position came from: an order, an IPO allocation, a block trade, a copy-trading mirror, a day-trading order. */
export const POSITION_SOURCES = ['order', 'ipo', 'block', 'copy', 'daytrade'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/** Why a position ended: closed or cancelled by the user, stopped out, expired at the session close, settled by a program. */
export const CLOSE_REASONS = [
  'user',
  'stop_out',
  'expired',
  'settlement',
  // SPEC §13.2: closed by its take-profit or stop-loss; a triggered order the funds no longer cover.
  'take_profit',
  'stop_loss',
  'unfunded',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/**
 * The seed's position status numbers: 0 = open (pending, holding or closing), 1 = closed,
 * 2 = cancelled.
 */
export const POSITION_STATUS = { open: 0, closed: 1, cancelled: 2 } as const;

/**
 * Quantity and leverage arrive as typed: plain digits (or a JSON integer), anything else is a bad
 * request; the server answers `quantity_invalid` / `leverage_invalid` for numbers it cannot take.
 */
const zTypedNumber = typedInt();
/** A price as typed; empty means none (market orders). */
const zOptionalPrice = z.preprocess((v) => (v === '' || v === null ? undefined : v), zPrice.optional());

/** SPEC §13.2: day (until this session's close) or good-till-cancelled (at most 30 calendar days). */
export const VALIDITIES = ['day', 'gtc'] as const;
export type Validity = (typeof VALIDITIES)[number];

const orderFields = {
  code: zStockCode,
  direction: z.enum(DIRECTIONS),
  order_type: z.enum(ORDER_TYPES).default('market'),
  /** Required for limit and stop-limit orders; ignored for the others. */
  price: zOptionalPrice,
  quantity: zTypedNumber,
  leverage: zTypedNumber,
  /** Stop and stop-limit: the price that sends the order (long on a rise to it, short on a fall). */
  trigger_price: zOptionalPrice,
  /** Trailing stop: the trail, as an amount of price or a percentage of the best price (one of them). */
  trail_amount: zOptionalPrice,
  trail_percent: zOptionalPrice,
  validity: z.enum(VALIDITIES).default('day'),
  /** Attached to the position the order opens (IFD; both make an IFDOCO). */
  take_profit: zOptionalPrice,
  stop_loss: zOptionalPrice,
};

/** The data of the sentence an order sheet says ("If Toyota falls to ¥2,700.0, sell 100 at market"). */
export const zOrderSentence = z.object({
  when: z.enum(['now', 'rise', 'fall']),
  trigger: z.string().nullable(),
  trail: z.union([z.object({ amount: z.string() }), z.object({ percent: z.string() })]).nullable(),
  action: z.enum(['buy', 'sell']),
  quantity: z.number().int(),
  at: z.enum(['market', 'limit']),
  limit: z.string().nullable(),
});

export const zOrderPreview = z.lazy(() =>
  z.object({
    code: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    /** The price the order would open at: the current price (market) or the limit. */
    price: z.string(),
    quantity: z.number().int(),
    leverage: z.number().int(),
    notional: zMoney,
    margin: zMoney,
    fee: zMoney,
    /** margin + fee: what the order needs available. */
    total: zMoney,
    available: zMoney,
    enough: z.boolean(),
    limitUp: z.string().nullable(),
    limitDown: z.string().nullable(),
    marketOpen: z.boolean(),
    /** What the order will do, for the sheet's sentence (SPEC §13.2). */
    sentence: zOrderSentence,
    /** GTC: when the order expires if nothing happens. */
    expiresAt: zTime.nullable(),
  }),
);

export const zPosition = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    direction: z.enum(DIRECTIONS),
    orderType: z.enum(ORDER_TYPES),
    mode: z.enum(TRADE_MODES),
    leverage: z.number().int(),
    quantity: z.number().int(),
    state: z.enum(POSITION_STATES),
    closeReason: z.enum(CLOSE_REASONS).nullable(),
    source: z.enum(POSITION_SOURCES),
    limitPrice: z.string().nullable(),
    openPrice: z.string().nullable(),
    openedAt: zTime.nullable(),
    /** Market-local trading day of the open (SPEC §6.2 T+1). */
    openedTradingDay: z.string().nullable(),
    /** Pending orders expire at this instant (the session's close, or 30 days for GTC). */
    expiresAt: zTime.nullable(),
    validity: z.enum(VALIDITIES),
    /** Stop and stop-limit: the trigger as set; trailing stop: where the trigger is now. */
    triggerPrice: z.string().nullable(),
    trailAmount: z.string().nullable(),
    trailPercent: z.string().nullable(),
    /** When the trigger fired (a stop-limit then rests as a limit order). */
    triggeredAt: zTime.nullable(),
    /** Closes the position at market when the price reaches it (SPEC §13.2). */
    takeProfit: z.string().nullable(),
    /** Closes the position at market when the price reaches it: fixed, or trailing (where it is now). */
    stopLoss: z.string().nullable(),
    stopLossTrailAmount: z.string().nullable(),
    stopLossTrailPercent: z.string().nullable(),
    /** Current price (open positions) or the close price (closed). */
    currentPrice: z.string().nullable(),
    margin: zMoney,
    openFee: zMoney,
    /** Funds frozen for this position now: margin + fee while pending, margin while open, 0 after. */
    frozen: zMoney,
    marketValue: zMoney,
    /** Unrealised P&L while open, realised P&L after the close (never below −margin, SPEC §0.4). */
    pnl: zMoney,
    closePrice: z.string().nullable(),
    closedAt: zTime.nullable(),
    closeFee: zMoney.nullable(),
    realisedPnl: zMoney.nullable(),
    /** Loss beyond the margin that the house absorbed at the close (SPEC §0.4). */
    houseAbsorbed: zMoney.nullable(),
    createdAt: zTime,
    updatedAt: zTime,
    // The seed's wire names (SPEC §8).
    /** 0 = open (pending, holding, closing), 1 = closed, 2 = cancelled. */
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    nowprice: z.string(),
    stock_num: z.number().int(),
    /** Open price; the limit price while the order is pending. */
    buy_price: z.string(),
    yingkui: zMoney,
    /** Funds frozen for the position (same as `frozen`): the client sums it over status 0 (SPEC §6.4). */
    money: zMoney,
  }),
);

export const zPositionDetail = z.lazy(() =>
  zPosition.unwrap().extend({
    /** Whether a close is possible now, and why not (t1_sell, market_closed, price_unavailable, not_holding). */
    closable: z.boolean(),
    closeBlockedBy: z.enum(['t1_sell', 'market_closed', 'price_unavailable', 'not_holding']).nullable(),
    /** Close fee at the current price. */
    estimatedCloseFee: zMoney.nullable(),
    /** The price at which the position would be stopped out (SPEC §6.3). */
    stopOutPrice: z.string().nullable(),
  }),
);

/** An order's fields as the order sheet sends them, to preview or to place. */
const orderRequest = () => withType({ ...orderFields, mode: z.enum(TRADE_MODES).default('normal') });

export const previewCall = defineCall({
  path: '/trade/preview',
  summary: 'Margin, fee and total an order would need, and the available balance (SPEC §4 order sheet, §6.3)',
  auth: true,
  request: orderRequest,
  response: () => zOrderPreview,
});

export const orderCall = defineCall({
  path: '/trade/order',
  summary:
    'Place an order: market orders fill at the current price; limit orders freeze margin + fee and wait ' +
    '(SPEC §6.3). Refusals: price_limit, market_closed, price_unavailable, balance_insufficient, trade_blocked, ' +
    `quantity_invalid (1–${MAX_ORDER_QUANTITY} shares), leverage_invalid, too_frequent, not_found`,
  auth: true,
  idempotent: true,
  request: orderRequest,
  response: () => zPosition,
});

export const modifyOrderCall = defineCall({
  path: '/trade/modify',
  summary:
    'Change a pending order: its limit, its trigger, its quantity (down only). The frozen margin and fee ' +
    'follow in the same transaction. Refusals: order_not_modifiable (no longer pending, or filling), ' +
    'trigger_invalid, quantity_invalid, price_limit, balance_insufficient, bad_request',
  auth: true,
  idempotent: true,
  request: () =>
    withType({
      id: zId,
      price: zOptionalPrice,
      trigger_price: zOptionalPrice,
      quantity: zTypedNumber.optional(),
    }),
  response: () => zPosition,
});

export const setTpSlCall = defineCall({
  path: '/trade/setTpSl',
  summary:
    'Attach, change or remove the take-profit and stop-loss of a holding position or a pending order ' +
    '(empty removes one; a trail makes the stop-loss trailing). When one fires the other is cancelled. ' +
    'Refusals: trigger_invalid (wrong side of the price), trail_invalid, order_not_modifiable, not_found',
  auth: true,
  idempotent: true,
  request: () =>
    withType({
      id: zId,
      take_profit: zOptionalPrice,
      stop_loss: zOptionalPrice,
      trail_amount: zOptionalPrice,
      trail_percent: zOptionalPrice,
    }),
  response: () => zPosition,
});

export const cancelOrderCall = defineCall({
  path: '/trade/cancel',
  summary: 'Cancel a pending limit order and release its frozen funds; other states answer not_holding',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId }),
  response: () => zPosition,
});

export const closePositionCall = defineCall({
  path: '/trade/close',
  summary:
    'Close a holding position at the current price: releases the margin, books the P&L, charges the close fee ' +
    '(not_holding, t1_sell, market_closed, price_unavailable)',
  auth: true,
  idempotent: true,
  request: () => withType({ id: zId }),
  response: () => zPosition,
});

export const positionInfoCall = defineCall({
  path: '/trade/positionInfo',
  summary: 'One position with what a close would cost now',
  auth: true,
  request: () => withType({ id: zId }),
  response: () => zPositionDetail,
});

export const userStockListCall = defineCall({
  path: '/trade/userstocklist',
  summary:
    'Open positions of the market `type` (pending, holding, closing; status 0), newest first, with the ' +
    'aggregates ccsz (market value) and fdyk (floating P&L) over all of them',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () =>
    z.object({
      list: z.array(zPosition),
      page: z.number().int(),
      size: z.number().int(),
      total: z.number().int(),
      ccsz: zMoney,
      fdyk: zMoney,
      /** Sum of `money` over every open position: the funds frozen for orders (SPEC §6.4). */
      frozen: zMoney,
    }),
});

export const userStockListsCall = defineCall({
  path: '/trade/userstocklists',
  summary:
    'Closed (status 1) and cancelled (status 2) positions of the market `type`, newest first, with the ' +
    'aggregate lsyk (realised P&L) over all of them',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () =>
    z.object({
      list: z.array(zPosition),
      page: z.number().int(),
      size: z.number().int(),
      total: z.number().int(),
      lsyk: zMoney,
    }),
});

export const tradingCalls = {
  previewCall,
  orderCall,
  modifyOrderCall,
  setTpSlCall,
  cancelOrderCall,
  closePositionCall,
  positionInfoCall,
  userStockListCall,
  userStockListsCall,
};
