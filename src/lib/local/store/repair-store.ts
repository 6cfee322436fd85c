import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalServiceModule } from '../types.js';
import { migrateModule } from './migrate.js';
import { DATABASE_FILE } from './open-store.js';
import { copyReadableRows, quoted, type RowRecovery } from './recover-rows.js';

/** The modules whose tables a repair recovers: their schemas, and what they rebuild themselves. */
export type RepairedModule = Pick<LocalServiceModule, 'name' | 'migrations' | 'rebuild'>;

/** What recovering one table did. */
export interface TableRecovery extends RowRecovery {
  table: string;
  /** The damaged database had no such table: it was made again, empty. */
  missing: boolean;
}

/** What `repairStore` did. */
export interface RepairReport {
  /** The repaired database (the data dir's `nimbus.db`). */
  database: string;
  /** Where the damaged database was moved (its write-ahead log beside it, with `-wal`). */
  backup: string;
  tables: TableRecovery[];
  /** What the modules rebuilt (e.g. an index's full-text tables), a line each. */
  rebuilt: string[];
}

/** The schema versions the damaged database recorded, per module; undefined when they cannot be read. */
function recordedVersions(damaged: Database.Database): Map<string, Set<number>> | undefined {
  try {
    const rows = damaged.prepare('SELECT module, version FROM schema_migrations').all() as Array<{ module: string; version: number }>;
    const versions = new Map<string, Set<number>>();
    for (const row of rows) versions.set(row.module, (versions.get(row.module) ?? new Set()).add(row.version));
    return versions;
  } catch {
    return undefined;
  }
}

/** The tables of `db` whose rows a repair copies: ordinary tables, not the full-text ones (modules rebuild those) nor SQLite's and the schema record. */
function copiedTables(db: Database.Database): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? '')).map((row) => `${row.name}_`);
  return rows
    .filter((row) => !/^CREATE VIRTUAL TABLE/i.test(row.sql ?? '') && !virtual.some((prefix) => row.name.startsWith(prefix)))
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_') && name !== 'schema_migrations');
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
}

function columnsOf(db: Database.Database, table: string): ColumnInfo[] {
  return db.prepare(`PRAGMA table_info(${quoted(table)})`).all() as ColumnInfo[];
}

/** Copies what can be read of one table; a table the damaged database lacks is reported missing. */
function recoverTable(damaged: Database.Database, fresh: Database.Database, table: string): TableRecovery {
  const wanted = columnsOf(fresh, table);
  const present = new Set(columnsOf(damaged, table).map((column) => column.name));
  if (present.size === 0) return { table, missing: true, copied: 0, unreadable: [] };
  const columns = wanted.filter((column) => present.has(column.name)).map((column) => column.name);
  const keys = wanted.filter((column) => column.pk > 0);
  const rowidColumn = keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER' && columns.includes(keys[0]!.name);
  const recovery = copyReadableRows(damaged, fresh, { read: table, write: table, readColumns: columns, writeColumns: columns, rowidColumn });
  return { table, missing: false, ...recovery };
}

/**
 * Carries the damaged database's AUTOINCREMENT counters over, where they are higher than the
 * recovered rows made them: an id handed out once (to a since deleted row, say) is not handed out again.
 */
function keepSequences(damaged: Database.Database, fresh: Database.Database): void {
  let sequences: Array<{ name: string; seq: number }>;
  try {
    sequences = damaged.prepare('SELECT name, seq FROM sqlite_sequence').all() as Array<{ name: string; seq: number }>;
  } catch {
    return;
  }
  const raise = fresh.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?');
  const start = fresh.prepare('INSERT INTO sqlite_sequence (seq, name) VALUES (?, ?)');
  const tables = new Set(copiedTables(fresh));
  for (const { name, seq } of sequences) if (tables.has(name) && raise.run(seq, name).changes === 0) start.run(seq, name);
}

/** Moves a file and its SQLite companions (`-wal`, `-shm`, `-journal`) that exist. */
function moveDatabase(from: string, to: string): void {
  renameSync(from, to);
  for (const suffix of ['-wal', '-shm', '-journal']) if (existsSync(`${from}${suffix}`)) renameSync(`${from}${suffix}`, `${to}${suffix}`);
}

/**
 * Repairs the damaged database of a data dir, which no process may be using: a fresh database
 * with the schema the damaged one recorded (every module's migrations when the record cannot be
 * read) receives every row of every table that can still be read (past damaged pages, from the
 * next readable row); each module then rebuilds what it derives from those rows (the search
 * module its full-text tables, from the stored text). The damaged database is kept as
 * `nimbus.db.damaged-<time>`, and the fresh one takes its place. Throws when there is no
 * database, or when not even its schema can be read.
 */
export function repairStore(dataDir: string, modules: readonly RepairedModule[], now = new Date()): RepairReport {
  const database = join(dataDir, DATABASE_FILE);
  if (!existsSync(database)) throw new Error(`there is no database (${DATABASE_FILE}) in ${dataDir} to repair`);
  const building = `${database}.repairing`;
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  const damaged = new Database(database, { readonly: true, fileMustExist: true });
  const fresh = new Database(building);
  let report: Omit<RepairReport, 'backup'>;
  try {
    try {
      damaged.prepare('SELECT count(*) FROM sqlite_master').get();
    } catch (error) {
      throw new Error(`${database} cannot be repaired: not even its list of tables can be read (${(error as Error).message})`);
    }
    const versions = recordedVersions(damaged);
    fresh.pragma('foreign_keys = OFF');
    for (const module of modules) {
      const recorded = versions?.get(module.name);
      migrateModule(fresh, module.name, recorded ? module.migrations.filter((migration) => recorded.has(migration.version)) : module.migrations);
    }
    report = fresh.transaction(() => {
      const tables = copiedTables(fresh).map((table) => recoverTable(damaged, fresh, table));
      keepSequences(damaged, fresh);
      const rebuilt = modules.flatMap((module) => module.rebuild?.(damaged, fresh) ?? []);
      return { database, tables, rebuilt };
    })();
    const check = fresh.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the repaired database failed its own check (${String(check)}); ${database} was left as it was`);
  } catch (error) {
    fresh.close();
    damaged.close();
    rmSync(building, { force: true });
    throw error;
  }
  fresh.close();
  damaged.close();
  const backup = `${database}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  moveDatabase(database, backup);
  renameSync(building, database);
  return { ...report, backup };
}
