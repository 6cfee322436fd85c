import { Accounting } from './accounting.js';
import { BatchBuilder, type BatchLimits, type Pending } from './batch-builder.js';
import { classifyBatchError, isThrottlingCode, isTransientDocumentCode, type BatchErrorOutcome } from './batch-errors.js';
import { FailuresFile } from './failures-file.js';
import type { ItemFailure } from './item-failures.js';
import { ConcurrencyPacer } from './pacing.js';
import { RetrySchedule } from './retry-schedule.js';
import { ABORTED, LINGERED, SourceReader, WOKEN } from './source-reader.js';
import type { BulkRunOptions, BulkStop, BulkSummary, ItemSource, SourceItem } from './types.js';
import { Wakeup } from './wakeup.js';

/** What the engine needs for one kind of batch operation. */
export interface BatchEngineOptions<T> extends BulkRunOptions, BatchLimits {
  /** Creates the source; its reading must stop when `signal` aborts. */
  source: (signal: AbortSignal) => ItemSource<T>;
  /**
   * Sends one batch; resolves with the items the service reported as failed. Sets
   * `tally.throttledAttempts` to the attempts of the call the service throttled (the client's
   * own retries included), whether the call succeeds or not.
   */
  send: (items: T[], tally: CallTally) => Promise<ItemFailure[]>;
  /** What the state file records of an item (see `state`); required with `state`. */
  fingerprint?: (item: T) => string;
  /**
   * Called when a call finds the target busy (ConflictException: the index is being updated):
   * resolves once calls can go again, rejects when they cannot (the wait is bounded). Without it,
   * a busy target stops the run.
   */
  whenReady?: (signal: AbortSignal) => Promise<void>;
}

/** What one call reports besides its answer. */
export interface CallTally {
  throttledAttempts: number;
}

/** The default number of calls in flight. */
export const DEFAULT_CONCURRENCY = 8;

/** Milliseconds a partial batch waits for a slow source before it is sent as it is. */
export const LINGER_MS = 100;

