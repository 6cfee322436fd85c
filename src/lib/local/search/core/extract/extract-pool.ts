import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractedText } from './extracted-text.js';
import type { ExtractReply, ExtractRequest } from './extract-worker.js';
import { ExtractionError } from './extraction-error.js';

/** How many idle reader threads are kept for the next documents. */
const MAX_IDLE = 2;
/** The heap one reader thread may use: a document needing more fails alone. */
const HEAP_MB = 512;

const idle: Worker[] = [];

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
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB }, execArgv: [] as string[] };
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(tsxEntry(new URL('./extract-worker.ts', import.meta.url)), { ...options, eval: true })
    : new Worker(new URL('./extract-worker.js', import.meta.url), options);
  worker.unref();
  return worker;
}

function release(worker: Worker): void {
  if (idle.length < MAX_IDLE) idle.push(worker);
  else void worker.terminate();
}

/**
 * Reads a PDF or Office document in a worker thread, within `limitMs`: past it the thread is
 * stopped, whatever the reader was doing, and the document fails with an
 * {@link ExtractionError} saying so; a reader that runs out of its heap fails the same way.
 * Threads are reused for the next documents; none keeps the process alive.
 */
export function extractInWorker(bytes: Buffer, contentType: string, maxChars: number, limitMs: number): Promise<ExtractedText> {
  const worker = idle.pop() ?? startWorker();
  return new Promise<ExtractedText>((resolve, reject) => {
    const fail = (message: string) => {
      cleanUp();
      void worker.terminate();
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
