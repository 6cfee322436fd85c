import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalServiceModule } from '../../types.js';
import type { UpgradeNotice } from '../migrate.js';
import { openCheckedStore } from '../open-checked-store.js';
import { DATABASE_FILE } from '../open-store.js';
import { serviceSchema } from '../service-schema.js';
import { useStoreWrites } from '../store-writes.js';
import { parseDatabaseUrl } from './database-url.js';
import { LocalReplica, type ReplicaState } from './local-replica.js';
import { ensureLogSchema, type SchemaVersions } from './log-schema.js';
import { LogFollower } from './log-follower.js';
import { Mutex } from './mutex.js';
import { PgLeaderLease } from './pg-leader-lease.js';
import { PgSession, type ClientClass } from './pg-session.js';
import { LOG_CHANNEL, PgWrites } from './pg-writes.js';
import { WriteCapture } from './write-capture.js';

/** A node of a PostgreSQL store: its local copy (a SQLite connection), write seam and lease maker. */
export interface PostgresNode {
  db: Database.Database;
  writes: PgWrites;
  /** The lease `name` of this store, held as `holder`. */
  lease(name: string, holder: string): PgLeaderLease;
  /** Brings the local copy up to the log's head (for tests: what another node wrote is here once it resolves). */
  catchUp(): Promise<void>;
  /** Stops following the log and closes the connections and the local copy. */
  close(): Promise<void>;
}

/** What {@link openPostgresNode} needs. */
export interface PostgresNodeOptions {
  /** `postgres://…` (several hosts allowed: the first primary is used). */
  databaseUrl: string;
  /** The node's own data dir, which holds its copy of the store. */
  dataDir: string;
  modules: readonly Pick<LocalServiceModule, 'name' | 'migrations' | 'requiredTables'>[];
  onNotice?: UpgradeNotice;
  /** Told of a failure of the background follower (once per message). */
  onError(error: unknown): void;
  /** This node's name, recorded with each log entry. */
  node: string;
  /**
   * Told when this node's copy could not commit a write whose log entry PostgreSQL committed (no
   * room on its disk, say): the write is the store's, and the copy applies the entry `seq` from
   * the log once it can.
   */
  onCopyBehind(error: unknown, seq: number): void;
}

/** Thrown when the data dir holds a SQLite store of its own, which a node must not overwrite. */
export class NotACopyError extends Error {
  constructor(dataDir: string) {
    super(
      `the data dir ${dataDir} holds a SQLite store of its own (not a copy of a PostgreSQL store); a node of a PostgreSQL store needs an empty data dir, or the one it made`,
    );
    this.name = 'NotACopyError';
  }
}

/** The newest schema version of each module (and the service's own): what the log's statements are written for. */
function schemaVersions(modules: PostgresNodeOptions['modules']): SchemaVersions {
  return Object.fromEntries([serviceSchema, ...modules].map((module) => [module.name, Math.max(0, ...module.migrations.map((step) => step.version))]));
}

/** Where the data dir's copy stands, read without opening it for writing; null when there is no database; undefined when it is no copy. */
function copyState(dataDir: string): ReplicaState | null | undefined {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'nimbus_replica'").get();
    if (!table) return undefined;
    const row = db.prepare('SELECT store_id, applied_seq, entry_id FROM nimbus_replica WHERE id = 1').get() as
      { store_id: string; applied_seq: number; entry_id: string } | undefined;
    return row ? { storeId: row.store_id, appliedSeq: row.applied_seq, entryId: row.entry_id } : undefined;
  } finally {
    db.close();
  }
}

function removeDatabase(dataDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `${DATABASE_FILE}${suffix}`), { force: true });
}

/**
 * Opens a node of the PostgreSQL store at `databaseUrl` over its own data dir (loading the `pg`
 * package only now): creates the store's tables when the database is new, checks the data dir's
 * copy, and rebuilds it from the log (empties it and replays every entry) when it is a copy of
 * another store or holds an entry the log does not have (the database was restored from a dump
 * older than the copy); then applies the entries it lacks and follows the log.
 */
export async function openPostgresNode(options: PostgresNodeOptions): Promise<PostgresNode> {
  const url = parseDatabaseUrl(options.databaseUrl);
  const pg = await import('pg');
  const Client = ((pg as unknown as { default?: { Client: ClientClass } }).default ?? (pg as unknown as { Client: ClientClass })).Client;
  const writer = new PgSession(Client, url, ["SET idle_in_transaction_session_timeout = '10s'", "SET lock_timeout = '30s'"]);
  const reader = new PgSession(Client, url);
  let follower: LogFollower | undefined;
  const listener = new PgSession(Client, url, [`LISTEN ${LOG_CHANNEL}`], (client) => follower?.listenOn(client));
  const sessions = [writer, reader, listener];
  let db: Database.Database | undefined;
  try {
    const storeId = await ensureLogSchema(writer, schemaVersions(options.modules));
    const state = copyState(options.dataDir);
    if (state === undefined) throw new NotACopyError(options.dataDir);
    if (state !== null && (state.storeId !== storeId || !(await holdsEntry(reader, state)))) {
      options.onNotice?.(
        `rebuilding this node's copy from the PostgreSQL store's log (the copy is of ${state.storeId === storeId ? 'a later state of the store than the log has: it was restored from a dump' : 'another store'})`,
      );
      removeDatabase(options.dataDir);
    }
    db = openCheckedStore(options.dataDir, options.modules, options.onNotice);
    const capture = new WriteCapture(db);
    const replica = new LocalReplica(db, capture);
    if (!replica.state()) replica.start(storeId);
    const mutex = new Mutex();
    const writes = new PgWrites(db, capture, replica, writer, mutex, options.node, options.onCopyBehind);
    useStoreWrites(db, writes);
    follower = new LogFollower(replica, writes, mutex, reader, listener, options.onError);
    const behind = Number((await reader.query<{ seq: string }>('SELECT seq FROM nimbus_head WHERE id = 1')).rows[0]!.seq) - replica.appliedSeq();
    if (behind > 1000) options.onNotice?.(`applying ${behind} entries of the PostgreSQL store's log to this node's copy`);
    await follower.catchUp();
    follower.start();
    const opened = db;
    const following = follower;
    return {
      db: opened,
      writes,
      lease: (name, holder) => new PgLeaderLease(reader, writes, name, holder),
      catchUp: () => following.catchUp(),
      async close() {
        await following.stop();
        await mutex.run(async () => undefined);
        await Promise.all(sessions.map((session) => session.close()));
      },
    };
  } catch (error) {
    db?.close();
    await Promise.all(sessions.map((session) => session.close()));
    throw error;
  }
}

/** Whether the log holds the entry the copy says it holds last (false when the database was restored from an older dump). */
async function holdsEntry(reader: PgSession, state: ReplicaState): Promise<boolean> {
  if (state.appliedSeq === 0) return true;
  const { rows } = await reader.query<{ entry_id: string }>('SELECT entry_id FROM nimbus_log WHERE seq = $1', [state.appliedSeq]);
  return rows[0]?.entry_id === state.entryId;
}
