import {
  changeFundPasswordCall,
  changePasswordCall,
  getUserinfoCall,
  setFundPasswordCall,
} from '@kabuto/contract';
import { invalidateCall, useApiMutation } from '../../../shared/api/hooks';

/** Refusals with a field (wrong original, mismatch) show under that field. */
export const useChangePassword = () => useApiMutation(changePasswordCall, { silent: true });

export const useSetFundPassword = () =>
  useApiMutation(setFundPasswordCall, { silent: true, onSuccess: () => invalidateCall(getUserinfoCall) });

export const useChangeFundPassword = () =>
  useApiMutation(changeFundPasswordCall, { silent: true, onSuccess: () => invalidateCall(getUserinfoCall) });
