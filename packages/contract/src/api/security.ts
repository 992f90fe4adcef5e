import { z } from 'zod';
import { zId, zTime } from '../envelope';
import { text } from '../fields';
import { defineCall } from './define';

/** A base64url field of a WebAuthn credential, bounded. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');

/**
 * A WebAuthn credential as SimpleWebAuthn's browser package produces it (SPEC §13.1): a new
 * passkey's attestation, or an assertion made with one. Its contents are checked by the server's
 * verification; this only bounds its shape.
 */
export const zCredential = z.lazy(() =>
  z.object({
    id: b64url(1_400),
    rawId: b64url(1_400),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: b64url(4_000),
      attestationObject: b64url(16_000).optional(),
      authenticatorData: b64url(4_000).optional(),
      // Post-quantum keys (ML-DSA, which SimpleWebAuthn offers first) sign with up to 4,627 bytes.
      signature: b64url(8_000).optional(),
      userHandle: b64url(200).optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKey: b64url(4_000).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    authenticatorAttachment: z.string().max(30).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
  }),
);

/** A TOTP code (6 digits) or a recovery code, as typed. */
const zCode = z.lazy(() => text({ min: 1, max: 32 }));
/** A passkey's name. */
const zPasskeyName = z.lazy(() => text({ min: 1, max: 40 }));
/** WebAuthn options for the browser package (creation or request), passed through as they are. */
const zOptions = z.lazy(() => z.looseObject({ challenge: z.string() }));
export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;

/**
 * The data of a `second_factor_required` refusal to a right password (SPEC §13.1): a short-lived
 * challenge, the methods the user has (passkey first) and passkey options bound to that challenge.
 */
export const zSecondFactorChallenge = z.lazy(() =>
  z.object({
    challenge: z.string(),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
    passkey: zOptions.nullable(),
  }),
);

export const zPasskey = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), createdAt: zTime, lastUsedAt: zTime.nullable() }),
);

export const securityInfoCall = defineCall({
  path: '/user/securityInfo',
  summary: 'Passkeys, whether TOTP is on, recovery codes left, whether this session is stepped up',
  auth: true,
  request: () => z.object({}),
  response: () =>
    z.object({
      passkeys: z.array(zPasskey),
      totp: z.boolean(),
      recoveryCodesLeft: z.number().int(),
      secondFactor: z.boolean(),
      requireSecondFactor: z.boolean(),
      /** Until when this session's last step-up holds; null when it holds no longer. */
      steppedUpUntil: zTime.nullable(),
    }),
});

export const passkeyOptionsCall = defineCall({
  path: '/user/passkeyOptions',
  summary: 'Creation options for a new passkey (discoverable, user verification required)',
  auth: true,
  request: () => z.object({}),
  response: () => zOptions,
});

export const passkeyAddCall = defineCall({
  path: '/user/passkeyAdd',
  summary: 'Register a passkey from its attestation {credential, name}',
  auth: true,
  request: () => z.object({ credential: zCredential, name: zPasskeyName.optional().default('Passkey') }),
  response: () => z.object({ id: z.number() }),
});

export const passkeyRenameCall = defineCall({
  path: '/user/passkeyRename',
  summary: 'Rename one of the user’s passkeys',
  auth: true,
  request: () => z.object({ id: zId, name: zPasskeyName }),
  response: () => z.null(),
});

export const passkeyDeleteCall = defineCall({
  path: '/user/passkeyDelete',
  summary: 'Remove a passkey (step-up; ends every other session)',
  auth: true,
  request: () => z.object({ id: zId }),
  response: () => z.null(),
});

export const passkeyLoginOptionsCall = defineCall({
  path: '/user/passkeyLoginOptions',
  summary: 'Request options for signing in with a passkey alone (no account typed)',
  auth: false,
  request: () => z.object({}),
  response: () => zOptions,
});

export const passkeyLoginCall = defineCall({
  path: '/user/passkeyLogin',
  summary: 'Sign in with a passkey’s assertion',
  auth: false,
  request: () => z.object({ credential: zCredential }),
  response: () => z.object({ token: z.string(), account: z.string() }),
});

export const totpSetupCall = defineCall({
  path: '/user/totpSetup',
  summary: 'A new TOTP secret and its otpauth URI (not on until enabled with a code)',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ secret: z.string(), otpauth_uri: z.string() }),
});

export const totpEnableCall = defineCall({
  path: '/user/totpEnable',
  summary: 'Turn TOTP on with a first code; answers ten recovery codes, shown this once',
  auth: true,
  request: () => z.object({ code: zCode }),
  response: () => z.object({ codes: z.array(z.string()) }),
});

export const totpDisableCall = defineCall({
  path: '/user/totpDisable',
  summary: 'Turn TOTP off (step-up; ends every other session)',
  auth: true,
  request: () => z.object({}),
  response: () => z.null(),
});

export const recoveryCodesCall = defineCall({
  path: '/user/recoveryCodes',
  summary: 'Ten new recovery codes (step-up); the old ones stop working',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ codes: z.array(z.string()) }),
});

export const loginSecondFactorCall = defineCall({
  path: '/user/loginSecondFactor',
  summary:
    'Finish a password sign-in with a TOTP or recovery code, or a passkey {challenge, code | credential}',
  auth: false,
  request: () =>
    z.object({ challenge: b64url(100), code: zCode.optional(), credential: zCredential.optional() }),
  response: () => z.object({ token: z.string(), account: z.string() }),
});

export const stepUpOptionsCall = defineCall({
  path: '/user/stepUpOptions',
  summary: 'What the user can step up with (passkey first) and a passkey challenge when they have one',
  auth: true,
  request: () => z.object({}),
  response: () => z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)), passkey: zOptions.nullable() }),
});

export const stepUpCall = defineCall({
  path: '/user/stepUp',
  summary: 'A fresh proof (passkey, TOTP or recovery code) that holds for this session for 5 minutes',
  auth: true,
  request: () => z.object({ code: zCode.optional(), credential: zCredential.optional() }),
  response: () => z.object({ until: zTime }),
});

export const securityCalls = {
  securityInfoCall,
  passkeyOptionsCall,
  passkeyAddCall,
  passkeyRenameCall,
  passkeyDeleteCall,
  passkeyLoginOptionsCall,
  passkeyLoginCall,
  totpSetupCall,
  totpEnableCall,
  totpDisableCall,
  recoveryCodesCall,
  loginSecondFactorCall,
  stepUpOptionsCall,
  stepUpCall,
};
