import { NimbusError } from './nimbus-error.js';

/** The SSO portal or SSO-OIDC answered with an error. The message never contains a token or secret. */
export class SsoServiceError extends NimbusError {
  override name = 'SsoServiceError';
  /** The error code, e.g. `UnauthorizedException`, `AuthorizationPendingException`. */
  readonly code: string;
  readonly statusCode: number;

  constructor(service: string, code: string, message: string, statusCode: number) {
    super(`${service} answered ${code}${message ? `: ${message}` : ''} (status ${statusCode})`);
    this.code = code;
    this.statusCode = statusCode;
  }
}

/** True when `error` is an {@link SsoServiceError}, with the given code when one is given. */
export function isSsoServiceError(error: unknown, code?: string): error is SsoServiceError {
  return error instanceof SsoServiceError && (code === undefined || error.code === code);
}
