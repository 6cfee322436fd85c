import { Accounting } from './accounting.js';
import { BatchBuilder, type BatchLimits, type Pending } from './batch-builder.js';
import { classifyBatchError, isTransientDocumentCode } from './batch-errors.js';
import { FailuresFile } from './failures-file.js';
import { RetrySchedule } from './retry-schedule.js';
import { ABORTED, LINGERED, SourceReader, WOKEN } from './source-reader.js';
import type { BulkRunOptions, BulkStop, BulkSummary, ItemSource, SourceItem } from './types.js';

/** A document the service reported as not processed in a batch answer. */
export interface ItemFailure {
  id: string;
  code: string;
  message: string;
}

/** The `FailedDocuments` of a batch answer (BatchPutDocument, BatchDeleteDocument) as {@link ItemFailure}s. */
export function itemFailures(failed: readonly { Id?: string; ErrorCode?: string; ErrorMessage?: string }[] = []): ItemFailure[] {
  return failed.map((item) => ({
    id: item.Id ?? '',
    code: item.ErrorCode ?? 'Unknown',
    message: item.ErrorMessage ?? 'the service gave no reason',
  }));
}

/** What the engine needs for one kind of batch operation. */
export interface BatchEngineOptions<T> extends BulkRunOptions, BatchLimits {
  /** Creates the source; its reading must stop when `signal` aborts. */
  source: (signal: AbortSignal) => ItemSource<T>;
  /** Sends one batch; resolves with the items the service reported as failed. */
  send: (items: T[]) => Promise<ItemFailure[]>;
}

/** The default number of calls in flight. */
export const DEFAULT_CONCURRENCY = 8;

/** Milliseconds a partial batch waits for a slow source before it is sent as it is. */
export const LINGER_MS = 100;

