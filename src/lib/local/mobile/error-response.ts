import { REST_JSON_ERRORS, type ErrorDialect } from '../protocol/error-response.js';
import { mobileError } from './mobile-error.js';

/**
 * How the mobile API answers errors (REST-JSON): the code in `x-amzn-ErrorType` and `__type`,
 * the text in `message`. A store kept busy by another process is a 503
 * `ServiceUnavailableException`, and so is a write refused because the store's storage is full; any other unexpected failure a 500 `InternalFailureException`
 * naming the request.
 */
export const MOBILE_ERRORS: ErrorDialect = {
  ...REST_JSON_ERRORS,
  busy: () => mobileError('ServiceUnavailableException', 'the local data store is busy (another process holds it); retry shortly', 1),
  full: () => mobileError('ServiceUnavailableException', 'the storage of the local data dir is full, so nothing was written; free disk space and retry', 5),
  internal: (requestId) =>
    mobileError('InternalFailureException', `the local mobile service failed to process the request ${requestId}; its log has the cause`),
};
