import type { Client } from '../client/client.js';
import { readRetryContext } from '../client/middleware/retry.js';
import type { Result } from '../client/result.js';
import { isThrottlingError } from '../retry/error-classification.js';
import type { CallTally } from './batch-engine.js';

/**
 * Calls `operation` through the client's handler list and sets `tally.throttledAttempts` to the
 * attempts the service throttled, the retries the client's retry middleware made included
 * (without that middleware, a call that fails throttled counts one).
 */
export async function countedCall<T>(client: Client, operation: string, args: object, tally: CallTally): Promise<Result<T>> {
  const command = client.getCommand(operation, args as Record<string, unknown>);
  let failure: unknown;
  try {
    return (await client.executeAsync(command)) as Result<T>;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    const attempts = readRetryContext(command).attempts;
    tally.throttledAttempts = attempts
      ? attempts.filter((attempt) => isThrottlingError(attempt.error)).length
      : Number(failure !== undefined && isThrottlingError(failure));
  }
}
