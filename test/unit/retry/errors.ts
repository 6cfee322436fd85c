import { ConnectionError } from '../../../src/lib/errors/connection-error.js';
import { ServiceException } from '../../../src/lib/errors/service-exception.js';

/** A service error as the protocol parser would make it (retryable/throttling flags as given). */
export function serviceError(
  code: string,
  statusCode: number,
  extra: { retryable?: boolean; throttling?: boolean; headers?: Record<string, string> } = {},
): ServiceException {
  return new ServiceException({
    code,
    message: `${code} happened`,
    statusCode,
    retryable: extra.retryable ?? false,
    throttling: extra.throttling ?? false,
    $metadata: { statusCode, headers: extra.headers ?? {}, attempts: 1, totalRetryDelay: 0 },
  });
}

/** A transport failure. */
export function connectionError(timeout = false): ConnectionError {
  return new ConnectionError(timeout ? 'Timed out' : 'Connection failed', { code: timeout ? 'UND_ERR_HEADERS_TIMEOUT' : 'ECONNRESET', timeout });
}

/** A random source that plays the given numbers in order. */
export function randoms(...values: number[]): () => number {
  return () => {
    const value = values.shift();
    if (value === undefined) throw new Error('the test ran out of random numbers');
    return value;
  };
}
