import type { CredentialProvider, Credentials } from './types.js';

/** Options of {@link memoize}. */
export interface MemoizeOptions {
  /** Refresh credentials this long before they expire; default 5 minutes. */
  refreshWindowMs?: number;
  /** The clock, in epoch milliseconds; default `Date.now`. */
  now?: () => number;
}

/**
 * Caches a provider's credentials: credentials without `expires` are kept for good, others
 * until `expires - refreshWindowMs`, after which the next call fetches new ones. Concurrent
 * callers share one in-flight fetch. If a refresh fails while the cached credentials have not
 * actually expired yet, the cached ones are returned (and the next call tries again). Errors and
 * null results are not cached.
 */
export function memoize(provider: CredentialProvider, options: MemoizeOptions = {}): CredentialProvider {
  const windowMs = options.refreshWindowMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  let cached: Credentials | undefined;
  let inflight: Promise<Credentials | null> | undefined;
  const refresh = (): Promise<Credentials | null> => {
    if (!inflight) {
      const fetching = Promise.resolve()
        .then(provider)
        .then((credentials) => {
          if (credentials) cached = credentials;
          return credentials;
        });
      inflight = fetching.finally(() => {
        inflight = undefined;
      });
    }
    return inflight;
  };
  return async () => {
    if (cached && (!cached.expires || now() < cached.expires.getTime() - windowMs)) return cached;
    const previous = cached;
    try {
      return await refresh();
    } catch (error) {
      if (previous?.expires && now() < previous.expires.getTime()) return previous;
      throw error;
    }
  };
}
