import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { deserialize } from 'node:v8';
import { MessageChannel, receiveMessageOnPort, SHARE_ENV, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';
import { NimbusError } from '../../errors/nimbus-error.js';
import {
  bodyOffset,
  FLAG_COUNT,
  HEADER_JSON,
  REPLY_BUFFER_BYTES,
  REPLY_COUNTER,
  REPLY_HEADER_FORMAT,
  REPLY_HEADER_LENGTH,
  REPLY_LENGTH,
  REPLY_SEQ,
  STATUS_EXITED,
  STATUS_STARTING,
  WORKER_STATUS,
  type ForgetMessage,
  type PostedReply,
  type SyncReply,
  type UnnumberedRequest,
} from './protocol.js';

/** How long a caller waits for a new worker to start before giving up. */
const STARTUP_TIMEOUT_MS = 60_000;

interface Running {
  worker: Worker;
  port: MessagePort;
  flags: Int32Array;
  /** The shared reply buffer. */
  data: Uint8Array;
  /** Increases with every new worker, so clients know to register again. */
  generation: number;
}

/**
 * The calling thread's side of the synchronous forms: one long-lived, unref'd worker thread per
 * thread that makes sync calls. A call posts a request and sleeps in `Atomics.wait` on a shared
 * reply counter (no busy loop) until the worker has written its reply into the shared reply
 * buffer (a reply too large for it arrives as a transferred buffer, taken with
 * `receiveMessageOnPort`). The worker shares this process's environment (`SHARE_ENV`).
 *
 * Measured against this pair (a posted request, a notified counter), per call: a shared request
 * buffer the worker awaits with `Atomics.waitAsync` cost more CPU (70 → 82 µs with an instant
 * worker reply), and so did a blocking read of a FIFO the worker writes a byte to (70 → 83 µs,
 * though it spares the caller a second wake-up on V8's futex lock), and so did spinning before
 * sleeping, on either side.
 */
export class SyncBridge {
  private running?: Running;
  private generations = 0;
  private seq = 0;

  /** The current worker generation (0 when none has started). */
  get generation(): number {
    return this.running?.generation ?? 0;
  }

  /**
   * Sends a request and blocks until the reply. A DataCloneError from posting (something in
   * the request cannot cross threads) is thrown as is, before anything was sent.
   */
  call(body: UnnumberedRequest): SyncReply {
    const running = this.start();
    const seq = ++this.seq;
    running.port.postMessage({ ...body, seq });
    const startedAt = Date.now();
    for (;;) {
      const seen = Atomics.load(running.flags, REPLY_COUNTER);
      if (running.flags[REPLY_SEQ] === seq) return this.read(running, seq);
      const status = Atomics.load(running.flags, WORKER_STATUS);
      if (status === STATUS_EXITED) {
        this.stop(running);
        throw new NimbusError('The worker thread that runs synchronous calls exited unexpectedly; use the Async form of the call');
      }
      if (status === STATUS_STARTING) {
        const left = STARTUP_TIMEOUT_MS - (Date.now() - startedAt);
        if (left <= 0 || Atomics.wait(running.flags, REPLY_COUNTER, seen, left) === 'timed-out') {
          if (Atomics.load(running.flags, WORKER_STATUS) === STATUS_STARTING) {
            this.stop(running);
            throw new NimbusError(
              `The worker thread for synchronous calls did not start within ${STARTUP_TIMEOUT_MS / 1000} s; use the Async form of the call`,
            );
          }
        }
      } else {
        Atomics.wait(running.flags, REPLY_COUNTER, seen);
      }
    }
  }

  /** Decodes the reply to call `seq`: from the shared buffer, or from the port when it did not fit. */
  private read(running: Running, seq: number): SyncReply {
    const { flags } = running;
    const headerLength = flags[REPLY_HEADER_LENGTH]!;
    const length = flags[REPLY_LENGTH]!;
    // The shared buffer takes the next reply: a body there is copied out.
    if (length !== -1) return decode(seq, running.data, flags[REPLY_HEADER_FORMAT]!, headerLength, length, true);
    let posted: PostedReply | undefined;
    for (let message = receiveMessageOnPort(running.port); message; message = receiveMessageOnPort(running.port)) {
      if ((message.message as PostedReply).seq === seq) posted = message.message as PostedReply;
    }
    if (!posted) throw new NimbusError('The reply of the sync worker went missing; use the Async form of the call');
    // A posted reply's bytes are this thread's own: the body is a view of them, not a copy.
    return decode(seq, posted.bytes, posted.headerFormat, headerLength, posted.bytes.byteLength, false);
  }

  /** Posts a message that needs no reply, if the worker of that generation is still running. */
  notify(message: ForgetMessage, generation: number): void {
    if (this.running?.generation === generation) this.running.port.postMessage(message);
  }

  private start(): Running {
    if (this.running) return this.running;
    const flags = new Int32Array(new SharedArrayBuffer(FLAG_COUNT * Int32Array.BYTES_PER_ELEMENT));
    const data = new Uint8Array(new SharedArrayBuffer(REPLY_BUFFER_BYTES));
    const { port1, port2 } = new MessageChannel();
    const options: WorkerOptions = { workerData: { port: port2, flags, data }, transferList: [port2], env: SHARE_ENV };
    const worker = import.meta.url.endsWith('.ts')
      ? new Worker(tsxBootstrap(new URL('./sync-worker.ts', import.meta.url)), { ...options, eval: true })
      : new Worker(new URL('./sync-worker.js', import.meta.url), { ...options, execArgv: [] });
    const running: Running = { worker, port: port1, flags, data, generation: ++this.generations };
    worker.on('error', () => this.stop(running));
    worker.on('exit', () => this.stop(running));
    worker.unref();
    port1.unref();
    this.running = running;
    return running;
  }

  private stop(running: Running): void {
    if (this.running !== running) return;
    this.running = undefined;
    running.port.close();
    void running.worker.terminate();
  }
}

/**
 * Decodes a reply laid out in `bytes` (see the worker's `write`): its header, in `format`, and
 * the body from the header's {@link bodyOffset} to `length`. With `copyBody` the body is copied
 * out of `bytes` (the shared buffer, which the next reply overwrites), else it is a view.
 */
function decode(seq: number, bytes: Uint8Array, format: number, headerLength: number, length: number, copyBody: boolean): SyncReply {
  const view = bytes.subarray(bodyOffset(headerLength), length);
  const body = copyBody ? copyOf(view) : view;
  if (format === HEADER_JSON) {
    const value: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, headerLength).toString('utf8'));
    return { seq, ok: true, raw: true, value, body };
  }
  const reply = deserialize(bytes.subarray(0, headerLength)) as SyncReply;
  if (reply.ok && reply.raw) reply.body = body;
  return reply;
}

