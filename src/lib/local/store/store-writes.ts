import type Database from 'better-sqlite3';

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * The one seam every write of the local service goes through. A *write window* runs `work`
 * (whatever writes it makes on the store's connection, synchronously or across awaits) as one
 * write of the store:
 * - over SQLite alone ({@link SQLITE_WRITES}) the window is nothing: `work` runs at once, as if
 *   called directly, and its own transactions are what commits;
 * - over PostgreSQL (`local/store/postgres/`), the window takes the log's global order, brings the
 *   local copy up to date, runs `work` in one local transaction capturing its write statements,
 *   appends them to the log and commits both; it settles only once the log has the entry.
 */
export interface StoreWrites {
  /** `sqlite` for a data dir alone, `postgresql` for a node of a PostgreSQL store. */
  readonly kind: 'sqlite' | 'postgresql';
  /** Runs `work` as one write of the store (see above); resolves or returns with its result. */
  window<T>(work: () => MaybePromise<T>): MaybePromise<T>;
  /** Where this node stands against the store's log (health, status); absent for SQLite alone. */
  report?(): { kind: 'postgresql'; appliedSeq: number; headSeq: number; lagSeconds: number };
  /** The replication gauges for the metrics endpoint (each a `StoreGauge` of `types.ts`); absent for SQLite alone. */
  gauges?(): Array<{ name: string; help: string; samples: Array<{ labels: Record<string, string>; value: number }> }>;
}

/** The write seam of a SQLite data dir alone: `work` runs at once, unchanged. */
export const SQLITE_WRITES: StoreWrites = {
  kind: 'sqlite',
  window: (work) => work(),
};

const byConnection = new WeakMap<Database.Database, StoreWrites>();

/** Makes `writes` the write seam of the connection `db` (for the code that has the connection only, e.g. the write queue). */
export function useStoreWrites(db: Database.Database, writes: StoreWrites): void {
  byConnection.set(db, writes);
}

/** The write seam of the connection `db`: {@link SQLITE_WRITES} unless another was set. */
export function storeWrites(db: Database.Database): StoreWrites {
  return byConnection.get(db) ?? SQLITE_WRITES;
}

/** Calls `next` with `value` at once when it is there, or once it is. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
