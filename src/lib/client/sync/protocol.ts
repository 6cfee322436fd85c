import type { SerializedError } from './error-serialize.js';
import type { WorkerRegistration } from './worker-options.js';

/**
 * The messages between a thread making synchronous calls and the sync worker, and the layout
 * of the shared flags. Flag 0 counts replies (the caller sleeps in `Atomics.wait` until it
 * changes); flag 1 is the worker's status.
 */
export const REPLY_COUNTER = 0;
/** Index of the worker status flag. */
export const WORKER_STATUS = 1;
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

/** The worker's answer to a request. */
export type SyncReply = { seq: number } & ({ ok: true; value: unknown; args?: Record<string, unknown> } | { ok: false; error: SerializedError });
