import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function testDevice(endpoint: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    ecdh,
    authSecret,
  };
}

/** The subscription as the browser's `PushSubscription.toJSON()` gives it. */
export const subscriptionOf = (device: TestDevice) => ({
  endpoint: device.endpoint,
  expirationTime: null,
  keys: device.keys,
});

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/**
 * Opens an `aes128gcm` push body (RFC 8188, RFC 8291) with the device's private key, as the
 * browser does: a single record, its padding delimiter checked.
 */
export function decryptPush(body: Buffer, device: TestDevice): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([info('WebPush: info'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of a push body');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a push's `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): signed ES256 by the
 * key named, for the endpoint's origin. Returns the key and the JWT's claims.
 */
export function vapidClaims(header: string | undefined): { key: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, head = '', payload = '', signature = '', key = ''] = match;
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  return { key, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback (config.pushTestOrigin): it keeps every request and answers each by
 * `answer` (default 201 Created, as push services accept a message). On `port`, or any free one.
 */
export async function testPushService(port = 0): Promise<{
  origin: string;
  received: ReceivedPush[];
  setAnswer(fn: (path: string) => number): void;
  close(): Promise<void>;
}> {
  const received: ReceivedPush[] = [];
  let answer = (_path: string) => 201;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer(path);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    setAnswer(fn) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
