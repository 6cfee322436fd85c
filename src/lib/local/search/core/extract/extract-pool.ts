import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedText } from './extracted-text.js';
import type { ExtractReply, ExtractRequest } from './extract-worker.js';
import { ExtractionError } from './extraction-error.js';

/**
 * The most reader threads at once: one per core the process may use. Documents beyond that wait
 * for a thread, so that a burst of PDFs neither oversubscribes the cores nor starts (and loads
 * pdf.js in) a thread per document.
 */
export const MAX_READERS = Math.max(1, availableParallelism());
/** The heap one reader thread may use: a document needing more fails alone. */
const HEAP_MB = 512;

/** Threads started and not stopped, busy or idle. */
let started = 0;
/** What the pool has done so far, for tests and diagnostics. */
const counts = { started: 0, busy: 0, mostBusy: 0 };
const idle: Worker[] = [];
/** Documents waiting for a thread, first come first served. */
const waiting: Array<(worker: Worker) => void> = [];

/**
 * From the TypeScript sources (the tests, through tsx), a worker's entry is not compiled by the
 * loader of its parent on Node 20: the worker registers tsx's hooks itself first.
 */
function tsxEntry(entry: URL): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api'].import.default, pathToFileURL(manifest));
  return `import(${JSON.stringify(api.href)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
}

function startWorker(): Worker {
  counts.started++;
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB }, execArgv: [] as string[] };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(tsxEntry(new URL('./extract-worker.ts', import.meta.url)), { ...options, eval: true })
    : new Worker(new URL('./extract-worker.js', import.meta.url), options);
  worker.unref();
  return worker;
}

/** Hands a thread that finished a document to the next one waiting, or keeps it idle. */
function release(worker: Worker): void {
  const next = waiting.shift();
  if (next) next(worker);
  else idle.push(worker);
}

/** Forgets a stopped thread; the next document waiting gets a new one. */
function retire(worker: Worker): void {
  started--;
  void worker.terminate();
  const next = waiting.shift();
  if (next) {
    started++;
    next(startWorker());
  }
}

/** A thread for the next document: an idle one, a new one while fewer than {@link MAX_READERS} run, else the first one freed. */
function acquire(): Promise<Worker> {
  const worker = idle.pop();
  if (worker) return Promise.resolve(worker);
  if (started < MAX_READERS) {
    started++;
    return Promise.resolve(startWorker());
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * Reads a PDF or Office document in a worker thread, within `limitMs` from when a thread takes
 * it: past it the thread is stopped, whatever the reader was doing, and the document fails with
 * an {@link ExtractionError} saying so; a reader that runs out of its heap fails the same way.
 * At most {@link MAX_READERS} threads read at once (the others wait their turn); threads are
 * kept for the next documents, and none keeps the process alive.
 */
export async function extractInWorker(bytes: Buffer, contentType: string, maxChars: number, limitMs: number): Promise<ExtractedText> {
  const worker = await acquire();
  counts.mostBusy = Math.max(counts.mostBusy, ++counts.busy);
  return new Promise<ExtractedText>((resolve, reject) => {
    const fail = (message: string) => {
      cleanUp();
      retire(worker);
      reject(new ExtractionError(message));
    };
    const timer = setTimeout(
      () => fail(`reading the ${contentType} document took longer than ${limitMs / 1000} s, the limit for one document, so it was stopped`),
      limitMs,
    );
    const onMessage = (reply: ExtractReply) => {
      cleanUp();
      release(worker);
      if (reply.ok) resolve({ text: reply.text, ...(reply.title !== undefined ? { title: reply.title } : {}) });
      else reject(reply.extraction ? new ExtractionError(reply.message) : new ExtractionError(`the ${contentType} document cannot be read: ${reply.message}`));
    };
    const onError = (error: Error & { code?: string }) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `reading the ${contentType} document needed more than ${HEAP_MB} MiB of memory, the limit for one document`
          : `the ${contentType} document cannot be read: ${error.message}`,
      );
    const onExit = (code: number) => fail(`the reader of the ${contentType} document stopped (exit code ${code})`);
    const cleanUp = () => {
      counts.busy--;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    const request: ExtractRequest = { bytes: new Uint8Array(bytes), contentType, maxChars };
    worker.postMessage(request);
  });
}

/** Reader threads started since the process began, and the most that read at once. */
export function readerCounts(): { started: number; mostAtOnce: number } {
  return { started: counts.started, mostAtOnce: counts.mostBusy };
}
