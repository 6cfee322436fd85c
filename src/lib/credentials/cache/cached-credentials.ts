import type { StsCredentialsResult } from '../sts/sts-client.js';
import type { Credentials } from '../types.js';

/**
 * Cached credentials are used only while they have more than this left (botocore's
 * `CachedCredentialFetcher` window: 15 minutes).
 */
export const CACHE_EXPIRY_WINDOW_MS = 15 * 60_000;

/** `2026-11-23T10:00:00UTC`: how botocore's JSON file cache writes a time (`%Y-%m-%dT%H:%M:%S%Z`). */
function botocoreTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}UTC`;
}

/** Reads the times botocore and nimbus write (`…UTC`, `…Z`, `…+00:00`, with or without fractions). */
function parseCachedTime(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/ ?(UTC|GMT)$/, 'Z');
  if (!/(Z|[+-]\d\d:?\d\d)$/.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The account id of an ARN (`arn:partition:service:region:account:resource`), when it is one. */
function accountOf(arn: string | undefined): string | undefined {
  const parts = arn?.split(':');
  return parts && parts.length >= 6 && parts[0] === 'arn' && parts[4] ? parts[4] : undefined;
}

/**
 * The cache entry of an STS answer, exactly as botocore stores it: the whole parsed answer, with
 * `Credentials.Expiration` written as `…UTC` and `Credentials.AccountId` taken from the assumed
 * role's ARN.
 */
export function toCacheEntry(result: StsCredentialsResult): Record<string, unknown> {
  const { Credentials: credentials, ...rest } = result;
  const accountId = accountOf(result.AssumedRoleUser?.Arn);
  return {
    Credentials: { ...credentials, Expiration: botocoreTime(credentials.Expiration), ...(accountId ? { AccountId: accountId } : {}) },
    ...rest,
  };
}

function credentialsOf(entry: unknown): Record<string, unknown> | undefined {
  const credentials = (entry as { Credentials?: unknown } | undefined)?.Credentials;
  return typeof credentials === 'object' && credentials !== null ? (credentials as Record<string, unknown>) : undefined;
}

/** When the credentials of a cache entry expire, or undefined when it has no valid expiration. */
export function cacheEntryExpiration(entry: unknown): Date | undefined {
  return parseCachedTime(credentialsOf(entry)?.Expiration);
}

/**
 * The credentials of a cache entry (ours or the AWS CLI's), or undefined when it is not a valid
 * entry or has less than {@link CACHE_EXPIRY_WINDOW_MS} left at `now`.
 */
export function fromCacheEntry(entry: unknown, now: number): Credentials | undefined {
  const credentials = credentialsOf(entry);
  if (!credentials) return undefined;
  const { AccessKeyId: key, SecretAccessKey: secret, SessionToken: token } = credentials;
  const expires = parseCachedTime(credentials.Expiration);
  if (typeof key !== 'string' || !key || typeof secret !== 'string' || !secret || typeof token !== 'string' || !expires) return undefined;
  if (expires.getTime() - now < CACHE_EXPIRY_WINDOW_MS) return undefined;
  return token ? { key, secret, token, expires } : { key, secret, expires };
}

/** The credentials of a fresh STS answer. */
export function fromStsResult(result: StsCredentialsResult): Credentials {
  const { AccessKeyId, SecretAccessKey, SessionToken, Expiration } = result.Credentials;
  return { key: AccessKeyId, secret: SecretAccessKey, token: SessionToken, expires: Expiration };
}
