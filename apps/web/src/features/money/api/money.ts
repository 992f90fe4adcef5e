import {
  bankListCall,
  type Currency,
  depositCall,
  depositChannelsCall,
  depositListCall,
  exchangeCall,
  exchangeListCall,
  type FUND_RECORD_KINDS,
  fundRecordsCall,
  getUserinfoCall,
  loanCall,
  loanInfoCall,
  loanListCall,
  type ResponseOf,
  ratesCall,
  repayCall,
  summaryCall,
  withdrawalListCall,
  withdrawCall,
} from '@kabuto/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadApi } from '../../../shared/api/client';
import { invalidateCall, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

export type DepositChannels = ResponseOf<typeof depositChannelsCall>;
export type DepositChannel = DepositChannels['channels'][number];
export type Deposit = ResponseOf<typeof depositCall>;
export type Withdrawal = ResponseOf<typeof withdrawCall>;
export type Exchange = ResponseOf<typeof exchangeCall>;
export type FundRecord = ResponseOf<typeof fundRecordsCall>['list'][number];
export type FundRecordKind = (typeof FUND_RECORD_KINDS)[number];

/** SPEC §6.4: the exchange screen shows a live rate; a few seconds keeps it current without flooding. */
export const RATE_REFRESH_MS = 5_000;
export const RECORD_PAGE_SIZE = 20;

/** Everything a movement of money changes on screen: balances, summaries and record lists. */
function afterMoneyMoved() {
  return Promise.all([
    invalidateCall(getUserinfoCall),
    invalidateCall(summaryCall),
    invalidateCall(fundRecordsCall),
  ]);
}

/**
 * The user's balances, verification and fund-password state. Money screens read it fresh on
 * every visit: an operator's review (deposit credited, identity approved) changes it from outside.
 */
export const useMoneyUser = () => useApiQuery(getUserinfoCall, {}, { refetchOnMount: 'always' });

export const useDepositChannels = (currency: Currency) => useApiQuery(depositChannelsCall, { currency });

/** The latest deposits (a pending one blocks another: SPEC §6.4). */
export const useRecentDeposits = () =>
  useApiQuery(depositListCall, { page: 1, size: 5 }, { refetchOnMount: 'always' });

export interface DepositInput {
  channel: 'bank' | 'quick';
  currency: Currency;
  amount: string;
  receipt: File;
  fund_password: string;
}

export function useDeposit() {
  return useMutation({
    mutationFn: (input: DepositInput) =>
      uploadApi(
        depositCall,
        {
          channel: input.channel,
          currency: input.currency,
          amount: input.amount,
          receipt: input.receipt,
          fund_password: input.fund_password,
        },
        { silent: true },
      ),
    onSuccess: () => Promise.all([invalidateCall(depositListCall), afterMoneyMoved()]),
  });
}

export const useCards = () => useApiQuery(bankListCall, {});

export const usePendingWithdrawals = (currency: Currency) =>
  useApiQuery(withdrawalListCall, { currency, page: 1, size: 5 }, { refetchOnMount: 'always' });

export const useWithdraw = () =>
  useApiMutation(withdrawCall, {
    silent: true,
    onSuccess: () => Promise.all([invalidateCall(withdrawalListCall), afterMoneyMoved()]),
  });

export const useRates = () =>
  useApiQuery(
    ratesCall,
    {},
    {
      refetchInterval: RATE_REFRESH_MS,
      loadingToast: false,
      silent: 'all',
      placeholderData: (previous) => previous,
    },
  );

export const useRecentExchanges = () => useApiQuery(exchangeListCall, { page: 1, size: 5 });

export const useExchange = () =>
  useApiMutation(exchangeCall, {
    silent: true,
    onSuccess: () => Promise.all([invalidateCall(exchangeListCall), afterMoneyMoved()]),
  });

/** Reviews settle records from outside (an operator), so each visit reads them again. */
export const useFundRecords = (kind: FundRecordKind) =>
  useApiInfiniteQuery(fundRecordsCall, { kind, size: RECORD_PAGE_SIZE }, { refetchOnMount: 'always' });

export type LoanInfo = ResponseOf<typeof loanInfoCall>;
export type Loan = ResponseOf<typeof loanCall>;

/** SPEC §6.4 loans: the score, quota and what is owed change with reviews and daily interest. */
export const useLoanInfo = () => useApiQuery(loanInfoCall, {}, { refetchOnMount: 'always' });

export const useLoans = () =>
  useApiInfiniteQuery(loanListCall, { size: RECORD_PAGE_SIZE }, { refetchOnMount: 'always' });

const afterLoanMoved = () =>
  Promise.all([invalidateCall(loanInfoCall), invalidateCall(loanListCall), afterMoneyMoved()]);

export const useApplyLoan = () => useApiMutation(loanCall, { silent: true, onSuccess: afterLoanMoved });

export const useRepayLoan = () => useApiMutation(repayCall, { silent: true, onSuccess: afterLoanMoved });
