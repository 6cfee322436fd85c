import { NimbusError } from './nimbus-error.js';
import type { MetadataBearer } from './response-metadata.js';

/** An operation's result as a waiter saw it: output members plus `$metadata`. */
type Result = Record<string, unknown> & MetadataBearer;

/** Why a waiter stopped without reaching its success state. */
export type WaiterStopReason = 'timeout' | 'failure' | 'error' | 'aborted';

/**
 * A waiter stopped without success: it ran out of attempts (`timeout`), matched a failure
 * acceptor (`failure`), got a service error no acceptor expected (`error`, the error is the
 * `cause`), or its AbortSignal fired (`aborted`).
 */
export class WaiterError extends NimbusError {
  override name = 'WaiterError';
  /** The waiter, e.g. `IndexActive`. */
  readonly waiter: string;
  readonly reason: WaiterStopReason;
  /** How many times the operation was called. */
  readonly attempts: number;
  /** The last successful result of the operation, if there was one. */
  readonly lastResult?: Result;

  constructor(message: string, details: { waiter: string; reason: WaiterStopReason; attempts: number; lastResult?: Result; cause?: unknown }) {
    super(message, { cause: details.cause });
    this.waiter = details.waiter;
    this.reason = details.reason;
    this.attempts = details.attempts;
    if (details.lastResult !== undefined) this.lastResult = details.lastResult;
  }
}

/** True when `error` is a {@link WaiterError}. */
export function isWaiterError(error: unknown): error is WaiterError {
  return error instanceof WaiterError;
}
