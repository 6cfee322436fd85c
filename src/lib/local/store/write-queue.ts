import type Database from 'better-sqlite3';
import { storeWrites } from './store-writes.js';
import { runWriteGroup, type GroupResult } from './write-group.js';

interface Pending {
  work: () => unknown;
  // A method, so that a Promise<T>'s resolve (which takes a T) fits.
  resolve(value: unknown): void;
  reject: (error: unknown) => void;
}

/** How long a group waits in all for another process's write lock before its writes fail with SQLITE_BUSY. */
const LOCK_WAIT_MS = 10_000;
/** The pause between two tries at another process's write lock. */
const LOCK_RETRY_MS = 1;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Group commit: writes queued in the same turn of the event loop run in one transaction (a
 * failing one leaves no trace and the others intact: `runWriteGroup`, which may run a write
 * more than once, so a write changes nothing but the database), and every caller's promise
 * settles only after that transaction committed — durable with `synchronous=FULL` — at the
 * cost of one commit for the whole group instead of one each.
 *
 * Several processes (the workers of `local start --workers N`) write to one data dir: when
 * another holds the write lock, the group does not wait in SQLite's busy handler (which sleeps
 * on the event loop, stalling every request of this process) but tries again on a timer, every
 * millisecond for up to {@link LOCK_WAIT_MS}; meanwhile this process serves reads, and writes
 * queued in the meantime join the group.
 *
 * On a node of a PostgreSQL store, a group is one write window of the store's write seam
 * (`store-writes.ts`): the window holds the local transaction and the log's order, and the
 * writes queued while a group waits for the log form the next group.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private scheduled = false;
  private waitingSince: number | undefined;

  /** @param db the connection the writes run on */
  constructor(private readonly db: Database.Database) {}

  /**
   * Runs `work` (synchronous database writes) in the next group; resolves with its result once
   * committed. `work` may run more than once (its writes rolled back in between, when another
   * write of its group fails): it must change nothing outside the database, only return.
   */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Takes the write lock without waiting; false when another process holds it (and there is time left to wait). */
  private lock(): boolean {
    const previous = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      this.db.prepare('BEGIN IMMEDIATE').run();
      return true;
    } catch (error) {
      this.waitingSince ??= Date.now();
      if (isBusy(error) && Date.now() - this.waitingSince < LOCK_WAIT_MS) return false;
      throw error;
    } finally {
      this.db.pragma(`busy_timeout = ${previous}`);
    }
  }

  private flush(): void {
    const writes = storeWrites(this.db);
    if (writes.kind !== 'sqlite') {
      this.flushInWindow(writes.window.bind(writes));
      return;
    }
    const group = this.pending;
    try {
      if (!this.lock()) {
        setTimeout(() => this.flush(), LOCK_RETRY_MS);
        return;
      }
    } catch (error) {
      this.settleFailed(error);
      return;
    }
    this.pending = [];
    this.scheduled = false;
    this.waitingSince = undefined;
    let result: GroupResult;
    try {
      result = runWriteGroup(
        this.db,
        group.map((item) => item.work),
      );
      if (result.kind === 'done') this.db.prepare('COMMIT').run();
    } catch (error) {
      if (this.db.inTransaction) this.db.prepare('ROLLBACK').run();
      for (const item of group) item.reject(error);
      return;
    }
    this.settle(group, result);
  }

  /**
   * Answers the writes of a group that ran: each with its outcome once committed; or, when a write's
   * failure cost the whole transaction, that write with its error, the others queued again first.
   */
  private settle(group: Pending[], result: GroupResult): void {
    if (result.kind === 'lost') {
      group[result.failed]!.reject(result.error);
      this.pending = [...group.filter((_, position) => position !== result.failed), ...this.pending];
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
      return;
    }
    group.forEach((item, position) => {
      const outcome = result.outcomes[position]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  /** Runs the pending group in one window of the store's write seam (which holds the transaction). */
  private flushInWindow(window: (work: () => GroupResult) => unknown): void {
    const group = this.pending;
    this.pending = [];
    const ran = Promise.resolve(
      window(() =>
        runWriteGroup(
          this.db,
          group.map((item) => item.work),
        ),
      ),
    ) as Promise<GroupResult>;
    void ran.then(
      (result) => this.settle(group, result),
      (error: unknown) => {
        for (const item of group) item.reject(error);
      },
    );
    void ran
      .catch(() => undefined)
      .then(() => {
        this.scheduled = false;
        if (this.pending.length > 0) {
          this.scheduled = true;
          setImmediate(() => this.flush());
        }
      });
  }

  /** Fails every queued write with `error` (the write lock stayed out of reach). */
  private settleFailed(error: unknown): void {
    const group = this.pending;
    this.pending = [];
    this.scheduled = false;
    this.waitingSince = undefined;
    for (const item of group) item.reject(error);
  }
}

const queues = new WeakMap<Database.Database, WriteQueue>();

/** The write queue of a connection (one per connection, created on first use). */
export function writeQueue(db: Database.Database): WriteQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new WriteQueue(db);
    queues.set(db, queue);
  }
  return queue;
}
