import {
  acceptRiskCall,
  getUserinfoCall,
  loginCall,
  loginSecondFactorCall,
  passkeyLoginCall,
  passkeyLoginOptionsCall,
  registerCall,
  zSecondFactorChallenge,
} from '@kabuto/contract';
import { useNavigate } from 'react-router';
import { callApi, isApiError } from '../../../shared/api/client';
import { invalidateCall, useApiMutation } from '../../../shared/api/hooks';
import { PATHS } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session-store';
import type { SecondFactorProof } from '../../../shared/step-up/second-factor-form';
import { passkeyAssertion } from '../../../shared/step-up/webauthn';

/** The page shows `second_factor_required` as the second step, and toasts other refusals itself. */
export const useLogin = () => useApiMutation(loginCall, { silent: true });

/** What a right password answers when a second factor is on (SPEC §13.1). */
export type SecondFactorChallenge = ReturnType<typeof zSecondFactorChallenge.parse>;

/** The second step a refusal asks for, or null when it is another refusal. */
export function secondFactorChallengeOf(error: unknown): SecondFactorChallenge | null {
  if (!isApiError(error) || error.key !== 'second_factor_required') return null;
  const parsed = zSecondFactorChallenge.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

/** Finishes a password sign-in with a proof of the second factor. */
export const finishSecondFactor = (challenge: string, proof: SecondFactorProof) =>
  callApi(loginSecondFactorCall, { challenge, ...proof }, { silent: true });

/** Signs in with a passkey alone: any discoverable passkey of this site, no account typed. */
export async function passkeySignIn(): Promise<{ token: string; account: string }> {
  const options = await callApi(passkeyLoginOptionsCall, {});
  const credential = await passkeyAssertion(options);
  return callApi(passkeyLoginCall, { credential });
}

/** Register errors with a field show under that field; the page toasts the rest. */
export const useRegister = () => useApiMutation(registerCall, { silent: true });

export const useAcceptRisk = () =>
  useApiMutation(acceptRiskCall, { onSuccess: () => invalidateCall(getUserinfoCall) });

/**
 * After a successful login or registration: keep the session, then show the risk disclosure
 * until the user has accepted it (SPEC §2 /login/loginAfter), else go home.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  return async ({ token, account }: { token: string; account: string }) => {
    signIn(token, account);
    const user = await callApi(getUserinfoCall, {});
    navigate(user.riskAccepted ? PATHS.home : PATHS.loginAfter, { replace: true });
  };
}
