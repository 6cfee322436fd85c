/** Input the wire protocol cannot encode, or a response body it cannot decode. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/** True when `error` is a {@link ProtocolError}. */
export function isProtocolError(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError;
}
