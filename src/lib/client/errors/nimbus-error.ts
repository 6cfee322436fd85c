/** The base class of every error nimbus's client library throws on purpose. */
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
