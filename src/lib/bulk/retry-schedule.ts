import type { Pending } from './batch-builder.js';
import type { DocumentRetryOptions } from './types.js';

/** The resolved document retry settings. */
export interface DocumentRetrySettings {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Milliseconds after the start of the run when sending documents again stops; none when undefined. */
  deadlineMs: number | undefined;
}

/** The default number of sends per document, the first included. */
export const DEFAULT_MAX_ATTEMPTS = 11;

/** Checks the document retry options and fills their defaults (11 sends, 200 ms, 5 s, no deadline). */
export function documentRetrySettings(options: DocumentRetryOptions = {}): DocumentRetrySettings {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1)
    throw new RangeError(`documentRetries.maxAttempts must be a whole number of at least 1, not ${String(options.maxAttempts)}`);
  if (!(baseDelayMs >= 0)) throw new RangeError(`documentRetries.baseDelayMs must be a number of milliseconds >= 0, not ${String(options.baseDelayMs)}`);
  if (!(maxDelayMs >= baseDelayMs)) throw new RangeError('documentRetries.maxDelayMs must be at least documentRetries.baseDelayMs');
  const deadlineMs = options.deadlineMs;
  if (deadlineMs !== undefined && !(deadlineMs >= 0))
    throw new RangeError(`documentRetries.deadlineMs must be a number of milliseconds >= 0, not ${String(deadlineMs)}`);
  return { maxAttempts, baseDelayMs, maxDelayMs, deadlineMs };
}

/** The backoff before send number `attempts + 1`: full jitter over an exponential ceiling. */
export function retryDelay(settings: DocumentRetrySettings, attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.floor(random() * ceiling);
}

/** Items waiting to be sent again: sleeping out their backoff, then ready. */
export class RetrySchedule<T> {
  readonly settings: DocumentRetrySettings;
  /** Called when an item's backoff is over. */
  onReady: () => void = () => undefined;
  readonly #sleeping = new Map<NodeJS.Timeout, Pending<T>>();
  readonly #ready: Pending<T>[] = [];

  readonly #elapsed: () => number;

  /** `elapsed` tells the milliseconds since the run started, for the deadline. */
  constructor(options: DocumentRetryOptions | undefined, elapsed: () => number) {
    this.settings = documentRetrySettings(options);
    this.#elapsed = elapsed;
  }

  /** Items sleeping or ready. */
  get size(): number {
    return this.#sleeping.size + this.#ready.length;
  }

  /** True when an item sent `attempts` times may be sent again: sends are left, and the deadline has not passed. */
  allows(attempts: number): boolean {
    const { maxAttempts, deadlineMs } = this.settings;
    return attempts < maxAttempts && (deadlineMs === undefined || this.#elapsed() < deadlineMs);
  }

  /** Why {@link allows} said no, for the failure message. */
  givenUp(attempts: number): string {
    return attempts >= this.settings.maxAttempts ? `gave up after ${attempts} send${attempts === 1 ? '' : 's'}` : 'gave up at the retry deadline';
  }

  /** Puts an item to sleep for its backoff (or `delayMs`). */
  schedule(pending: Pending<T>, delayMs = retryDelay(this.settings, pending.attempts)): void {
    const timer = setTimeout(() => {
      this.#sleeping.delete(timer);
      this.#ready.push(pending);
      this.onReady();
    }, delayMs);
    this.#sleeping.set(timer, pending);
  }

  /** The next item whose backoff is over, if any. */
  takeReady(): Pending<T> | undefined {
    return this.#ready.shift();
  }

  /** Cancels every backoff and returns all the items waiting. */
  drain(): Pending<T>[] {
    const items = [...this.#ready.splice(0), ...this.#sleeping.values()];
    for (const timer of this.#sleeping.keys()) clearTimeout(timer);
    this.#sleeping.clear();
    return items;
  }
}
