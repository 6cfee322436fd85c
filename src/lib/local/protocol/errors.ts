/**
 * A failure a local service answers with one of its API's modelled errors. The message is sent
 * to the caller as is, so it never contains secrets.
 *
 * @typeParam Code - the error codes of the API that throws it.
 */
export class ServiceError<Code extends string = string> extends Error {
  override readonly name = 'ServiceError';

  /**
   * @param code - the wire error code (`__type` and `x-amzn-ErrorType`).
   * @param message - a one-line explanation for the caller.
   * @param status - the HTTP status of the answer.
   * @param retryAfterSeconds - sent as `Retry-After` (throttling, limits, unavailability).
   * @param members - further members of the error shape sent in the body (e.g. `ConflictingItems`).
   */
  constructor(
    readonly code: Code,
    message: string,
    readonly status: number,
    readonly retryAfterSeconds?: number,
    readonly members?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

const BUSY_CODES: ReadonlySet<unknown> = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

/** Whether a failure is the SQLite store being held by another process (`SQLITE_BUSY`, `SQLITE_LOCKED`). */
export function isStoreBusy(error: unknown): boolean {
  return BUSY_CODES.has((error as { code?: unknown } | null)?.code);
}
