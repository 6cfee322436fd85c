import type { SourceEntry } from './types.js';

/** An item on its way through a run: its source entry and how many times it was sent. */
export interface Pending<T> {
  entry: SourceEntry<T>;
  attempts: number;
  /** What the state file records once it is acknowledged (resumable runs only). */
  fingerprint?: string;
}

/** The limits of one batch. */
export interface BatchLimits {
  /** Items per call (the service's list limit). */
  maxItems: number;
  /** Bytes per call; an item heavier than this travels alone. */
  maxBytes: number;
}

/** Collects items into one batch within the item and byte limits. */
export class BatchBuilder<T> {
  #items: Pending<T>[] = [];
  #bytes = 0;

  constructor(private readonly limits: BatchLimits) {
    if (!(Number.isSafeInteger(limits.maxItems) && limits.maxItems >= 1)) throw new RangeError('maxItems must be a whole number of at least 1');
    if (!(limits.maxBytes > 0)) throw new RangeError('maxBytes must be a number above 0');
  }

  /** Items collected so far. */
  get size(): number {
    return this.#items.length;
  }

  /** True when no further item can join. */
  get full(): boolean {
    return this.#items.length >= this.limits.maxItems || this.#bytes >= this.limits.maxBytes;
  }

  /** True when `pending` can join without breaking a limit (an empty batch takes anything). */
  fits(pending: Pending<T>): boolean {
    if (this.#items.length === 0) return true;
    return this.#items.length < this.limits.maxItems && this.#bytes + pending.entry.bytes <= this.limits.maxBytes;
  }

  /** Adds an item; call {@link fits} first. */
  add(pending: Pending<T>): void {
    this.#items.push(pending);
    this.#bytes += pending.entry.bytes;
  }

  /** Returns the batch and starts an empty one. */
  take(): Pending<T>[] {
    const items = this.#items;
    this.#items = [];
    this.#bytes = 0;
    return items;
  }
}
