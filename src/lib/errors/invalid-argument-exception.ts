import { NimbusError } from './nimbus-error.js';

/**
 * Thrown for a bad constructor option (missing region or version, unknown version, an invalid
 * value) or for operation input that fails validation. `option` names the constructor option
 * at fault, when there is one; `operation` names the operation whose input failed validation.
 */
export class InvalidArgumentException extends NimbusError {
  override name = 'InvalidArgumentException';
  readonly code = 'InvalidArgumentException';
  readonly option?: string;
  readonly operation?: string;
  /** Every problem found, when the input of an operation failed validation. */
  readonly problems: string[];

  constructor(message: string, details: { option?: string; operation?: string; problems?: string[]; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    this.option = details.option;
    this.operation = details.operation;
    this.problems = details.problems ?? [];
  }
}

/** True when `error` is an {@link InvalidArgumentException}. */
export function isInvalidArgumentException(error: unknown): error is InvalidArgumentException {
  return error instanceof InvalidArgumentException;
}
