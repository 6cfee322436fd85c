import { deserialize, serialize } from 'node:v8';
import type Database from 'better-sqlite3';
import type { CapturedStatement, WriteCapture } from './write-capture.js';

/** One entry of the log as read from PostgreSQL. */
export interface LogEntry {
  seq: number;
  entryId: string;
  statements: Buffer;
}

/** Where this copy stands: the store it is a copy of, and the last entry of the log it holds. */
export interface ReplicaState {
  storeId: string;
  appliedSeq: number;
  entryId: string;
}

/** The statements of one write window as stored in the log (`nimbus_log.statements`). */
export function encodeStatements(statements: readonly CapturedStatement[]): Buffer {
  return serialize(statements.map((statement) => [statement.sql, statement.params]));
}

function decodeStatements(bytes: Buffer): Array<[string, unknown[] | null]> {
  return deserialize(bytes) as Array<[string, unknown[] | null]>;
}

/**
 * A node's SQLite data dir as a copy of the PostgreSQL store: the table `nimbus_replica` (kept
 * only in node copies) says which log entry it holds last, and is written in the same SQLite
 * transaction as the entries' statements, so that each entry is applied exactly once.
 */
export class LocalReplica {
  private readonly prepared = new Map<string, Database.Statement>();

  /**
   * @param db the node's connection
   * @param capture the connection's capture (its raw statements are not captured)
   */
  constructor(
    private readonly db: Database.Database,
    private readonly capture: WriteCapture,
  ) {
    capture.raw.exec(
      'CREATE TABLE IF NOT EXISTS nimbus_replica (id INTEGER PRIMARY KEY CHECK (id = 1), store_id TEXT NOT NULL, applied_seq INTEGER NOT NULL, entry_id TEXT NOT NULL)',
    );
  }

  /** Where this copy stands; undefined when it is no copy yet. */
  state(): ReplicaState | undefined {
    const row = this.statement('SELECT store_id, applied_seq, entry_id FROM nimbus_replica WHERE id = 1').get() as
      { store_id: string; applied_seq: number; entry_id: string } | undefined;
    return row ? { storeId: row.store_id, appliedSeq: row.applied_seq, entryId: row.entry_id } : undefined;
  }

  /** The last entry applied (0 before the first). */
  appliedSeq(): number {
    return (this.statement('SELECT applied_seq FROM nimbus_replica WHERE id = 1').pluck().get() as number | undefined) ?? 0;
  }

  /** Makes this (empty) data dir a copy of the store `storeId` that holds no entry yet. */
  start(storeId: string): void {
    this.statement("INSERT INTO nimbus_replica (id, store_id, applied_seq, entry_id) VALUES (1, ?, 0, '')").run(storeId);
  }

  /** Records, within the open transaction, that the copy now holds the entry `seq`. */
  markApplied(seq: number, entryId: string): void {
    this.statement('UPDATE nimbus_replica SET applied_seq = ?, entry_id = ? WHERE id = 1').run(seq, entryId);
  }

  /**
   * Applies entries that follow the copy's last one, in one transaction (entries this copy
   * already holds, which another process of the node applied meanwhile, are skipped).
   */
  apply(entries: readonly LogEntry[]): void {
    if (entries.length === 0) return;
    this.capture.raw.exec('BEGIN IMMEDIATE');
    try {
      let applied = this.appliedSeq();
      for (const entry of entries) {
        if (entry.seq <= applied) continue;
        if (entry.seq !== applied + 1) throw new Error(`the log skips from entry ${applied} to ${entry.seq}`);
        for (const [sql, params] of decodeStatements(entry.statements)) {
          if (params === null) {
            this.capture.raw.exec(sql);
            continue;
          }
          const statement = this.statement(sql);
          if (statement.reader) statement.all(...params);
          else statement.run(...params);
        }
        this.markApplied(entry.seq, entry.entryId);
        applied = entry.seq;
      }
      this.capture.raw.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.capture.raw.exec('ROLLBACK');
      throw error;
    }
  }

  private statement(sql: string): Database.Statement {
    let statement = this.prepared.get(sql);
    if (!statement) {
      statement = this.capture.raw.prepare(sql);
      this.prepared.set(sql, statement);
    }
    return statement;
  }
}
