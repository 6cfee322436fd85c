import { hmacSha256Digest, hmacSha256Hex, sha256Hex } from './digest.js';

export { sha256Hex };

/** The SigV4 algorithm name. */
export const ALGORITHM = 'AWS4-HMAC-SHA256';

/** The payload hash used when the payload is not signed. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** The longest validity of a presigned request, in seconds: seven days. */
export const MAX_PRESIGN_EXPIRES = 604800;

/** The last element of every SigV4 credential scope. */
export const SCOPE_TERMINATOR = 'aws4_request';

/**
 * The SigV4 time stamp of `date`: `YYYYMMDDTHHMMSSZ`, in UTC. Made from the date's UTC fields:
 * on Node 20, the first toISOString() of a process sets up ICU's time zone (it reads
 * /etc/localtime, about 0.2 ms) although it prints UTC. A year outside 0–9999 (or an invalid
 * date, which throws a RangeError) goes through toISOString() as before.
 */
export function formatAmzDate(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second === lastAmzSecond) return lastAmzDate;
  const year = date.getUTCFullYear();
  if (year >= 0 && year <= 9999) {
    lastAmzDate = `${String(year).padStart(4, '0')}${twoDigits(date.getUTCMonth() + 1)}${twoDigits(date.getUTCDate())}T${twoDigits(date.getUTCHours())}${twoDigits(date.getUTCMinutes())}${twoDigits(date.getUTCSeconds())}Z`;
  } else {
    const iso = date.toISOString(); // ±YYYYYY-MM-DDTHH:MM:SS.sssZ
    lastAmzDate = `${iso.slice(0, -20)}${iso.slice(-19, -17)}${iso.slice(-16, -11)}${iso.slice(-10, -8)}${iso.slice(-7, -5)}Z`;
  }
  lastAmzSecond = second;
  return lastAmzDate;
}

const twoDigits = (value: number): string => (value < 10 ? `0${value}` : `${value}`);

// The last time stamp formatted, by its whole second: requests signed in the same second share it.
let lastAmzSecond = Number.NaN;
let lastAmzDate = '';

/** Parses a `YYYYMMDDTHHMMSSZ` time stamp; `undefined` when `value` is not one. */
export function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return formatAmzDate(date) === value ? date : undefined;
}

/** The credential scope `YYYYMMDD/region/service/aws4_request`. */
export function credentialScope(yyyymmdd: string, region: string, service: string): string {
  return `${yyyymmdd}/${region}/${service}/${SCOPE_TERMINATOR}`;
}

/** The string to sign: algorithm, time stamp, credential scope and the hash of the canonical request. */
export function stringToSign(amzDate: string, scope: string, canonicalRequestText: string): string {
  return [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequestText)].join('\n');
}

/** The SigV4 signing key: the HMAC chain over date, region, service and `aws4_request`. */
export function deriveSigningKey(secret: string, yyyymmdd: string, region: string, service: string): Buffer {
  const dateKey = hmacSha256Digest(`AWS4${secret}`, yyyymmdd);
  const regionKey = hmacSha256Digest(dateKey, region);
  const serviceKey = hmacSha256Digest(regionKey, service);
  return hmacSha256Digest(serviceKey, SCOPE_TERMINATOR);
}

/** The hex signature of a string to sign with a signing key. */
export function signatureHex(signingKey: Uint8Array, stringToSignText: string): string {
  return hmacSha256Hex(signingKey, stringToSignText);
}

/**
 * A small bounded cache of signing keys per (secret, date, region, service). The secret is
 * never a key of the cache: entries are keyed on its SHA-256. The oldest entry goes first.
 */
export class SigningKeyCache {
  private readonly entries = new Map<string, Buffer>();
  /** The last secret seen and its hash: a client signs with the same secret call after call. */
  private lastSecret?: string;
  private lastSecretHash = '';
  /** The last key served and what it was for (the same date, region and service call after call), found without a cache key. */
  private last?: { secret: string; yyyymmdd: string; region: string; service: string; key: Buffer };

  /** @param capacity How many keys are kept. */
  constructor(private readonly capacity = 50) {}

  /** The signing key for these inputs, derived once and then served from the cache. */
  get(secret: string, yyyymmdd: string, region: string, service: string): Buffer {
    const last = this.last;
    if (last && last.secret === secret && last.yyyymmdd === yyyymmdd && last.region === region && last.service === service) return last.key;
    const key = this.lookUp(secret, yyyymmdd, region, service);
    this.last = { secret, yyyymmdd, region, service, key };
    return key;
  }

  private lookUp(secret: string, yyyymmdd: string, region: string, service: string): Buffer {
    if (secret !== this.lastSecret) {
      this.lastSecretHash = sha256Hex(secret);
      this.lastSecret = secret;
    }
    const id = `${this.lastSecretHash}\n${yyyymmdd}\n${region}\n${service}`;
    const cached = this.entries.get(id);
    if (cached) return cached;
    const key = deriveSigningKey(secret, yyyymmdd, region, service);
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, key);
    return key;
  }

  /** How many keys are cached. */
  get size(): number {
    return this.entries.size;
  }
}
