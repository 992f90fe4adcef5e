import type { Generated } from 'kysely';

/** An investor's passkey (a WebAuthn credential, SPEC §13.1). */
export interface UserPasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser sends it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use; one that goes backwards is refused. */
  counter: number;
  /** JSON array of transports, for the browser's hints. */
  transports: string | null;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** An investor's TOTP authenticator; `enabled_at` null while it is being set up. */
export interface UserTotpTable {
  user_id: number;
  secret: string;
  enabled_at: Date | null;
  /** The last time step a code was accepted for: a code is accepted once. */
  last_step: number | null;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code (codes are 50 random bits, shown once). */
  code_hash: string;
  used_at: Date | null;
  created_at: Date;
}

/**
 * A ceremony's single-use, short-lived challenge. `id` is the challenge itself (base64url of 32
 * random bytes): the WebAuthn challenge, or the one a password sign-in answers with.
 */
export interface AuthChallengesTable {
  id: string;
  /** passkey_register | passkey_login | login | step_up */
  purpose: string;
  challenge: string;
  user_id: number | null;
  session_id: number | null;
  expires_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    user_passkeys: UserPasskeysTable;
    user_totp: UserTotpTable;
    user_recovery_codes: UserRecoveryCodesTable;
    auth_challenges: AuthChallengesTable;
  }
}
