import type Database from 'better-sqlite3';

/** How one write of a group ended: its result, or what it threw (its writes then left no trace). */
export type WriteOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * How a group ran: `done`, with each write's outcome, its transaction still to commit; or `lost`,
 * when the write at `failed` threw an error with which SQLite rolled the whole transaction back
 * (SQLITE_FULL or an I/O error in a statement it cannot undo alone): every write of the group is
 * undone, and the others may run again, in another transaction.
 */
export type GroupResult = { kind: 'done'; outcomes: WriteOutcome[] } | { kind: 'lost'; failed: number; error: unknown };

/** After this many writes of one group threw, the group runs with a savepoint for each write. */
const OPTIMISTIC_FAILURES = 2;

/**
 * Runs a group's writes (each a synchronous function of the connection `db`, already in a
 * transaction) so that each either leaves all its writes or none, and tells how each ended.
 *
 * A savepoint per write would isolate them, but opening one makes every FTS5 table written in
 * the transaction write its pending terms out as a new segment: once per write instead of once
 * per commit. So the group first runs in one savepoint, with none for each write (optimistic);
 * when a write throws, that savepoint is rolled back (and so are the writes the others made
 * before it) and the group runs again without the one that threw: its failure is its answer,
 * and it left nothing. After {@link OPTIMISTIC_FAILURES} failures, the group runs with a
 * savepoint for each write, so that many failing writes do not make it run many times over.
 *
 * A write may therefore run more than once: it must change nothing but the database until it
 * returns (it returns what it has to tell), and its result is the one of its last run.
 */
export function runWriteGroup(db: Database.Database, writes: ReadonlyArray<() => unknown>): GroupResult {
  const failed = new Map<number, unknown>();
  for (;;) {
    const isolated = failed.size >= OPTIMISTIC_FAILURES;
    const values: unknown[] = [];
    let running = -1;
    try {
      db.transaction(() => {
        for (running = 0; running < writes.length; running++) {
          if (failed.has(running)) continue;
          if (!isolated) {
            values[running] = writes[running]!();
            continue;
          }
          try {
            values[running] = db.transaction(writes[running]!)();
          } catch (error) {
            if (!db.inTransaction) throw error;
            failed.set(running, error);
          }
        }
      })();
      return {
        kind: 'done',
        outcomes: writes.map((_, position) => (failed.has(position) ? { ok: false, error: failed.get(position) } : { ok: true, value: values[position] })),
      };
    } catch (error) {
      // a failure of the group's savepoint itself is the group's
      if (running < 0 || running >= writes.length) throw error;
      if (!db.inTransaction) return { kind: 'lost', failed: running, error };
      failed.set(running, error);
    }
  }
}