function checkConcurrency(value: number | undefined): number {
  const concurrency = value ?? DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, not ${String(value)}`);
  return concurrency;
}

/**
 * Runs a bulk batch operation: reads items one at a time, groups them within the batch limits,
 * sends batches concurrently, and books every item read as acknowledged or failed (see
 * {@link BatchEngine}). Memory is bounded by the batches in flight, whatever the size of the source.
 */
export async function runBatchEngine<T>(options: BatchEngineOptions<T>): Promise<BulkSummary> {
  const failures = options.failuresFile === undefined ? undefined : await FailuresFile.open(options.failuresFile);
  return new BatchEngine(options, failures).run();
}

/**
 * One bulk run. Up to `concurrency` batches are in flight; fewer while the service throttles
 * ({@link ConcurrencyPacer}). Items of a batch that was throttled or met a server error, and items
 * a batch answer reports with a transient code, are sent again after a backoff with jitter, until
 * they have been sent `documentRetries.maxAttempts` times or the run's retry deadline has passed.
 * A busy index (ConflictException) pauses sending until `whenReady` says it can take calls again.
 * Items with the same id are never in flight together: a later one waits until the earlier one
 * is settled, so the last one read wins. A partial batch is sent when the source pauses for
 * {@link LINGER_MS} (a pipe that stays open), and resends do not wait for the source.
 *
 * On abort (or an error every later call would repeat) it stops reading and sending, waits for
 * the calls in flight (until `abandon` aborts), and fails the items it had read but not sent
 * with code `Aborted` (or `NotSent`). With `state`, an item whose id and fingerprint the state
 * lists is not sent (`unchanged`), and the items of every acknowledged answer are recorded.
 */
class BatchEngine<T> {
  readonly #options: BatchEngineOptions<T>;
  readonly #failures: FailuresFile | undefined;
  readonly #pacer: ConcurrencyPacer;
  readonly #batch: BatchBuilder<T>;
  readonly #controller = new AbortController();
  /** Settles when the run stops: a batch waiting for room among the calls in flight goes no further. */
  readonly #stopping = new Promise<void>((resolve) => this.#controller.signal.addEventListener('abort', () => resolve(), { once: true }));
  readonly #source: ItemSource<T>;
  readonly #books: Accounting;
  readonly #retries: RetrySchedule<T>;
  readonly #wakeup = new Wakeup();
  /** The calls in flight and their items. */
  readonly #inFlight = new Map<Promise<void>, Pending<T>[]>();
  /** Set once the run stops waiting for the calls in flight (`abandon`). */
  #abandoned = false;
  /** Ids of the items read and not yet settled. */
  readonly #busy = new Set<string>();
  /** Items waiting for an earlier item with the same id to settle. */
  readonly #held: Pending<T>[] = [];
  /** Set while the target is busy: sending waits for it. */
  #paused: Promise<void> | undefined;
  #stopped: BulkStop | undefined;

  constructor(options: BatchEngineOptions<T>, failures: FailuresFile | undefined) {
    this.#options = options;
    this.#failures = failures;
    this.#pacer = new ConcurrencyPacer(checkConcurrency(options.concurrency));
    this.#batch = new BatchBuilder<T>(options);
    this.#source = options.source(this.#controller.signal);
    const source = this.#source;
    this.#books = new Accounting({
      failures,
      progress: options.progress,
      onOutcome: options.onOutcome,
      position: source.position ? () => source.position!() : undefined,
    });
    this.#retries = new RetrySchedule<T>(options.documentRetries, () => this.#books.elapsed());
    this.#retries.onReady = () => this.#wakeup.fire();
  }

  /** Reads, sends and books everything, then returns the summary. */
  async run(): Promise<BulkSummary> {
    const signal = this.#options.signal;
    const onAbort = (): void => this.#stop({ code: 'Aborted', message: 'the run was interrupted' });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const reader = new SourceReader<SourceItem<T>>(this.#source, this.#controller.signal);
    let sourceError: unknown;
    try {
      sourceError = await this.#loop(reader);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      const { code, message } = this.#notSent();
      for (const pending of [...this.#batch.take(), ...this.#retries.drain(), ...this.#held.splice(0)]) this.#settleFailed(pending, code, message);
      await this.#awaitInFlight();
      for (const pending of this.#retries.drain()) this.#settleFailed(pending, code, message);
      await reader.close();
      this.#controller.abort();
      await this.#failures?.close();
    }
    if (sourceError !== undefined && this.#books.counters.read === 0) throw sourceError;
    const summary = this.#books.summary({ max: this.#pacer.max, lowest: this.#pacer.lowest }, this.#stopped);
    this.#options.progress?.finish(summary);
    return summary;
  }

  /**
   * Waits for the calls in flight, unless `abandon` aborts first: the items of the calls still in
   * flight then fail with code `Abandoned`, and their answers, when they come, are ignored.
   */
  async #awaitInFlight(): Promise<void> {
    const abandon = this.#options.abandon;
    const settled = Promise.allSettled([...this.#inFlight.keys()]);
    if (!abandon) return void (await settled);
    let onAbandon = (): void => undefined;
    const abandoned = new Promise<void>((resolve) => {
      onAbandon = () => resolve();
      if (abandon.aborted) resolve();
      else abandon.addEventListener('abort', onAbandon, { once: true });
    });
    try {
      await Promise.race([settled, abandoned]);
    } finally {
      abandon.removeEventListener('abort', onAbandon);
    }
    if (this.#inFlight.size === 0) return;
    this.#abandoned = true;
    for (const items of this.#inFlight.values()) {
      for (const pending of items) this.#settleFailed(pending, 'Abandoned', 'sent, but the run stopped waiting for the answer: it may or may not be stored');
    }
    this.#inFlight.clear();
  }

  /** The main loop; returns the error the source failed with, if it did. */
  async #loop(reader: SourceReader<SourceItem<T>>): Promise<unknown> {
    const batch = this.#batch;
    let exhausted = false;
    let sourceError: unknown;
    while (!this.#stopped) {
      let pending = this.#nextWaiting();
      if (!pending && !exhausted) {
        let result;
        try {
          result = await reader.next(this.#wakeup.promise, batch.size > 0 ? LINGER_MS : undefined);
        } catch (error) {
          sourceError = error;
          if (this.#books.counters.read > 0) this.#stop({ code: 'SourceError', message: (error as Error)?.message ?? String(error) });
          exhausted = true;
          continue;
        }
        if (result === ABORTED) break;
        if (result === WOKEN) {
          this.#wakeup.reset();
          continue;
        }
        if (result === LINGERED) {
          await this.#dispatch(batch.take());
          continue;
        }
        if (result.done) exhausted = true;
        else pending = this.#admit(result.value);
        if (!pending) continue;
      }
      if (pending) {
        if (!batch.fits(pending)) await this.#dispatch(batch.take());
        batch.add(pending);
        if (batch.full) await this.#dispatch(batch.take());
        continue;
      }
      if (batch.size > 0) {
        await this.#dispatch(batch.take());
        continue;
      }
      if (this.#inFlight.size === 0 && this.#retries.size === 0 && this.#held.length === 0) break;
      await Promise.race([...this.#inFlight.keys(), this.#wakeup.promise]);
      this.#wakeup.reset();
    }
    return sourceError;
  }

  #stop(reason: BulkStop): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    this.#controller.abort();
    this.#wakeup.fire();
  }

  #settleAcknowledged(pending: Pending<T>): void {
    this.#busy.delete(pending.entry.id);
    this.#books.acknowledge(pending.entry.id, pending.entry.ref, pending.attempts, pending.entry.contentBytes);
  }

  #settleFailed(pending: Pending<T>, code: string, message: string): void {
    this.#busy.delete(pending.entry.id);
    this.#books.fail(pending.entry.id, pending.entry.ref, pending.attempts, code, message);
  }

  /** Sends `pending` again after its backoff, or fails it with `code` when it may not be sent again. */
  #retryOrFail(pending: Pending<T>, code: string, message: string, delayMs?: number): void {
    if (this.#stopped) return this.#settleFailed(pending, code, message);
    if (!this.#retries.allows(pending.attempts)) return this.#settleFailed(pending, code, `${message} (${this.#retries.givenUp(pending.attempts)})`);
    this.#books.counters.retried++;
    this.#retries.schedule(pending, delayMs);
  }

  async #sendBatch(items: Pending<T>[]): Promise<void> {
    for (const pending of items) pending.attempts++;
    const books = this.#books;
    const epoch = this.#pacer.epoch;
    const tally: CallTally = { throttledAttempts: 0 };
    books.counters.inFlight++;
    let reported: Map<string, ItemFailure>;
    try {
      const answer = await this.#options.send(
        items.map((pending) => pending.entry.item),
        tally,
      );
      reported = new Map(answer.map((failure) => [failure.id, failure]));
    } catch (error) {
      if (this.#abandoned) return;
      const outcome = classifyBatchError(error);
      books.counters.throttled += Math.max(tally.throttledAttempts, outcome.kind === 'throttled' ? 1 : 0);
      this.#failedCall(items, outcome, epoch);
      return;
    } finally {
      books.counters.inFlight--;
      books.counters.calls++;
    }
    if (this.#abandoned) return;
    books.counters.throttled += tally.throttledAttempts;
    let throttled = false;
    const acknowledged: { id: string; fingerprint: string }[] = [];
    for (const pending of items) {
      const failure = reported.get(pending.entry.id);
      if (!failure) {
        this.#settleAcknowledged(pending);
        if (pending.fingerprint !== undefined) acknowledged.push({ id: pending.entry.id, fingerprint: pending.fingerprint });
      } else if (isTransientDocumentCode(failure.code)) {
        throttled ||= isThrottlingCode(failure.code);
        this.#retryOrFail(pending, failure.code, failure.message);
      } else this.#settleFailed(pending, failure.code, failure.message);
    }
    this.#options.state?.acknowledged(acknowledged);
    if (throttled) {
      books.counters.throttled++;
      this.#pacer.throttled(epoch);
    } else if (tally.throttledAttempts > 0) this.#pacer.throttled(epoch);
    else this.#pacer.answered();
  }

  /** Books a whole call that failed, by what its error means. */
  #failedCall(items: Pending<T>[], outcome: BatchErrorOutcome, epoch: number): void {
    const { kind, code, message } = outcome;
    if (kind === 'throttled') this.#pacer.throttled(epoch);
    if (kind === 'busy' && this.#options.whenReady) {
      this.#pause();
      // Not counted as a send: the index was not ready to take it.
      for (const pending of items) {
        pending.attempts--;
        this.#retryOrFail(pending, code, message, 0);
      }
      return;
    }
    if (kind === 'throttled' || kind === 'transient') {
      for (const pending of items) this.#retryOrFail(pending, code, message);
      return;
    }
    for (const pending of items) this.#settleFailed(pending, code, message);
    if (kind !== 'rejected') this.#stop({ code, message });
  }

  /** Pauses sending until `whenReady` resolves; stops the run when it rejects. */
  #pause(): void {
    if (this.#paused) return;
    this.#paused = this.#options.whenReady!(this.#controller.signal).then(
      () => {
        this.#paused = undefined;
      },
      (error: unknown) => {
        this.#paused = undefined;
        const { code, message } = classifyBatchError(error);
        this.#stop({ code, message });
      },
    );
  }

  #notSent(): { code: string; message: string } {
    return this.#stopped?.code === 'Aborted'
      ? { code: 'Aborted', message: 'not sent: the run was interrupted' }
      : { code: 'NotSent', message: `not sent: the run stopped after ${this.#stopped?.code ?? 'an error'}` };
  }

  /** Sends a batch once the pace and the failures file allow it. */
  async #dispatch(items: Pending<T>[]): Promise<void> {
    while (this.#paused) await this.#paused;
    while (this.#inFlight.size >= this.#pacer.limit && !this.#stopped) await Promise.race([...this.#inFlight.keys(), this.#stopping]);
    await this.#books.backpressure();
    if (this.#stopped) {
      const { code, message } = this.#notSent();
      for (const pending of items) this.#settleFailed(pending, code, message);
      return;
    }
    const call = this.#sendBatch(items).finally(() => {
      this.#inFlight.delete(call);
      this.#books.changed();
      this.#wakeup.fire();
    });
    this.#inFlight.set(call, items);
    this.#books.changed();
  }

  /** The next item that can go now: a retry whose backoff is over, or an item that waited for its id. */
  #nextWaiting(): Pending<T> | undefined {
    const retry = this.#retries.takeReady();
    if (retry) return retry;
    const index = this.#held.findIndex((pending) => !this.#busy.has(pending.entry.id));
    if (index < 0) return undefined;
    const [pending] = this.#held.splice(index, 1);
    this.#busy.add(pending!.entry.id);
    return pending;
  }

  /** Books a source item; returns it as pending when it can join a batch now. */
  #admit(item: SourceItem<T>): Pending<T> | undefined {
    if (item.kind === 'skip') {
      this.#books.skip(item.ref, item.reason);
      this.#books.changed();
      return undefined;
    }
    this.#books.read(item.ref);
    if (item.kind === 'failure') {
      this.#books.fail(item.id, item.ref, 0, item.code, item.message);
      this.#books.changed();
      return undefined;
    }
    const pending: Pending<T> = { entry: item, attempts: 0 };
    const state = this.#options.state;
    if (state) {
      pending.fingerprint = this.#options.fingerprint!(item.item);
      if (state.unchanged(item.id, pending.fingerprint)) {
        this.#books.unchanged();
        this.#books.changed();
        return undefined;
      }
    }
    if (this.#busy.has(item.id)) {
      this.#held.push(pending);
      return undefined;
    }
    this.#busy.add(item.id);
    return pending;
  }
}
