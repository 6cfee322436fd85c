import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalServiceModule } from '../types.js';
import { isBehind, migrateModule, type UpgradeNotice } from './migrate.js';
import { serviceSchema } from './service-schema.js';
import { OPEN_TIMEOUT_MS, waitUnlocked } from './wait-unlocked.js';

/** The file name of the local service's database inside its data dir. */
export const DATABASE_FILE = 'nimbus.db';

/**
 * Opens (creating when needed) `<dataDir>/nimbus.db` for the local service: WAL journal,
 * `synchronous=FULL` so that an acknowledged write survives a crash or `kill -9`, a busy
 * timeout so that several processes can share the data dir, foreign keys on; then applies
 * the service's own pending migrations (its leases) and every module's, telling `onNotice` before a step that may take a while.
 * Processes opening one data dir together wait for each other (up to 10 s) rather than fail
 * with SQLITE_BUSY; while another process upgrades the data dir's schema, which can take a
 * while, they wait longer (see {@link UPGRADE_WAIT_MS}), and say so after a second.
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
    for (const module of [serviceSchema, ...modules]) migrateWaiting(db, module, onNotice);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * How long opening waits for another process that holds the lock while this data dir's schema
 * is behind: that process is upgrading it, and a step that re-reads every stored document takes
 * about 2 s per 100,000 documents.
 */
export const UPGRADE_WAIT_MS = 10 * 60_000;
/** How long the wait for another process's upgrade lasts before the wait is announced. */
const ANNOUNCE_WAIT_AFTER_MS = 1000;

/**
 * Applies one module's pending migrations. When the data dir is behind this nimbus, a lock held
 * by another process is that process's upgrade: the lock is polled for (without SQLite's busy
 * handler, so the wait can be told) for up to {@link UPGRADE_WAIT_MS}.
 */
function migrateWaiting(db: Database.Database, module: Pick<LocalServiceModule, 'name' | 'migrations'>, onNotice: UpgradeNotice | undefined): void {
  const migrate = () => migrateModule(db, module.name, module.migrations, onNotice);
  if (!isBehind(db, module.name, module.migrations)) {
    waitUnlocked(migrate);
    return;
  }
  let told = false;
  db.pragma('busy_timeout = 0');
  try {
    waitUnlocked(migrate, UPGRADE_WAIT_MS, (waitedMs) => {
      if (told || waitedMs < ANNOUNCE_WAIT_AFTER_MS) return;
      told = true;
      onNotice?.('waiting for another nimbus process that is upgrading it');
    });
  } finally {
    db.pragma(`busy_timeout = ${OPEN_TIMEOUT_MS}`);
  }
}
