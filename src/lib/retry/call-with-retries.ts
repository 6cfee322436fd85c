import { setTimeout as delay } from 'node:timers/promises';
import type { RetryStrategy } from './retry-strategy.js';

/** What a call made through {@link callWithRetries} returned, and how many times it was made again. */
export interface RetriedResult<T> {
  value: T;
  /** Attempts after the first. */
  retries: number;
}

/**
 * Makes `attempt` (given its 1-based number) until it succeeds or `strategy` gives up, waiting
 * between attempts as the strategy decides; rethrows the last failure. This is the retry loop of
 * calls sent outside a client's handler list, such as those of the credential sources, which
 * have no retry middleware.
 * @param sleep - waits between attempts; default a timer.
 */
export async function callWithRetries<T>(
  strategy: RetryStrategy,
  attempt: (attempt: number) => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => delay(ms),
): Promise<RetriedResult<T>> {
  const call = strategy.begin();
  for (let number = 1; ; number++) {
    await call.beforeAttempt();
    try {
      const value = await attempt(number);
      call.succeeded();
      return { value, retries: number - 1 };
    } catch (error) {
      const decision = call.failed(error, number);
      if (!decision.retry) throw error;
      await sleep(decision.delay);
    }
  }
}
