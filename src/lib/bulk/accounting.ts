import type { FailuresFile } from './failures-file.js';
import {
  SKIPPED,
  type BulkCounters,
  type BulkProgressListener,
  type BulkSnapshot,
  type BulkStop,
  type BulkSummary,
  type DocumentOutcome,
  type SourcePosition,
  type SourceRef,
} from './types.js';

/** Where a run's accounting goes besides its counters. */
export interface AccountingOptions {
  failures?: FailuresFile;
  progress?: BulkProgressListener;
  onOutcome?: (outcome: DocumentOutcome) => void;
  position?: () => SourcePosition | undefined;
  /** Milliseconds clock; `performance.now` unless given. */
  clock?: () => number;
}

/**
 * The books of one bulk run: every item read ends in exactly one of `acknowledged`, `failed`
 * or `unchanged`, each failure is written to the failures file, and listeners hear of every change.
 */
export class Accounting {
  readonly counters: BulkCounters = {
    read: 0,
    unchanged: 0,
    skipped: 0,
    acknowledged: 0,
    failed: 0,
    retried: 0,
    throttled: 0,
    bytes: 0,
    calls: 0,
    inFlight: 0,
  };
  lastLine: number | undefined;
  readonly #options: AccountingOptions;
  readonly #clock: () => number;
  readonly #start: number;

  constructor(options: AccountingOptions = {}) {
    this.#options = options;
    this.#clock = options.clock ?? (() => performance.now());
    this.#start = this.#clock();
  }

  /** Counts an item taken from the source. */
  read(ref: SourceRef): void {
    this.counters.read++;
    if (ref.line !== undefined) this.lastLine = ref.line;
  }

  /** Books an input that is not a document to send, and writes it to the failures file with its reason. */
  skip(ref: SourceRef, reason: string): void {
    this.counters.skipped++;
    this.#options.failures?.write({ id: null, code: SKIPPED, message: reason, ...ref });
  }

  /** Books an item read and not sent: an earlier run had it acknowledged as it is. */
  unchanged(): void {
    this.counters.unchanged++;
  }

  /** Books an item the service acknowledged. */
  acknowledge(id: string, ref: SourceRef, attempts: number, contentBytes: number): void {
    this.counters.acknowledged++;
    this.counters.bytes += contentBytes;
    this.#options.onOutcome?.({ status: 'acknowledged', id, ref, attempts });
  }

  /** Books an item that ended failed, and writes it to the failures file. */
  fail(id: string | null, ref: SourceRef, attempts: number, code: string, message: string): void {
    this.counters.failed++;
    this.#options.failures?.write({ id, code, message, ...ref });
    this.#options.onOutcome?.({ status: 'failed', id, ref, attempts, code, message });
  }

  /** Waits while the failures file has too much buffered. */
  async backpressure(): Promise<void> {
    await this.#options.failures?.drained();
  }

  /** Milliseconds since the run started. */
  elapsed(): number {
    return this.#clock() - this.#start;
  }

  /** The counters now, with the elapsed time and the source position. */
  snapshot(): BulkSnapshot {
    const position = this.#options.position?.();
    return { ...this.counters, elapsedMs: this.elapsed(), ...(position ? { position } : {}) };
  }

  /** Tells the progress listener about the current counters. */
  changed(): void {
    this.#options.progress?.update(this.snapshot());
  }

  /** The final summary, with the calls in flight the run allowed (`concurrency`). */
  summary(concurrency: BulkSummary['concurrency'], stopped?: BulkStop): BulkSummary {
    const elapsedMs = this.elapsed();
    return {
      ...this.counters,
      elapsedMs,
      rate: elapsedMs > 0 ? (this.counters.acknowledged * 1000) / elapsedMs : 0,
      concurrency,
      ...(stopped ? { stopped } : {}),
      ...(this.lastLine === undefined ? {} : { lastLine: this.lastLine }),
      ...(this.#options.failures ? { failuresFile: this.#options.failures.path } : {}),
    };
  }
}
