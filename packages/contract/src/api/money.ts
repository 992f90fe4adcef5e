import { z } from 'zod';
import { CURRENCIES, type Currency } from '../enums';
import { PAGE_SIZE_MAX, zId, zMoney, zPage, zPaged, zSize, zTime } from '../envelope';
import { optionalDecimal, password } from '../fields';
import { defineCall, withType } from './define';
import { zUpload } from './identity';

/** Currency codes, upper case on the wire (lower case is accepted). */
export const zCurrency = z
  .enum([...CURRENCIES, ...CURRENCIES.map((c) => c.toLowerCase() as Lowercase<Currency>)])
  .transform((code) => code.toUpperCase() as Currency);

/** An amount as typed; left empty it answers `amount_required`, not bad_request. */
export const zAmountText = optionalDecimal({ integerDigits: 15, fractionDigits: 8 });
/** A fund password a form may leave out (the server then answers fund_password_wrong). */
export const zOptionalPassword = z.lazy(() => password(0).optional());
/** An id a form may send empty ('' when nothing is selected). */
const zOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), zId.optional());

export const DEPOSIT_CHANNELS = ['bank', 'quick'] as const;
/** The seed's review status numbers: 0 = pending, 1 = approved (credited / paid), 2 = rejected. */
export const REVIEW_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
const zReviewStatus = z.lazy(() => z.union([z.literal(0), z.literal(1), z.literal(2)]));
const zReviewState = z.enum(['pending', 'approved', 'rejected']);

export const zDepositChannel = z.lazy(() =>
  z.object({
    id: z.enum(DEPOSIT_CHANNELS),
    currency: z.enum(CURRENCIES),
    minAmount: zMoney,
    maxAmount: zMoney,
    receivingName: z.string(),
    receivingNumber: z.string(),
    receivingBank: z.string(),
    receivingBranch: z.string(),
  }),
);

export const depositChannelsCall = defineCall({
  path: '/user/depositChannels',
  summary:
    'Deposit channels with receiving accounts and limits, and when a deposit made now arrives (SPEC §6.4)',
  auth: true,
  request: () => withType({ currency: zCurrency.optional() }),
  response: () =>
    z.object({
      currency: z.enum(CURRENCIES),
      /** Deposits are accepted now (business days, SPEC §6.4; always in the demo). */
      open: z.boolean(),
      channels: z.array(zDepositChannel),
      /** Normally within this many hours. */
      arrivalHours: z.number(),
      /** At the latest T+1 24:00 (Asia/Tokyo) for a deposit made now. */
      latestArrival: zTime,
      arrivalNote: z.string(),
    }),
});

export const zDeposit = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    channel: z.enum(DEPOSIT_CHANNELS),
    currency: z.enum(CURRENCIES),
    money: zMoney,
    status: zReviewStatus,
    state: zReviewState,
    reason: z.string().nullable(),
    receiptFileId: z.number(),
    createdAt: zTime,
    reviewedAt: zTime.nullable(),
    /** Latest promised arrival (T+1 24:00). */
    dueAt: zTime,
  }),
);

export const depositCall = defineCall({
  path: '/user/deposit',
  summary: 'Report a deposit with its transfer receipt; credited on approval (SPEC §6.4)',
  auth: true,
  idempotent: true,
  multipart: true,
  request: () =>
    withType({
      channel: z.enum(DEPOSIT_CHANNELS).default('bank'),
      amount: zAmountText,
      currency: zCurrency.optional(),
      receipt: zUpload,
      fund_password: zOptionalPassword,
    }),
  response: () => zDeposit,
});

export const depositListCall = defineCall({
  path: '/user/depositlist',
  summary: 'The user’s deposits, newest first (all currencies unless one is given)',
  auth: true,
  request: () => withType({ currency: zCurrency.optional(), page: zPage, size: zSize }),
  response: () => z.array(zDeposit),
});

export const zWithdrawal = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    currency: z.enum(CURRENCIES),
    money: zMoney,
    status: zReviewStatus,
    state: zReviewState,
    card: z.object({ id: z.number(), holder: z.string(), cardNumber: z.string(), institution: z.string() }),
    reason: z.string().nullable(),
    createdAt: zTime,
    reviewedAt: zTime.nullable(),
    /** Arrival promised: within 24 hours, or by midnight of the next business day (SPEC §6.4). */
    dueAt: zTime,
  }),
);

export const withdrawCall = defineCall({
  path: '/user/withdraw',
  summary: 'Request a withdrawal to a bound card; the amount is frozen until review (SPEC §6.4)',
  auth: true,
  idempotent: true,
  request: () =>
    withType({
      amount: zAmountText,
      card_id: zOptionalId,
      fund_password: zOptionalPassword,
      currency: zCurrency.optional(),
    }),
  response: () => zWithdrawal,
});

export const withdrawalListCall = defineCall({
  path: '/user/withdrawallist',
  summary:
    'The seed’s withdrawal list: status 0 = pending, 1 = paid, 2 = rejected; money as a decimal string. ' +
    'In the market currency of `type` unless a currency is given, so pending items sum to the frozen withdrawals.',
  auth: true,
  request: () =>
    withType({ currency: zCurrency.optional(), page: zPage, size: zSize.default(PAGE_SIZE_MAX) }),
  response: () => z.array(zWithdrawal),
});

export const zRate = z.lazy(() =>
  z.object({
    from: z.enum(CURRENCIES),
    to: z.enum(CURRENCIES),
    /** Units of `to` per one `from` at mid market. */
    mid: z.string(),
    /** What the customer gets: mid less the spread. */
    rate: z.string(),
  }),
);

export const ratesCall = defineCall({
  path: '/user/rates',
  summary: 'Exchange rates of every currency pair: mid and the customer rate after the spread',
  auth: true,
  request: () => z.object({ from: zCurrency.optional() }),
  response: () => z.object({ spreadBps: z.number(), list: z.array(zRate) }),
});

export const zExchange = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    from: z.enum(CURRENCIES),
    to: z.enum(CURRENCIES),
    fromAmount: zMoney,
    toAmount: zMoney,
    mid: z.string(),
    rate: z.string(),
    spreadBps: z.number(),
    createdAt: zTime,
  }),
);

export const exchangeCall = defineCall({
  path: '/user/exchange',
  summary: 'Exchange between two currencies at the current rate less the spread (SPEC §6.4)',
  auth: true,
  idempotent: true,
  request: () =>
    z.object({
      from: zCurrency,
      to: zCurrency,
      amount: zAmountText,
      fund_password: zOptionalPassword,
    }),
  response: () => zExchange,
});

export const exchangeListCall = defineCall({
  path: '/user/exchangelist',
  summary: 'The user’s currency exchanges, newest first',
  auth: true,
  request: () => z.object({ page: zPage, size: zSize }),
  response: () => zPaged(zExchange),
});

export const moneyCalls = {
  depositChannelsCall,
  depositCall,
  depositListCall,
  withdrawCall,
  withdrawalListCall,
  ratesCall,
  exchangeCall,
  exchangeListCall,
};
