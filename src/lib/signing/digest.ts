import { createHmac, hash } from 'node:crypto';
import { hmacSha256, sha256 } from './script-sha256.js';

/**
 * How many digests of a process are computed in script (script-sha256.ts) before node:crypto
 * takes over. Loading node:crypto (OpenSSL's set-up and a dozen modules) costs about 2 ms, more
 * than a CLI run that signs a request or two over plain HTTP spends on everything it hashes; the
 * CLI's bundle loads it on first use only. A process that signs many requests soon switches to
 * node:crypto, which is faster per byte.
 */
let scriptDigestsLeft = 32;

/**
 * The largest input hashed in script (about 16 blocks, a few tenths of a millisecond in the
 * interpreter): hashing a larger payload in script would cost more than loading node:crypto.
 */
const SCRIPT_MAX_BYTES = 1024;

function inScript(size: number): boolean {
  if (scriptDigestsLeft <= 0 || size > SCRIPT_MAX_BYTES) return false;
  scriptDigestsLeft--;
  return true;
}

const bytes = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
const asBuffer = (digest: Uint8Array): Buffer => Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength);

/** The lower-case hex SHA-256 of `data` (a string is hashed as UTF-8). */
export function sha256Hex(data: string | Uint8Array): string {
  return inScript(data.length) ? asBuffer(sha256(bytes(data))).toString('hex') : hash('sha256', data, 'hex');
}

/** The lower-case hex HMAC-SHA-256 of `data` (as UTF-8) under `key`. */
export function hmacSha256Hex(key: Uint8Array, data: string): string {
  return inScript(data.length) ? asBuffer(hmacSha256(key, bytes(data))).toString('hex') : createHmac('sha256', key).update(data, 'utf8').digest('hex');
}

/** The HMAC-SHA-256 of `data` (as UTF-8) under `key` (a string key as UTF-8). */
export function hmacSha256Digest(key: Uint8Array | string, data: string): Buffer {
  return inScript(data.length) ? asBuffer(hmacSha256(bytes(key), bytes(data))) : createHmac('sha256', key).update(data, 'utf8').digest();
}
