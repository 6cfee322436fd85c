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
import {
  REPLY_COUNTER,
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
let pending: number | undefined;

function signal(): void {
  Atomics.add(flags, REPLY_COUNTER, 1);
  Atomics.notify(flags, REPLY_COUNTER);
}

/** Encodes a reply: its header (structured-clone format) followed by the raw body, if any. */
function write(message: SyncReply): void {
  const body = message.ok ? message.body : undefined;
  const header = serialize(body ? { ...message, body: undefined } : message);
  const length = header.byteLength + (body?.byteLength ?? 0);
  if (length <= data.byteLength) {
    data.set(header, 0);
    if (body) data.set(body, header.byteLength);
    flags[REPLY_LENGTH] = length;
  } else {
    const bytes = new Uint8Array(length);
    bytes.set(header, 0);
    if (body) bytes.set(body, header.byteLength);
    port.postMessage({ seq: message.seq, headerLength: header.byteLength, bytes } satisfies PostedReply, [bytes.buffer]);
    flags[REPLY_LENGTH] = -1;
  }
  flags[REPLY_HEADER_LENGTH] = header.byteLength;
  flags[REPLY_SEQ] = message.seq;
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

port.on('message', (message: SyncRequest | ForgetMessage) => {
  if (message.kind === 'forget') {
    void runtime.then(
      (loaded) => loaded.forget(message.client),
      () => undefined,
    );
    return;
  }
  pending = message.seq;
  runtime
    .then((loaded) => loaded.handle(message))
    .then(
      (answer) => reply({ seq: message.seq, ok: true, ...answer }),
      (error: unknown) => reply({ seq: message.seq, ok: false, error: serializeError(error) }),
    );
});

Atomics.store(flags, WORKER_STATUS, STATUS_READY);
signal();
