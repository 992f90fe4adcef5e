import {
  dayApplyCall,
  dayDetailCall,
  dayInfoCall,
  dayListCall,
  fundRecordsCall,
  getUserinfoCall,
  type ResponseOf,
  summaryCall,
} from '@kabuto/contract';
import { invalidateCall, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

export type DayInfo = ResponseOf<typeof dayInfoCall>;
export type DayTrade = ResponseOf<typeof dayApplyCall>;
export type DayDetail = ResponseOf<typeof dayDetailCall>;

export const DAY_PAGE_SIZE = 20;

/** An operator's review and the session close change these from outside: each visit reads them again. */
export const useDayInfo = () => useApiQuery(dayInfoCall, {}, { refetchOnMount: 'always' });

export const useDayTrades = () =>
  useApiInfiniteQuery(dayListCall, { size: DAY_PAGE_SIZE }, { refetchOnMount: 'always' });

export const useDayDetail = (id: number) =>
  useApiQuery(dayDetailCall, { id }, { refetchOnMount: 'always', enabled: id > 0 });

/** The fund-password and frozen state the form needs. */
export const useDayUser = () => useApiQuery(getUserinfoCall, {}, { refetchOnMount: 'always' });

export const useApplyDayTrade = () =>
  useApiMutation(dayApplyCall, {
    silent: true,
    onSuccess: () =>
      Promise.all([
        invalidateCall(dayInfoCall),
        invalidateCall(dayListCall),
        invalidateCall(getUserinfoCall),
        invalidateCall(summaryCall),
        invalidateCall(fundRecordsCall),
      ]),
  });
