import type { SerializedError } from './error-serialize.js';
import type { WorkerRegistration } from './worker-options.js';

/**
 * The messages between a thread making synchronous calls and the sync worker, and the layout
 * of the shared flags. A request is posted on the worker's port. The worker writes its reply
 * into the shared reply buffer (or, when it does not fit, posts it on the port as a transferred
 * buffer), sets the reply flags, then bumps and notifies the reply counter: the caller, asleep
 * in `Atomics.wait` on that counter, wakes once per call.
 */
export const REPLY_COUNTER = 0;
/** Index of the worker status flag. */
export const WORKER_STATUS = 1;
/** Index of the sequence number of the reply in the shared buffer. */
export const REPLY_SEQ = 2;
/** Index of the length of the reply's encoded header (its body starts at {@link bodyOffset} of it). */
export const REPLY_HEADER_LENGTH = 3;
/** Index of the reply's total length in the shared buffer, or -1 when it was posted on the port. */
export const REPLY_LENGTH = 4;
/** Index of the encoding of the reply's header: {@link HEADER_CLONE} or {@link HEADER_JSON}. */
export const REPLY_HEADER_FORMAT = 5;
/** How many flags there are. */
export const FLAG_COUNT = 6;

/** The header is a whole {@link SyncReply} in structured-clone format (node:v8 `serialize`). */
export const HEADER_CLONE = 0;
/**
 * The header is the UTF-8 JSON of the `$metadata` of a successful raw reply (plain JSON data):
 * cheaper to write and read than the structured-clone format; the body bytes follow it.
 */
export const HEADER_JSON = 1;
/** The size of the shared reply buffer: a larger reply travels as a transferred buffer. */
export const REPLY_BUFFER_BYTES = 256 * 1024;

/**
 * Where a reply's body starts: after its header, at the next multiple of 8. Copies into and out
 * of shared memory between equally aligned offsets go word by word, about six times faster than
 * byte by byte (an 11 KB body: 0.5 µs against 3 µs).
 */
export function bodyOffset(headerLength: number): number {
  return (headerLength + 7) & ~7;
}

/** Worker status values. */
export const STATUS_STARTING = 0;
export const STATUS_READY = 1;
export const STATUS_EXITED = 2;

/** A call for the worker. `register` is sent with the first call for a client. */
export type SyncRequest = { seq: number; client: number; register?: WorkerRegistration } & (
  | { kind: 'execute'; name: string; args: Record<string, unknown>; context?: Record<string, unknown>; returnArgs: boolean }
  | { kind: 'wait'; name: string; args: Record<string, unknown> }
  | { kind: 'credentials' }
);

/** `Omit` applied to each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A request before the bridge numbers it. */
export type UnnumberedRequest = DistributiveOmit<SyncRequest, 'seq'>;

/** A request before the client's id and registration are added. */
export type RequestBody = DistributiveOmit<SyncRequest, 'seq' | 'client' | 'register'>;

/** A note that needs no reply: the caller's client is gone. */
export interface ForgetMessage {
  kind: 'forget';
  client: number;
}

/**
 * The worker's answer to a request. With `raw`, `value` is the response's `$metadata` and `body`
 * the response body, which the caller parses itself (the encoded header carries no body: the
 * body bytes follow it).
 */
export type SyncReply = { seq: number } & (
  { ok: true; value: unknown; args?: Record<string, unknown>; raw?: boolean; body?: Uint8Array } | { ok: false; error: SerializedError }
);

/** A reply posted on the port because it did not fit the shared buffer; `bytes` are laid out as in the shared buffer. */
export interface PostedReply {
  seq: number;
  headerLength: number;
  /** {@link HEADER_CLONE} or {@link HEADER_JSON}. */
  headerFormat: number;
  bytes: Uint8Array;
}
