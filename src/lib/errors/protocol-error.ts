import { NimbusError } from './nimbus-error.js';

/**
 * The wire protocol cannot carry a request (input it cannot encode, a model it does not speak)
 * or read a response. A response that cannot be read is the subclass {@link InvalidResponseError}.
 */
export class ProtocolError extends NimbusError {
  override name = 'ProtocolError';
}

/** True when `error` is a {@link ProtocolError} (including an {@link InvalidResponseError}). */
export function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}
