/**
 * The base class of every error nimbus's library throws on purpose.
 *
 * Naming rule: a class ends in `Exception` when it is service-shaped, that is when it carries a
 * `code` string in the style of a service's error response and callers handle it as they handle
 * an answer of the service (ServiceException, InvalidArgumentException). Every other class ends
 * in `Error` (ConnectionError, InvalidResponseError, ConfigurationError, ...).
 */
export class NimbusError extends Error {
  override name = 'NimbusError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** True when `error` is any nimbus error. */
export function isNimbusError(error: unknown): error is NimbusError {
  return error instanceof NimbusError;
}
