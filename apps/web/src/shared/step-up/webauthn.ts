import type { RequestOf, stepUpCall } from '@kabuto/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/** WebAuthn options as the server answers them (SimpleWebAuthn's server made them). */
export type PasskeyOptions = { challenge: string } & Record<string, unknown>;
/** A credential as the contract carries it (SPEC §13.1: the browser package's JSON). */
export type CredentialJson = NonNullable<RequestOf<typeof stepUpCall>['credential']>;

/**
 * Whether this browser can make and use passkeys at all (the browser package's own test; the
 * package itself loads with the first ceremony, not with the first screen).
 */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A plain record of the extension outputs (the browser's type has no index signature). */
const plain = (value: object): Record<string, unknown> => Object.fromEntries(Object.entries(value));

/**
 * Asks the browser for an assertion with `options` (user verification required, as the server
 * set). Throws when the reader closes the prompt or no passkey answers.
 */
export async function passkeyAssertion(options: PasskeyOptions): Promise<CredentialJson> {
  // The server generated these with SimpleWebAuthn's server package: the browser package's shape.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON });
  return { ...answer, clientExtensionResults: plain(answer.clientExtensionResults) };
}

/** Asks the browser to make a new discoverable passkey with `options`. */
export async function passkeyRegistration(options: PasskeyOptions): Promise<CredentialJson> {
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON });
  return { ...answer, clientExtensionResults: plain(answer.clientExtensionResults) };
}