/** A copy of `bytes` in this thread's own memory, at an aligned offset (no zero-filling first: every byte is written). */
function copyOf(bytes: Uint8Array): Uint8Array {
  const copy = Buffer.allocUnsafe(bytes.byteLength);
  copy.set(bytes);
  return new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength);
}

/**
 * Running from the TypeScript sources (the tests, through tsx): a worker's `--import tsx` does
 * not apply to its entry module on Node 20, so the worker registers tsx's hooks itself first.
 * A failure to load marks the worker as exited, so the caller does not wait for it.
 */
function tsxBootstrap(entry: URL): string {
  // node:module is fetched here rather than imported at the top: a bundled run never comes here,
  // and loading the built-in would cost every process that constructs a client.
  const { createRequire } = process.getBuiltinModule('node:module');
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api'].import.default, pathToFileURL(manifest));
  return `import(${JSON.stringify(api.href)})
.then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })
.catch((error) => {
  const { flags } = require('node:worker_threads').workerData;
  process.stderr.write(String(error && error.stack || error) + '\\n');
  Atomics.store(flags, ${WORKER_STATUS}, ${STATUS_EXITED});
  Atomics.add(flags, ${REPLY_COUNTER}, 1);
  Atomics.notify(flags, ${REPLY_COUNTER});
});`;
}

let bridge: SyncBridge | undefined;

/** The bridge of this thread, created on first use. */
export function syncBridge(): SyncBridge {
  bridge ??= new SyncBridge();
  return bridge;
}
