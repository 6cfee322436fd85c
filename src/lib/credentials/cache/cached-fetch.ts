import type { StsCredentialsResult } from '../sts/sts-client.js';
import type { StsContext } from '../sts/sts-context.js';
import type { Credentials } from '../types.js';
import { fromCacheEntry, fromStsResult, toCacheEntry } from './cached-credentials.js';

/**
 * Credentials from the disk cache entry `key` while it has more than 15 minutes left; otherwise
 * from `fetch` (an STS call), whose answer is then stored under `key`. A cache that cannot be
 * written does not fail the call: the fresh credentials are returned all the same.
 * `source` tags the credentials for `configure list` (`assume-role`, `assume-role-with-web-identity`).
 */
export async function fetchThroughCache(context: StsContext, key: string, source: string, fetch: () => Promise<StsCredentialsResult>): Promise<Credentials> {
  const cached = context.cache ? fromCacheEntry(context.cache.get(key), context.now()) : undefined;
  if (cached) return { ...cached, source };
  const result = await fetch();
  try {
    context.cache?.set(key, toCacheEntry(result));
  } catch {
    // A read-only or full home: the next run calls STS again.
  }
  return { ...fromStsResult(result), source };
}
