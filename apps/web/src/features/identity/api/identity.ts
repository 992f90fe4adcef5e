import {
  bankAddCall,
  bankDeleteCall,
  bankListCall,
  fileCall,
  getUserinfoCall,
  type ResponseOf,
  verifyCall,
  verifyInfoCall,
} from '@kabuto/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadApi } from '../../../shared/api/client';
import { invalidateCall, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

export type KycView = ResponseOf<typeof verifyInfoCall>;
export type BankCard = ResponseOf<typeof bankListCall>[number];

/** Read on every visit: the outcome of a review arrives from outside (SPEC §5). */
export const useVerifyInfo = () => useApiQuery(verifyInfoCall, {}, { refetchOnMount: 'always' });

export interface VerifyInput {
  name: string;
  id_number: string;
  front: File;
  back: File;
  agree: boolean;
}

/** SPEC §6.6: multipart submit; refusals naming a field are shown under it by the form. */
export function useVerify() {
  return useMutation({
    mutationFn: (input: VerifyInput) =>
      uploadApi(
        verifyCall,
        {
          name: input.name,
          id_number: input.id_number,
          front: input.front,
          back: input.back,
          agree: input.agree ? 1 : 0,
        },
        { silent: true },
      ),
    onSuccess: () => Promise.all([invalidateCall(verifyInfoCall), invalidateCall(getUserinfoCall)]),
  });
}

/** One of the user's own uploaded images (owner only) as a data URL, for a thumbnail. */
export const useOwnImage = (id: number | null) =>
  useApiQuery(
    fileCall,
    { id: id ?? 0 },
    { enabled: id !== null && id > 0, staleTime: Infinity, silent: 'all', loadingToast: false },
  );

export const useBankCards = () => useApiQuery(bankListCall, {}, { refetchOnMount: 'always' });

export const useBankAdd = () =>
  useApiMutation(bankAddCall, { silent: true, onSuccess: () => invalidateCall(bankListCall) });

export const useBankDelete = () =>
  useApiMutation(bankDeleteCall, { onSuccess: () => invalidateCall(bankListCall) });
