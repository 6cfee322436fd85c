import type Database from 'better-sqlite3';

interface Pending {
  work: () => unknown;
  // A method, so that a Promise<T>'s resolve (which takes a T) fits.
  resolve(value: unknown): void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: writes queued in the same turn of the event loop run in one transaction (each
 * in its own savepoint, so a failing one leaves the others intact), and every caller's promise
 * settles only after that transaction committed — durable with `synchronous=FULL` — at the
 * cost of one commit for the whole group instead of one each.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private scheduled = false;

  /** @param db the connection the writes run on */
  constructor(private readonly db: Database.Database) {}

  /** Runs `work` (synchronous database writes) in the next group; resolves with its result once committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const group = this.pending;
    this.pending = [];
    this.scheduled = false;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.db
        .transaction(() => {
          for (const item of group) {
            try {
              outcomes.push({ ok: true, value: this.db.transaction(item.work)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const item of group) item.reject(error);
      return;
    }
    group.forEach((item, position) => {
      const outcome = outcomes[position]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
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
