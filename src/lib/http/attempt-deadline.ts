import { EventEmitter } from 'node:events';

/**
 * The deadline of one HTTP attempt, as the abort signal undici takes (its `signal` option accepts
 * an EventEmitter that emits `abort` and carries `aborted` and `reason`). It costs a few
 * microseconds less per request than an AbortController, whose signal is an EventTarget that
 * validates each listener's options; a client sending thousands of requests a second notices.
 * When the time is up it aborts with `reason`; {@link clear} stops the timer once the attempt ends.
 */
export class AttemptDeadline extends EventEmitter {
  /** Whether the time ran out. */
  aborted = false;
  /** Why the attempt was aborted (set when the time ran out). */
  reason: unknown = undefined;
  private readonly timer: NodeJS.Timeout;

  /** Starts the clock: after `ms` milliseconds the deadline aborts with `reason()`. */
  constructor(ms: number, reason: () => unknown) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = reason();
      this.emit('abort');
    }, ms);
  }

  /** Stops the clock (the attempt is over). */
  clear(): void {
    clearTimeout(this.timer);
  }
}
