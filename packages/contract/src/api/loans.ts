import { z } from 'zod';
import { CURRENCIES } from '../enums';
import { zMoney, zPage, zPaged, zSize, zTime } from '../envelope';
import { defineCall, withType } from './define';
import { zAmountText, zOptionalPassword } from './money';

/** SPEC §4 loan, §5 states: applied (pending review) → active | rejected; active → repaid (overdue past the term). */
export const LOAN_STATES = ['pending', 'active', 'overdue', 'repaid', 'rejected'] as const;
export type LoanState = (typeof LOAN_STATES)[number];

export const zLoan = z.lazy(() =>
  z.object({
    id: z.number(),
    orderNo: z.string(),
    currency: z.enum(CURRENCIES),
    amount: zMoney,
    /** Interest accrued so far. */
    interest: zMoney,
    /** Principal and interest still owed (0 once repaid or while pending). */
    outstanding: zMoney,
    dailyRateBps: z.number(),
    termDays: z.number(),
    state: z.enum(LOAN_STATES),
    reason: z.string().nullable(),
    createdAt: zTime,
    /** When the loan was credited (approved). */
    startedAt: zTime.nullable(),
    /** End of the term: past it the loan is overdue. */
    maturesAt: zTime.nullable(),
    repaidAt: zTime.nullable(),
  }),
);
export type LoanView = z.infer<typeof zLoan>;

export const zCreditEvent = z.lazy(() =>
  z.object({
    event: z.enum(['verified', 'on_time_repayment', 'overdue', 'stop_out']),
    points: z.number(),
    scoreAfter: z.number(),
    memo: z.string().nullable(),
    createdAt: zTime,
  }),
);

export const loanInfoCall = defineCall({
  path: '/user/loanInfo',
  summary:
    'Credit score with its event history, the published score events, the loanable quota, what is borrowed and owed (SPEC §6.4)',
  auth: true,
  request: () => withType({}),
  response: () =>
    z.object({
      currency: z.enum(CURRENCIES),
      creditScore: z.number().nullable(),
      /** min(cap, tier ratio × net assets) less what is owed. */
      loanableQuota: zMoney,
      borrowed: zMoney,
      interest: zMoney,
      outstanding: zMoney,
      dailyRateBps: z.number(),
      termDays: z.number(),
      /** The published events that move a score, with their points. */
      scoreEvents: z.array(z.object({ event: z.string(), points: z.number() })),
      history: z.array(zCreditEvent),
      current: zLoan.nullable(),
    }),
});

export const loanCall = defineCall({
  path: '/user/loan',
  summary: 'Apply for a loan up to the quota; credited to the wallet on approval (SPEC §6.4)',
  auth: true,
  idempotent: true,
  request: () => withType({ amount: zAmountText, fund_password: zOptionalPassword }),
  response: () => zLoan,
});

export const repayCall = defineCall({
  path: '/user/repay',
  summary: 'Repay the whole outstanding loan with its interest from available funds (SPEC §6.4)',
  auth: true,
  idempotent: true,
  request: () => withType({ amount: zAmountText, fund_password: zOptionalPassword }),
  response: () => zLoan,
});

export const loanListCall = defineCall({
  path: '/user/loanlist',
  summary: 'Loan records, newest first',
  auth: true,
  request: () => withType({ page: zPage, size: zSize }),
  response: () => zPaged(zLoan),
});

export const loanCalls = { loanInfoCall, loanCall, repayCall, loanListCall };
