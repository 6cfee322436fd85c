/**
 * The sync worker's entry point. It installs the reply machinery and error reporting before
 * loading the client (so a failure to load is reported, not a caller blocked for ever), then
 * serves requests: each reply is encoded into the shared reply buffer (or posted as a
 * transferred buffer when it does not fit) and the reply counter bumped and notified.
 */
import { writeSync } from 'node:fs';
import { serialize } from 'node:v8';
import { workerData, type MessagePort } from 'node:worker_threads';
import { serializeError } from './error-serialize.js';
import type { Answer } from './worker-runtime.js';
import {
  bodyOffset,
  HEADER_CLONE,
  HEADER_JSON,
  REPLY_COUNTER,
  REPLY_HEADER_FORMAT,
  REPLY_HEADER_LENGTH,
  REPLY_LENGTH,
  REPLY_SEQ,
  STATUS_EXITED,
  STATUS_READY,
  WORKER_STATUS,
  type ForgetMessage,
  type PostedReply,
  type SyncReply,
  type SyncRequest,
} from './protocol.js';

const { port, flags, data } = workerData as { port: MessagePort; flags: Int32Array; data: Uint8Array };
/** The shared reply buffer as a Buffer, for writing UTF-8 text into it in place. */
const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
let pending: number | undefined;

function signal(): void {
  Atomics.add(flags, REPLY_COUNTER, 1);
  Atomics.notify(flags, REPLY_COUNTER);
}

/**
 * Encodes a reply: its header, then the raw body (if any) at the header's {@link bodyOffset}.
 * The header of a raw success whose `$metadata` is plain JSON data is that JSON; any other
 * header is the whole reply in structured-clone format.
 */
function write(message: SyncReply): void {
  const body = message.ok ? message.body : undefined;
  const bodyLength = body?.byteLength ?? 0;
  if (message.ok && message.raw && body && !message.args && isJsonData(message.value)) {
    const json = JSON.stringify(message.value);
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a header that surely fits is written in place.
    if (bodyOffset(json.length * 3) + bodyLength <= data.byteLength) {
      const headerLength = text.write(json, 0, 'utf8');
      data.set(body, bodyOffset(headerLength));
      finish(message.seq, HEADER_JSON, headerLength, bodyOffset(headerLength) + bodyLength);
    } else {
      post(message.seq, HEADER_JSON, Buffer.from(json, 'utf8'), body);
    }
    return;
  }
  const header = serialize(body ? { ...message, body: undefined } : message);
  const length = bodyOffset(header.byteLength) + bodyLength;
  if (length <= data.byteLength) {
    data.set(header, 0);
    if (body) data.set(body, bodyOffset(header.byteLength));
    finish(message.seq, HEADER_CLONE, header.byteLength, length);
  } else {
    post(message.seq, HEADER_CLONE, header, body);
  }
}

/** Sends a reply too large for the shared buffer as a transferred buffer on the port, laid out as it would be there. */
function post(seq: number, headerFormat: number, header: Uint8Array, body: Uint8Array | undefined): void {
  const bytes = new Uint8Array(bodyOffset(header.byteLength) + (body?.byteLength ?? 0));
  bytes.set(header, 0);
  if (body) bytes.set(body, bodyOffset(header.byteLength));
  port.postMessage({ seq, headerLength: header.byteLength, headerFormat, bytes } satisfies PostedReply, [bytes.buffer]);
  finish(seq, headerFormat, header.byteLength, -1);
}

/** Sets the reply flags; the sequence number last, so the reply is complete once it shows. */
function finish(seq: number, headerFormat: number, headerLength: number, length: number): void {
  flags[REPLY_LENGTH] = length;
  flags[REPLY_HEADER_LENGTH] = headerLength;
  flags[REPLY_HEADER_FORMAT] = headerFormat;
  flags[REPLY_SEQ] = seq;
}

/** True for what JSON carries unchanged: strings, booleans, finite numbers, null, and plain objects and arrays of them. */
function isJsonData(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) return value.every(isJsonData);
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) if (!isJsonData((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

function reply(message: SyncReply): void {
  if (pending !== message.seq) return;
  pending = undefined;
  try {
    write(message);
  } catch (error) {
    write({ seq: message.seq, ok: false, error: serializeError(error) });
  }
  signal();
}

// The caller's thread is blocked while the worker runs, so output sent through it would arrive
// only afterwards and could be lost at exit: write the worker's stdio straight to the process's.
for (const [stream, fd] of [
  [process.stdout, 1],
  [process.stderr, 2],
] as const) {
  const original = stream.write.bind(stream);
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    const callback = rest.find((item) => typeof item === 'function') as ((error?: Error | null) => void) | undefined;
    try {
      if (typeof chunk === 'string') writeSync(fd, chunk);
      else writeSync(fd, chunk);
    } catch {
      return original(chunk, callback);
    }
    callback?.();
    return true;
  }) as typeof stream.write;
}

process.on('uncaughtException', (error) => {
  if (pending !== undefined) reply({ seq: pending, ok: false, error: serializeError(error) });
  else process.stderr.write(`nimbus sync worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
});
process.on('exit', () => {
  Atomics.store(flags, WORKER_STATUS, STATUS_EXITED);
  signal();
});

const runtime = import('./worker-runtime.js');
/** The runtime once loaded: later requests skip the wait for the import. */
let loaded: typeof import('./worker-runtime.js') | undefined;
void runtime.then(
  (module) => (loaded = module),
  () => undefined,
);

function run(request: SyncRequest): Promise<Answer> {
  return loaded ? loaded.handle(request) : runtime.then((module) => module.handle(request));
}

port.on('message', (message: SyncRequest | ForgetMessage) => {
  if (message.kind === 'forget') {
    void runtime.then(
      (module) => module.forget(message.client),
      () => undefined,
    );
    return;
  }
  pending = message.seq;
  run(message).then(
    (answer) => reply({ seq: message.seq, ok: true, ...answer }),
    (error: unknown) => reply({ seq: message.seq, ok: false, error: serializeError(error) }),
  );
});

Atomics.store(flags, WORKER_STATUS, STATUS_READY);
signal();
