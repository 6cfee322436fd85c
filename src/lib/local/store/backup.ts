import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from './open-store.js';

/** What a backup or restore copied. */
export interface CopyReport {
  /** The database file written. */
  file: string;
  /** Database pages copied. */
  pages: number;
}

/** A failure of a backup or restore, told in one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Copies all remaining pages in one step: one read transaction, so one consistent snapshot that writers never restart. */
const ALL_PAGES = 0x7fffffff;

/** Copies the database `from` (a connection) into the file `to` with SQLite's online backup API, in one step. */
async function copy(from: Database.Database, to: string): Promise<number> {
  const done = await from.backup(to, { progress: () => ALL_PAGES });
  return done.totalPages;
}

/** The file a data dir's database lives in, which must exist. */
function databaseOf(dataDir: string): string {
  const file = join(resolve(dataDir), DATABASE_FILE);
  if (!existsSync(file)) throw new BackupError(`${resolve(dataDir)} holds no nimbus database (${DATABASE_FILE})`);
  return file;
}

/**
 * Writes a consistent copy of the data dir's database to `file` while services may use it:
 * SQLite's backup API copies the snapshot of one read transaction, so the copy holds every
 * write committed (acknowledged) before the backup began, and nothing half-done. The copy is
 * written beside `file` and renamed into place, so `file` is never a partial backup.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<CopyReport> {
  const source = new Database(databaseOf(dataDir), { readonly: true, fileMustExist: true });
  const target = resolve(file);
  const partial = `${target}.partial`;
  try {
    rmSync(partial, { force: true });
    const pages = await copy(source, partial);
    renameSync(partial, target);
    return { file: target, pages };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error instanceof BackupError ? error : new BackupError(`cannot back up ${resolve(dataDir)} to ${target}: ${(error as Error).message}`);
  } finally {
    source.close();
  }
}

/** Who holds the data dir's background lease now, if a running service does. */
export function runningHolder(dataDir: string): string | undefined {
  const file = join(resolve(dataDir), DATABASE_FILE);
  if (!existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'service_leases'").get();
    if (!table) return undefined;
    const row = db
      .prepare('SELECT holder, expires_at FROM service_leases WHERE holder IS NOT NULL AND expires_at > ? ORDER BY expires_at DESC LIMIT 1')
      .get(Date.now()) as { holder: string } | undefined;
    return row?.holder;
  } finally {
    db.close();
  }
}

/** Opens a backup file and checks that it is a sound nimbus database. */
function openBackup(file: string): Database.Database {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`no backup file ${path}`);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${path} is damaged (SQLite quick_check: ${String(check)})`);
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()) {
      throw new BackupError(`${path} is not a nimbus backup (it has no schema_migrations table)`);
    }
    return db;
  } catch (error) {
    db?.close();
    throw error instanceof BackupError ? error : new BackupError(`${path} is not a nimbus backup: ${(error as Error).message}`);
  }
}

/**
 * Replaces the data dir's database with the backup `file` (checked first). Refuses while a
 * running service holds the data dir (its background lease is live) unless `force`: then the
 * backup is copied into the live database through SQLite's backup API, under its write lock,
 * and the running service must be restarted, since it keeps what it cached of the old data.
 * Otherwise the backup is copied beside the database and renamed over it, with the old
 * database's WAL removed. Returns the holder that was running (forced), if any.
 */
export async function restoreDataDir(file: string, dataDir: string, force: boolean): Promise<CopyReport & { heldBy?: string }> {
  const backup = openBackup(file);
  try {
    const target = join(resolve(dataDir), DATABASE_FILE);
    const heldBy = runningHolder(dataDir);
    if (heldBy !== undefined && !force) {
      throw new BackupError(`a running service holds ${resolve(dataDir)} (${heldBy}): stop it first, or give --force to restore under it and then restart it`);
    }
    if (heldBy !== undefined) return { file: target, pages: await copy(backup, target), heldBy };
    mkdirSync(resolve(dataDir), { recursive: true });
    const partial = `${target}.restoring`;
    rmSync(partial, { force: true });
    const pages = await copy(backup, partial);
    for (const leftover of [`${target}-wal`, `${target}-shm`]) rmSync(leftover, { force: true });
    renameSync(partial, target);
    return { file: target, pages };
  } finally {
    backup.close();
  }
}
