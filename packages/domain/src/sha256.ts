import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 over UTF-8 text, from @noble/hashes (audited, platform-free), so the domain stays free
 * of platform APIs and a browser can re-run the IPO lottery (SPEC §0.7) exactly as the server did.
 */

/** UTF-8 bytes of a string (unpaired surrogates become U+FFFD, as TextEncoder does). */
export function utf8Bytes(text: string): Uint8Array {
  return utf8ToBytes(text);
}

/** The SHA-256 digest of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  return nobleSha256(message);
}

/** Lower-case hex SHA-256 of the UTF-8 text. */
export function sha256Hex(text: string): string {
  return bytesToHex(nobleSha256(utf8ToBytes(text)));
}
