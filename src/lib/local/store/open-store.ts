import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalServiceModule } from '../types.js';
import { migrateModule, type UpgradeNotice } from './migrate.js';
import { OPEN_TIMEOUT_MS, waitUnlocked } from './wait-unlocked.js';

/** The file name of the local service's database inside its data dir. */
export const DATABASE_FILE = 'nimbus.db';

/**
 * Opens (creating when needed) `<dataDir>/nimbus.db` for the local service: WAL journal,
 * `synchronous=FULL` so that an acknowledged write survives a crash or `kill -9`, a busy
 * timeout so that several processes can share the data dir, foreign keys on; then applies
 * every module's pending migrations, telling `onNotice` before a step that may take a while.
 * Processes opening one data dir together wait for each other (up to 10 s) rather than fail
 * with SQLITE_BUSY.
 */
export function openStore(dataDir: string, modules: readonly Pick<LocalServiceModule, 'name' | 'migrations'>[], onNotice?: UpgradeNotice): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    db.pragma(`busy_timeout = ${OPEN_TIMEOUT_MS}`);
    waitUnlocked(() => {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
    });
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    for (const module of modules) waitUnlocked(() => migrateModule(db, module.name, module.migrations, onNotice));
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
