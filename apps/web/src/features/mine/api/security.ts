import {
  passkeyAddCall,
  passkeyDeleteCall,
  passkeyOptionsCall,
  passkeyRenameCall,
  recoveryCodesCall,
  securityInfoCall,
  sessionsCall,
  totpDisableCall,
  totpEnableCall,
  totpSetupCall,
} from '@kabuto/contract';
import { callApi } from '../../../shared/api/client';
import { invalidateCall, useApiMutation, useApiQuery } from '../../../shared/api/hooks';
import { passkeyRegistration } from '../../../shared/step-up/webauthn';

/** Passkeys, whether TOTP is on, recovery codes left (SPEC §13.1). */
export const useSecurityInfo = (options: { enabled?: boolean } = {}) =>
  useApiQuery(securityInfoCall, {}, options);

const refresh = () => Promise.all([invalidateCall(securityInfoCall), invalidateCall(sessionsCall)]);

/**
 * Makes a passkey: creation options from the server, the browser's ceremony, then the
 * attestation back under `name`. Throws when the reader closes the prompt.
 */
export async function addPasskey(name: string): Promise<void> {
  const options = await callApi(passkeyOptionsCall, {});
  const credential = await passkeyRegistration(options);
  await callApi(passkeyAddCall, { credential, name });
  await refresh();
}

export const useRenamePasskey = () => useApiMutation(passkeyRenameCall, { onSuccess: refresh });
export const useDeletePasskey = () => useApiMutation(passkeyDeleteCall, { onSuccess: refresh });
export const useTotpSetup = () => useApiMutation(totpSetupCall);
/** A wrong first code shows under the code field. */
export const useTotpEnable = () => useApiMutation(totpEnableCall, { silent: true, onSuccess: refresh });
export const useTotpDisable = () => useApiMutation(totpDisableCall, { onSuccess: refresh });
export const useNewRecoveryCodes = () => useApiMutation(recoveryCodesCall, { onSuccess: refresh });
