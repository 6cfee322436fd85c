import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { UpgradeNotice } from './migrate.js';
import { DamagedStoreError, isStoreDamaged } from './damaged-store.js';
import { checkIntegrity, type CheckedModule } from './integrity.js';
import { DATABASE_FILE, openStore } from './open-store.js';
import { isDiskFull, StoreFullError } from './storage-state.js';

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/** Where a database that failed to open is damaged, as the integrity check finds it; undefined when it cannot tell. */
function diagnosis(dataDir: string, modules: readonly CheckedModule[]): string | undefined {
  try {
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    try {
      return checkIntegrity(db, modules).problem;
    } finally {
      db.close();
    }
  } catch {
    return undefined;
  }
}

/**
 * Whether the data dir's database holds tables but not the record of its schema versions (it
 * was dropped): opening it would apply every migration again over the tables that exist.
 */
function schemaRecordLost(dataDir: string): boolean {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return false;
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
      return tables.length > 0 && !tables.includes('schema_migrations');
    } finally {
      db.close();
    }
  } catch {
    // a file too damaged to read its list of tables is found damaged when it is opened
    return false;
  }
}

/**
 * Opens the data dir as {@link openStore} does, then checks it ({@link checkIntegrity}) before
 * it is served: a damaged database (corrupt pages, a missing table, a lost record of its schema
 * versions, a file that is not a database) is a {@link DamagedStoreError} naming the data dir
 * and the way to repair it; a disk too full to open it on is a {@link StoreFullError}. Tables left unchecked within the check's time budget are named in a
 * process warning.
 */
export function openCheckedStore(dataDir: string, modules: readonly CheckedModule[], onNotice?: UpgradeNotice): Database.Database {
  const damaged = (error: unknown) => (isStoreDamaged(error) ? new DamagedStoreError(dataDir, `${DATABASE_FILE}: ${firstLine(error)}`) : error);
  if (schemaRecordLost(dataDir)) throw new DamagedStoreError(dataDir, `${DATABASE_FILE}: table schema_migrations is missing`);
  let db: Database.Database;
  try {
    db = openStore(dataDir, modules, onNotice);
  } catch (error) {
    if (isDiskFull(error, dataDir)) throw new StoreFullError(dataDir);
    throw isStoreDamaged(error) ? new DamagedStoreError(dataDir, `${DATABASE_FILE}: ${diagnosis(dataDir, modules) ?? firstLine(error)}`) : error;
  }
  try {
    const report = checkIntegrity(db, modules);
    if (report.problem !== undefined) throw new DamagedStoreError(dataDir, `${DATABASE_FILE}: ${report.problem}`);
    if (report.unchecked.length > 0) {
      process.emitWarning(`the start-up check of the data dir ${dataDir} ran out of time: ${report.unchecked.length} large full-text tables were not checked`);
    }
    return db;
  } catch (error) {
    db.close();
    throw damaged(error);
  }
}
