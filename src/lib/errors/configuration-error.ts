import { NimbusError } from './nimbus-error.js';

/**
 * A problem with how nimbus is configured: a client option, an environment variable, or the
 * shared config and credentials files. Messages are one line and never contain a secret.
 */
export class ConfigurationError extends NimbusError {
  override name = 'ConfigurationError';
  /** The client option the problem is about (e.g. `credentials`), when there is one. */
  readonly option?: string;

  /**
   * @param message - a one-line description of the problem.
   * @param options - the option concerned and the underlying cause, if any.
   */
  constructor(message: string, options: { option?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.option !== undefined) this.option = options.option;
  }
}

/** True when `error` is a {@link ConfigurationError} (or one of its subclasses). */
export function isConfigurationError(error: unknown): error is ConfigurationError {
  return error instanceof ConfigurationError;
}
