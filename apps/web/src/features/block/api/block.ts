import {
  blockApplicationInfoCall,
  blockApplicationListCall,
  blockApplyCall,
  blockInfoCall,
  blockListCall,
  getUserinfoCall,
  type ResponseOf,
  summaryCall,
} from '@kabuto/contract';
import { invalidateCall, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

export type BlockProduct = ResponseOf<typeof blockListCall>[number];
export type BlockApplication = ResponseOf<typeof blockApplyCall>;

/** Remaining quota moves with everyone's applications: read fresh on each visit. */
export const useBlockProducts = () => useApiQuery(blockListCall, {}, { refetchOnMount: 'always' });

export const useBlockProduct = (id: number) =>
  useApiQuery(blockInfoCall, { id }, { enabled: id > 0, refetchOnMount: 'always' });

/** An operator's decision changes an application from outside. */
export const useBlockApplications = () =>
  useApiQuery(blockApplicationListCall, {}, { refetchOnMount: 'always' });

export const useBlockApplication = (id: number) =>
  useApiQuery(blockApplicationInfoCall, { id }, { enabled: id > 0, refetchOnMount: 'always' });

/** Available funds per currency (`jpy`, `usd`, `cny`) and whether a fund password is set. */
export const useBlockUser = () => useApiQuery(getUserinfoCall, {}, { refetchOnMount: 'always' });

export const useApplyBlock = () =>
  useApiMutation(blockApplyCall, {
    silent: true,
    onSuccess: () =>
      Promise.all([
        invalidateCall(blockListCall),
        invalidateCall(blockInfoCall),
        invalidateCall(blockApplicationListCall),
        invalidateCall(getUserinfoCall),
        invalidateCall(summaryCall),
      ]),
  });
