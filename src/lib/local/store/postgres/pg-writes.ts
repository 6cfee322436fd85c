import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Client } from 'pg';
import type { StoreGauge } from '../../types.js';
import type { MaybePromise, StoreWrites } from '../store-writes.js';
import { encodeStatements, type LocalReplica, type LogEntry } from './local-replica.js';
import type { Mutex } from './mutex.js';
import type { PgSession } from './pg-session.js';
import type { WriteCapture } from './write-capture.js';

/** The channel the append of an entry notifies (its payload: the entry's seq). */
export const LOG_CHANNEL = 'nimbus_log';
/** How many entries one catch-up reads and applies at a time. */
const CATCH_UP_BATCH = 500;

/** Runs one statement and resolves to its rows: a connection's or a session's `query`. */
export type RunQuery = <R extends Record<string, unknown>>(text: string, values: unknown[]) => Promise<{ rows: R[] }>;

/** The entries after `after` up to `upTo` (inclusive, when given), at most {@link CATCH_UP_BATCH}, with their age in PostgreSQL's clock. */
export async function readEntries(run: RunQuery, after: number, upTo?: number): Promise<Array<LogEntry & { ageSeconds: number }>> {
  const rows = (
    await run<{ seq: string; entry_id: string; statements: Buffer; age: number }>(
      `SELECT seq, entry_id, statements, extract(epoch FROM clock_timestamp() - created_at)::float8 AS age FROM nimbus_log
       WHERE seq > $1 ${upTo === undefined ? '' : 'AND seq <= $3'} ORDER BY seq LIMIT $2`,
      upTo === undefined ? [after, CATCH_UP_BATCH] : [after, CATCH_UP_BATCH, upTo],
    )
  ).rows;
  return rows.map((row) => ({ seq: Number(row.seq), entryId: row.entry_id, statements: row.statements, ageSeconds: row.age }));
}

/** Thrown when this node's copy holds entries the store's log does not (see {@link checkNotAhead}). */
export class StoreDivergedError extends Error {
  constructor(applied: number, head: number) {
    super(
      `this node's copy holds log entries up to ${applied}, and the PostgreSQL store's log ends at ${head} (a failover to a standby that had not received them, or a restored dump): it takes no writes until it is restarted, which rebuilds its copy from the log`,
    );
    this.name = 'StoreDivergedError';
  }
}

/** Refuses to go on when the copy is ahead of the log: a write would append over entries the copy holds. */
export function checkNotAhead(applied: number, head: number): void {
  if (applied > head) throw new StoreDivergedError(applied, head);
}

