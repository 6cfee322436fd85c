import type { Pending } from './batch-builder.js';
import type { DocumentRetryOptions } from './types.js';

/** The resolved document retry settings. */
export interface DocumentRetrySettings {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Checks the document retry options and fills their defaults (5 sends, 200 ms, 5 s). */
export function documentRetrySettings(options: DocumentRetryOptions = {}): DocumentRetrySettings {
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const maxDelayMs = options.maxDelayMs ?? 5000;
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) throw new RangeError(`documentRetries.maxAttempts must be a whole number of at least 1, not ${String(options.maxAttempts)}`);
  if (!(baseDelayMs >= 0)) throw new RangeError(`documentRetries.baseDelayMs must be a number of milliseconds >= 0, not ${String(options.baseDelayMs)}`);
  if (!(maxDelayMs >= baseDelayMs)) throw new RangeError('documentRetries.maxDelayMs must be at least documentRetries.baseDelayMs');
  return { maxAttempts, baseDelayMs, maxDelayMs };
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

  constructor(options?: DocumentRetryOptions) {
    this.settings = documentRetrySettings(options);
  }

  /** Items sleeping or ready. */
  get size(): number {
    return this.#sleeping.size + this.#ready.length;
  }

  /** True when an item sent `attempts` times may be sent again. */
  allows(attempts: number): boolean {
    return attempts < this.settings.maxAttempts;
  }

  /** Puts an item to sleep for its backoff. */
  schedule(pending: Pending<T>): void {
    const timer = setTimeout(() => {
      this.#sleeping.delete(timer);
      this.#ready.push(pending);
      this.onReady();
    }, retryDelay(this.settings, pending.attempts));
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
