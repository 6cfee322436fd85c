import { parentPort } from 'node:worker_threads';
import { binaryText } from './binary-formats.js';
import { ExtractionError } from './extraction-error.js';

/** A document to read, as the pool sends it. */
export interface ExtractRequest {
  bytes: Uint8Array;
  contentType: string;
  maxChars: number;
}

/** What the worker answers: the text, or why the document cannot be read. */
export type ExtractReply = { ok: true; text: string; title?: string } | { ok: false; message: string; extraction: boolean };

// Reads one PDF or Office document per message, in this worker thread, so that the thread that
// serves requests never runs a reader and a reader that runs too long can be stopped.
parentPort!.on('message', (request: ExtractRequest) => {
  const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  binaryText(bytes, request.contentType, request.maxChars).then(
    (value) => parentPort!.postMessage({ ok: true, text: value.text, ...(value.title !== undefined ? { title: value.title } : {}) } satisfies ExtractReply),
    (error: unknown) =>
      parentPort!.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        extraction: error instanceof ExtractionError,
      } satisfies ExtractReply),
  );
});