/** `text` as an SQL string literal. */
function quoted(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Where a node stands against the log, for status, health and metrics. */
export interface ReplicationReport {
  kind: 'postgresql';
  /** The last log entry this node's copy holds. */
  appliedSeq: number;
  /** The last entry of the log this node knows of. */
  headSeq: number;
  /** How old the oldest entry not yet applied was when last seen, in seconds; 0 when caught up. */
  lagSeconds: number;
}

/**
 * The write seam of a node of a PostgreSQL store. A window:
 * 1. waits for the process's earlier windows (and the follower's applies), then on the writer
 *    connection `BEGIN; SELECT seq FROM nimbus_head FOR UPDATE`: the global order, one write at a
 *    time across all nodes;
 * 2. brings the local copy up to that seq (the entries other nodes appended);
 * 3. opens one local SQLite transaction (`BEGIN IMMEDIATE`), runs the work capturing its write
 *    statements, and records `applied_seq = seq + 1` in it;
 * 4. appends the entry, moves the head, notifies, and commits PostgreSQL; then commits SQLite;
 * 5. only then settles. When 4 fails, SQLite rolls back: the copy never holds an entry the log
 *    does not. When the node dies between PostgreSQL's commit and SQLite's, or SQLite cannot
 *    commit (a full disk), the copy is behind by that entry and applies it from the log; in the
 *    latter case the window settles as its work did, since the write is the store's. A window
 *    that wrote nothing appends nothing.
 * Work that throws has its writes appended all the same (they are what SQLite alone would have
 * kept: the statements outside its rolled back transactions), then the error is passed on;
 * unless its failure cost the transaction (SQLite rolled all of it back): then nothing is.
 */
export class PgWrites implements StoreWrites {
  readonly kind = 'postgresql' as const;
  /** The last head seen (by a window or the follower). */
  headSeq = 0;
  /** How old the oldest unapplied entry was at the follower's last look. */
  lagSeconds = 0;

  /**
   * @param db the node's connection
   * @param capture its write capture
   * @param replica its copy's bookkeeping
   * @param writer the session the windows write through
   * @param mutex the process's write lock, shared with the follower
   * @param node this node's name, recorded with each entry
   * @param onCopyBehind told when the copy could not commit the entry `seq` that the log has (see {@link PgWrites.commitLocally})
   */
  constructor(
    private readonly db: Database.Database,
    private readonly capture: WriteCapture,
    private readonly replica: LocalReplica,
    private readonly writer: PgSession,
    private readonly mutex: Mutex,
    private readonly node: string,
    private readonly onCopyBehind: (error: unknown, seq: number) => void,
  ) {}

  window<T>(work: () => MaybePromise<T>): Promise<T> {
    return this.windowIf(undefined, work).then((outcome) => outcome.value as T);
  }

  /**
   * A window whose work runs only when `check` (run in the PostgreSQL transaction, after the
   * head is locked) says so: the fencing of work done under a lease.
   */
  windowIf<T>(check: ((client: Client) => Promise<boolean>) | undefined, work: () => MaybePromise<T>): Promise<{ ran: boolean; value?: T }> {
    return this.mutex.run(() => this.open(check, work));
  }

  private async open<T>(check: ((client: Client) => Promise<boolean>) | undefined, work: () => MaybePromise<T>): Promise<{ ran: boolean; value?: T }> {
    const client = await this.writer.connection();
    // the entries other nodes appended (as far as this node heard) are applied before the head
    // is locked, so that the lock, which every node's writes wait for, is held for little more
    // than this window's own work
    for (let applied = this.replica.appliedSeq(); applied < this.headSeq; applied = this.replica.appliedSeq()) {
      const entries = await readEntries((text, values) => this.pg(client, text, values), applied, this.headSeq);
      if (entries.length === 0) break;
      this.replica.apply(entries);
    }
    let pgCommitted = false;
    try {
      const locked = (await this.pg(client, 'BEGIN; SELECT seq FROM nimbus_head WHERE id = 1 FOR UPDATE')) as unknown as Array<{
        rows: Array<{ seq: string }>;
      }>;
      const head = Number(locked[1]!.rows[0]!.seq);
      this.headSeq = Math.max(this.headSeq, head);
      if (check && !(await check(client))) {
        await this.pg(client, 'ROLLBACK');
        return { ran: false };
      }
      checkNotAhead(this.replica.appliedSeq(), head);
      for (let applied = this.replica.appliedSeq(); applied < head; applied = this.replica.appliedSeq()) {
        this.replica.apply(await readEntries((text, values) => this.pg(client, text, values), applied, head));
      }
      this.capture.raw.exec('BEGIN IMMEDIATE');
      const captured = await this.capture.capture(work);
      // a failure may have cost the work its transaction (SQLITE_FULL, an I/O error: SQLite
      // rolled it all back, the writes made before it too): then the copy keeps nothing of it,
      // and the log must not either
      if (captured.statements.length === 0 || !this.db.inTransaction) {
        if (this.db.inTransaction) this.capture.raw.exec('ROLLBACK');
        await this.pg(client, 'ROLLBACK');
      } else {
        const seq = head + 1;
        const entryId = randomUUID();
        this.replica.markApplied(seq, entryId);
        // one round trip: the append, the head, the notification and the commit as one simple query
        // (its values are inlined: numbers, a uuid, the node's name quoted, the statements as hex)
        await this.pg(
          client,
          `INSERT INTO nimbus_log (seq, entry_id, node, statements) VALUES (${seq}, '${entryId}', ${quoted(this.node)}, '\\x${encodeStatements(captured.statements).toString('hex')}'::bytea);
           UPDATE nimbus_head SET seq = ${seq} WHERE id = 1;
           SELECT pg_notify('${LOG_CHANNEL}', '${seq}');
           COMMIT`,
        );
        pgCommitted = true;
        this.headSeq = Math.max(this.headSeq, seq);
        this.commitLocally(seq);
      }
      if (!captured.ok) throw captured.error;
      return { ran: true, value: captured.value };
    } catch (error) {
      if (this.db.inTransaction) this.capture.raw.exec('ROLLBACK');
      if (!pgCommitted) await this.pg(client, 'ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /**
   * Commits the copy's transaction of the entry `seq`, which the log has: the write is the
   * store's from then on, whatever happens here. When SQLite cannot commit (no room for the
   * write-ahead log's frames: SQLITE_FULL, an I/O error), its transaction is rolled back and the
   * copy is behind by that entry, as a node stopped between the two commits is: it applies the
   * entry from the log once it can, and the window still answers with its work's outcome (an
   * error would tell the caller that nothing was written, and a retry would write it twice).
   */
  private commitLocally(seq: number): void {
    try {
      this.capture.raw.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.capture.raw.exec('ROLLBACK');
      this.onCopyBehind(error, seq);
    }
  }

  /** One statement on the writer's connection; a failure that broke it drops it (the next window reconnects). */
  private async pg<R extends Record<string, unknown>>(client: Client, text: string, values?: unknown[]) {
    try {
      return await client.query<R>(text, values);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || code.startsWith('08') || code.startsWith('57P') || code === '25006' || code === '25P03') this.writer.drop(client);
      throw error;
    }
  }

  /** Where this node stands. */
  report(): ReplicationReport {
    const appliedSeq = this.replica.appliedSeq();
    return { kind: 'postgresql', appliedSeq, headSeq: Math.max(this.headSeq, appliedSeq), lagSeconds: appliedSeq >= this.headSeq ? 0 : this.lagSeconds };
  }

  /** The node's replication gauges: lag, applied and head seq. */
  gauges(): StoreGauge[] {
    const report = this.report();
    return [
      {
        name: 'nimbus_replica_lag_seconds',
        help: 'How far this node reads behind the PostgreSQL store (age of the oldest log entry it has not applied).',
        samples: [{ labels: {}, value: report.lagSeconds }],
      },
      { name: 'nimbus_replica_applied_seq', help: 'The last entry of the store log this node applied.', samples: [{ labels: {}, value: report.appliedSeq }] },
      { name: 'nimbus_log_head_seq', help: 'The last entry of the store log this node knows of.', samples: [{ labels: {}, value: report.headSeq }] },
    ];
  }
}
