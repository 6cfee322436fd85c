import { NimbusError } from './nimbus-error.js';

/**
 * A paginator cannot go on: the service sent the same token twice (which would loop forever),
 * or the pagination configuration or starting token is unusable.
 */
export class PaginationError extends NimbusError {
  override name = 'PaginationError';
  /** The paginated operation, e.g. `ListIndices`. */
  readonly operation: string;

  constructor(message: string, details: { operation: string; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.operation = details.operation;
  }
}

/** True when `error` is a {@link PaginationError}. */
export function isPaginationError(error: unknown): error is PaginationError {
  return error instanceof PaginationError;
}
