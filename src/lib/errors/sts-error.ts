import { ConfigurationError } from './configuration-error.js';

/**
 * A call to STS for credentials failed: STS answered with an error (its code and message are
 * in the message), answered with something unreadable, or could not be reached. It is a
 * configuration problem of the profile that asked for the role, so the credential chain stops
 * there. The message never contains a secret, a session token or a web identity token.
 */
export class StsError extends ConfigurationError {
  override name = 'StsError';
  /** STS's error code (e.g. `AccessDenied`), or undefined when STS did not answer with one. */
  readonly code?: string;
  /** The HTTP status of STS's answer, when there was one. */
  readonly statusCode?: number;
  /** STS's request id, when there was one. */
  readonly requestId?: string;

  constructor(message: string, details: { code?: string; statusCode?: number; requestId?: string; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    if (details.code !== undefined) this.code = details.code;
    if (details.statusCode !== undefined) this.statusCode = details.statusCode;
    if (details.requestId !== undefined) this.requestId = details.requestId;
  }
}

/** True when `error` is an {@link StsError}. */
export function isStsError(error: unknown): error is StsError {
  return error instanceof StsError;
}
