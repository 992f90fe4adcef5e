import type { ErrorKey, SuccessKey } from '@kabuto/contract';

/**
 * SPEC §7: the server answers stable keys; the client says them in the user's language.
 * `error` is the generic text for keys this build does not know. Each language is a module of
 * its own, so a reader downloads only theirs.
 */
export interface ServerKeyMessages {
  errors: Record<ErrorKey | 'error', string>;
  success: Record<SuccessKey, string>;
}
