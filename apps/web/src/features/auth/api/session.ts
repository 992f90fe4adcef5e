import { acceptRiskCall, getUserinfoCall, loginCall, registerCall } from '@kabuto/contract';
import { useNavigate } from 'react-router';
import { callApi } from '../../../shared/api/client';
import { invalidateCall, useApiMutation } from '../../../shared/api/hooks';
import { PATHS } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session-store';

export const useLogin = () => useApiMutation(loginCall);

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