/** A promise that can be resolved from outside, re-armed after each use. */
class Wakeup {
  #resolve!: () => void;
  promise!: Promise<void>;
  constructor() {
    this.reset();
  }
  fire(): void {
    this.#resolve();
  }
  reset(): void {
    this.promise = new Promise((resolve) => (this.#resolve = resolve));
  }
}

function checkConcurrency(value: number | undefined): number {
  const concurrency = value ?? DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, not ${String(value)}`);
  return concurrency;
}

/**
 * Runs a bulk batch operation: reads items one at a time, groups them within the batch limits,
 * sends up to `concurrency` batches at once, sends again the items a batch answer reports as
 * transient failures (with backoff, up to `documentRetries.maxAttempts` sends), and books every
 * item read as acknowledged or failed. Items with the same id are never in flight together:
 * a later one waits until the earlier one is settled, so the last one read wins. A partial
 * batch is sent when the source pauses for {@link LINGER_MS} (a pipe that stays open), and
 * resends do not wait for the source.
 *
 * On abort (or an error every later call would repeat) it stops reading and sending, waits for
 * the calls in flight, and fails the items it had read but not sent with code `Aborted` (or
 * `NotSent`). Memory is bounded by the batches in flight, whatever the size of the source.
 */
export async function runBatchEngine<T>(options: BatchEngineOptions<T>): Promise<BulkSummary> {
  const concurrency = checkConcurrency(options.concurrency);
  const retries = new RetrySchedule<T>(options.documentRetries);
  const batch = new BatchBuilder<T>(options);
  const failures = options.failuresFile === undefined ? undefined : await FailuresFile.open(options.failuresFile);
  const controller = new AbortController();
  const source = options.source(controller.signal);
  const books = new Accounting({
    failures,
    progress: options.progress,
    onOutcome: options.onOutcome,
    position: source.position ? () => source.position!() : undefined,
  });
  const wakeup = new Wakeup();
  const inFlight = new Set<Promise<void>>();
  const busy = new Set<string>();
  const held: Pending<T>[] = [];
  let stopped: BulkStop | undefined;
  let sourceError: unknown;

  const stop = (reason: BulkStop): void => {
    if (stopped) return;
    stopped = reason;
    controller.abort();
    wakeup.fire();
  };
  const onAbort = (): void => stop({ code: 'Aborted', message: 'the run was interrupted' });
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  retries.onReady = () => wakeup.fire();

  const settleAcknowledged = (pending: Pending<T>): void => {
    busy.delete(pending.entry.id);
    books.acknowledge(pending.entry.id, pending.entry.ref, pending.attempts, pending.entry.contentBytes);
  };
  const settleFailed = (pending: Pending<T>, code: string, message: string): void => {
    busy.delete(pending.entry.id);
    books.fail(pending.entry.id, pending.entry.ref, pending.attempts, code, message);
  };

  const sendBatch = async (items: Pending<T>[]): Promise<void> => {
    for (const pending of items) pending.attempts++;
    books.counters.inFlight++;
    let reported: Map<string, ItemFailure>;
    try {
      const answer = await options.send(items.map((pending) => pending.entry.item));
      reported = new Map(answer.map((failure) => [failure.id, failure]));
    } catch (error) {
      const outcome = classifyBatchError(error);
      for (const pending of items) settleFailed(pending, outcome.code, outcome.message);
      if (outcome.fatal) stop({ code: outcome.code, message: outcome.message });
      return;
    } finally {
      books.counters.inFlight--;
      books.counters.calls++;
    }
    for (const pending of items) {
      const failure = reported.get(pending.entry.id);
      if (!failure) settleAcknowledged(pending);
      else if (!stopped && isTransientDocumentCode(failure.code) && retries.allows(pending.attempts)) {
        books.counters.retried++;
        retries.schedule(pending);
      } else settleFailed(pending, failure.code, failure.message);
    }
  };

  const notSent = (): { code: string; message: string } =>
    stopped?.code === 'Aborted'
      ? { code: 'Aborted', message: 'not sent: the run was interrupted' }
      : { code: 'NotSent', message: `not sent: the run stopped after ${stopped?.code ?? 'an error'}` };

  const dispatch = async (items: Pending<T>[]): Promise<void> => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    await books.backpressure();
    if (stopped) {
      const { code, message } = notSent();
      for (const pending of items) settleFailed(pending, code, message);
      return;
    }
    const call = sendBatch(items).finally(() => {
      inFlight.delete(call);
      books.changed();
      wakeup.fire();
    });
    inFlight.add(call);
  };

  /** The next item that can go now: a retry whose backoff is over, or an item that waited for its id. */
  const nextWaiting = (): Pending<T> | undefined => {
    const retry = retries.takeReady();
    if (retry) return retry;
    const index = held.findIndex((pending) => !busy.has(pending.entry.id));
    if (index < 0) return undefined;
    const [pending] = held.splice(index, 1);
    busy.add(pending!.entry.id);
    return pending;
  };

  /** Books a source item; returns it as pending when it can join a batch now. */
  const admit = (item: SourceItem<T>): Pending<T> | undefined => {
    books.read(item.ref);
    if (item.kind === 'failure') {
      books.fail(item.id, item.ref, 0, item.code, item.message);
      books.changed();
      return undefined;
    }
    const pending: Pending<T> = { entry: item, attempts: 0 };
    if (busy.has(item.id)) {
      held.push(pending);
      return undefined;
    }
    busy.add(item.id);
    return pending;
  };

  const reader = new SourceReader(source, controller.signal);
  let exhausted = false;
  try {
    while (!stopped) {
      let pending = nextWaiting();
      if (!pending && !exhausted) {
        let result;
        try {
          result = await reader.next(wakeup.promise, batch.size > 0 ? LINGER_MS : undefined);
        } catch (error) {
          sourceError = error;
          if (books.counters.read > 0) stop({ code: 'SourceError', message: (error as Error)?.message ?? String(error) });
          exhausted = true;
          continue;
        }
        if (result === ABORTED) break;
        if (result === WOKEN) {
          wakeup.reset();
          continue;
        }
        if (result === LINGERED) {
          await dispatch(batch.take());
          continue;
        }
        if (result.done) exhausted = true;
        else pending = admit(result.value);
        if (!pending) continue;
      }
      if (pending) {
        if (!batch.fits(pending)) await dispatch(batch.take());
        batch.add(pending);
        if (batch.full) await dispatch(batch.take());
        continue;
      }
      if (batch.size > 0) {
        await dispatch(batch.take());
        continue;
      }
      if (inFlight.size === 0 && retries.size === 0 && held.length === 0) break;
      await Promise.race([...inFlight, wakeup.promise]);
      wakeup.reset();
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    const { code, message } = notSent();
    for (const pending of [...batch.take(), ...retries.drain(), ...held.splice(0)]) settleFailed(pending, code, message);
    await Promise.allSettled([...inFlight]);
    for (const pending of retries.drain()) settleFailed(pending, code, message);
    await reader.close();
    controller.abort();
    await failures?.close();
  }
  if (sourceError !== undefined && books.counters.read === 0) throw sourceError;
  const summary = books.summary(stopped);
  options.progress?.finish(summary);
  return summary;
}
