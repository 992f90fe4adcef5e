import { z } from 'zod';
import { CURRENCIES, MARKETS } from '../enums';
import { zId, zMoney, zPage, zPaged, zSize, zTime } from '../envelope';
import { zReasonTemplate } from '../reasons';
import { defineCall, withType } from './define';
import { zAmountText, zOptionalPassword } from './money';
import { zPosition } from './trading';

/**
 * SPEC §5 day trade: submitted (pending review) → approved | rejected; approved → trading (the
 * first day-mode order) → executed (settled at the session close) | failed (the day could not be
 * traded; funds released).
 */
export const DAY_TRADE_STATES = ['pending', 'rejected', 'approved', 'trading', 'executed', 'failed'] as const;
export type DayTradeState = (typeof DAY_TRADE_STATES)[number];

export const zDayTrade = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    market: z.enum(MARKETS),
    currency: z.enum(CURRENCIES),
    /** The market-local trading day the application is for. */
    tradingDay: z.string(),
    /** The participation amount (frozen from application to settlement). */
    amount: zMoney,
    /** The intraday leverage granted: day-mode orders may use up to this. */
    leverage: z.number().int(),
    /** amount × leverage: the largest notional day-mode orders can open at once. */
    buyingPower: zMoney,
    state: z.enum(DAY_TRADE_STATES),
    /** The operator's reason as typed, or the plain English of the server's own reason. */
    reason: z.string().nullable(),
    /** The server's own reason (the session close overtook the application) for the app to write in the reader's language. */
    reasonMessage: zReasonTemplate.nullable(),
    createdAt: zTime,
    reviewedAt: zTime.nullable(),
    /** The session close: open day-mode positions are closed at market then, and the result settles. */
    closeAt: zTime,
    settledAt: zTime.nullable(),
    /** What returned to available funds at settlement (participation ± realised P&L − fees). */
    returned: zMoney.nullable(),
    /** Realised P&L of the day's positions (after settlement). */
    pnl: zMoney.nullable(),
    /** Open and close fees of the day's positions (after settlement). */
    fees: zMoney.nullable(),
    /** Participation not tied up in day-mode orders now (approved or trading), else null. */
    capitalLeft: zMoney.nullable(),
    // The seed's wire names: 0 = under review, 1 = approved or trading, 2 = executed, 3 = rejected or failed.
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    money: zMoney,
  }),
);
export type DayTradeView = z.infer<typeof zDayTrade>;

export const dayInfoCall = defineCall({
  path: '/trade/dayInfo',
  summary:
    'The day-trading program for the market `type`: minimum participation, intraday leverage, fee rate, the trading ' +
    'day an application now is for and its forced-close time, and the application for that day (SPEC §6.5)',
  auth: true,
  request: () => withType({}),
  response: () =>
    z.object({
      market: z.enum(MARKETS),
      currency: z.enum(CURRENCIES),
      minAmount: zMoney,
      leverage: z.number().int(),
      feeRateBps: z.number(),
      minFee: zMoney,
      tradingDay: z.string(),
      closeAt: zTime,
      available: zMoney,
      /** The application for that trading day, if any (not rejected). */
      current: zDayTrade.nullable(),
      /** The application the user can trade in day mode with right now, if any. */
      active: zDayTrade.nullable(),
    }),
});

export const dayApplyCall = defineCall({
  path: '/trade/dayApply',
  summary:
    'Apply to day-trade the market `type` with a participation amount (frozen until settlement) and the fund ' +
    'password; one application per market and trading day (amount_required, amount_below_min, daytrade_once, ' +
    'balance_insufficient, fund_password_unset, fund_password_wrong)',
  auth: true,
  idempotent: true,
  request: () => withType({ amount: zAmountText, fund_password: zOptionalPassword }),
  response: () => zDayTrade,
});

export const dayListCall = defineCall({
  path: '/trade/daylist',
  summary: 'My day-trading applications of every market, newest first, with their state and result',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () => zPaged(zDayTrade),
});

export const dayDetailCall = defineCall({
  path: '/trade/dayDetail',
  summary: 'One application with its day-mode orders and fills, and its settlement',
  auth: true,
  request: () => withType({ id: zId }),
  response: () =>
    z.object({
      application: zDayTrade,
      positions: z.array(zPosition),
      /** The ledger transactions of the application (freeze, release or settlement). */
      records: z.array(
        z.object({
          orderNo: z.string(),
          kind: z.string(),
          /** Change of available funds. */
          amount: zMoney,
          createdAt: zTime,
        }),
      ),
    }),
});

export const dayTradeCalls = { dayInfoCall, dayApplyCall, dayListCall, dayDetailCall };
