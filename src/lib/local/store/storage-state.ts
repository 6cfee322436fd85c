import { statfsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { isStoreBusy } from '../protocol/errors.js';

/** Whether a failure is SQLite's `SQLITE_FULL`: the disk (or the database's size limit) has no room for the write. */
export function isStoreFull(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_FULL';
}

/** Below this much free space, a failure to open the store is taken for a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * Whether a failure to open or write the store of `dataDir` comes from a full disk: SQLite's
 * `SQLITE_FULL`, or one of its I/O errors (making the shared-memory file of the write-ahead log,
 * say) while the disk has (almost) no room left.
 */
export function isDiskFull(error: unknown, dataDir: string): boolean {
  if (isStoreFull(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_IOERR')) return false;
  try {
    const space = statfsSync(dataDir);
    return space.bavail * space.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** The local service cannot open its data dir: its disk is full. The message is one line naming the data dir. */
export class StoreFullError extends Error {
  override readonly name = 'StoreFullError';

  /** @param dataDir - the data dir whose disk is full */
  constructor(readonly dataDir: string) {
    super(`the disk of the data dir ${dataDir} is full, so its database cannot be opened; free some space and start again`);
  }
}

/** What `/_nimbus/health` says of the store's storage. */
export interface StorageReport {
  /** True while writes fail for want of space (since the last failed write, until a write succeeds again). */
  full: boolean;
  /** When writes started failing for want of space (ISO 8601); absent while not full. */
  fullSince?: string;
  /** Query log entries (each with its feedback record) not stored because the storage was full, since start. */
  droppedQueryLogEntries: number;
}

/**
 * Whether the data dir's storage has room for writes. A write that fails with `SQLITE_FULL`
 * marks it full (said once on the log); {@link StorageState.probe} finds out whether room is
 * back with a real one-page write (said once too). Reads never depend on it: Query and Retrieve
 * keep answering while it is full, and the query log entries they cannot write are counted.
 */
export class StorageState {
  private fullSince: Date | undefined;
  private dropped = 0;

  /**
   * @param dataDir - the data dir, named in the log lines
   * @param log - receives one line when the storage fills and one when it has room again
   */
  constructor(
    private readonly dataDir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Notes a failed write: when it failed for want of space, the storage is full. Returns whether it did. */
  noteFailure(error: unknown, now: Date): boolean {
    if (!isStoreFull(error)) return false;
    if (this.fullSince === undefined) {
      this.fullSince = now;
      this.log(`the storage of the data dir ${this.dataDir} is full: writes are refused (retryable) and query log entries dropped until there is room`);
    }
    return true;
  }

  /** Counts a query log entry not stored for want of space. */
  dropQueryLogEntry(): void {
    this.dropped++;
  }

  /**
   * While the storage is marked full, tries a real write (it rewrites the database header's
   * `user_version`, unused by nimbus, with its own value: one page through the write-ahead log,
   * synced); when it commits, the storage has room again. It does not wait for another writer:
   * while one holds the store, the state stays as it was.
   *
   * The write goes through a connection of its own to the file of `db`: on a node of a
   * PostgreSQL store, `db` may be inside a write window's transaction (held across the window's
   * PostgreSQL round trips), and every write on it belongs to a window, while this one changes
   * nothing any other copy needs.
   */
  probe(db: Database.Database): void {
    if (this.fullSince === undefined) return;
    let probing: Database.Database | undefined;
    try {
      probing = new Database(db.name, { fileMustExist: true, timeout: 0 });
      const connection = probing;
      connection
        .transaction(() => {
          const version = connection.pragma('user_version', { simple: true }) as number;
          connection.pragma(`user_version = ${version}`);
        })
        .immediate();
    } catch (error) {
      if (isDiskFull(error, this.dataDir) || isStoreBusy(error)) return;
      throw error;
    } finally {
      probing?.close();
    }
    this.fullSince = undefined;
    this.log(`the storage of the data dir ${this.dataDir} has room again: writes are accepted`);
  }

  /** The state, for the health report. */
  report(): StorageReport {
    return {
      full: this.fullSince !== undefined,
      ...(this.fullSince ? { fullSince: this.fullSince.toISOString() } : {}),
      droppedQueryLogEntries: this.dropped,
    };
  }
}
