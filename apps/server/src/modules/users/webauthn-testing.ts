import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { CredentialJson } from './ceremony';

/**
 * A software authenticator for tests (ES256, "none" attestation, user present and verified):
 * makes the JSON SimpleWebAuthn's browser package would send, and can be told to lie — another
 * origin, an older counter — to check the refusals.
 */
export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16).toString('base64url');
  counter = 0;
  private userHandle = '';

  constructor(
    readonly origin: string,
    readonly rpID: string,
  ) {}

  private publicKeyCose(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const x = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'));
    const y = new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'));
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, x],
        [-3, y],
      ]),
    );
  }

  private authenticatorData(withCredential: boolean, rpID: string): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    // User present, user verified, attested credential data included.
    const flags = Buffer.from([0x01 | 0x04 | (withCredential ? 0x40 : 0)]);
    const parts = [createHash('sha256').update(rpID).digest(), flags, counter];
    if (withCredential) {
      const id = Buffer.from(this.credentialId, 'base64url');
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      parts.push(Buffer.alloc(16), length, id, Buffer.from(this.publicKeyCose()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for creation options. */
  register(
    options: { challenge: string; user?: { id: string } } & Record<string, unknown>,
    lie: { origin?: string } = {},
  ): CredentialJson {
    this.userHandle = (options.user as { id: string } | undefined)?.id ?? '';
    const authData = this.authenticatorData(true, this.rpID);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData(
          'webauthn.create',
          options.challenge,
          lie.origin ?? this.origin,
        ).toString('base64url'),
        attestationObject: Buffer.from(attestation).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for request options; the counter moves forward unless told otherwise. */
  assert(
    options: { challenge: string } & Record<string, unknown>,
    lie: { origin?: string; counter?: number; rpID?: string } = {},
  ): CredentialJson {
    this.counter = lie.counter ?? this.counter + 1;
    const authData = this.authenticatorData(false, lie.rpID ?? this.rpID);
    const clientData = this.clientData('webauthn.get', options.challenge, lie.origin ?? this.origin);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
    const signature = sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
