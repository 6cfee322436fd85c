// The wire error codes and status codes that retry decisions rest on: which answers of a service
// mean "slow down" and which are transient failures worth another attempt.

/** Error codes that mean "slow down" (botocore's standard retry list). */
export const THROTTLING_CODES: ReadonlySet<string> = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);

/** Error codes of transient failures worth another attempt. */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set(['RequestTimeout', 'RequestTimeoutException', 'PriorRequestNotComplete']);

/** The error codes legacy mode retries (besides 5xx and connection errors). */
export const LEGACY_THROTTLING_CODES: ReadonlySet<string> = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'RequestThrottled',
]);

/** The status codes every retry mode treats as transient server failures. */
export const TRANSIENT_STATUS_CODES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/** Status codes worth another attempt: the transient server failures and 429 (too many requests). */
export const RETRYABLE_STATUS_CODES: ReadonlySet<number> = new Set([429, ...TRANSIENT_STATUS_CODES]);
