/**
 * Creates a database in rollback-journal mode at the path given, holds a write lock on it
 * (BEGIN IMMEDIATE) and announces `locked`; commits and exits a second later.
 */
import Database from 'better-sqlite3';

const HOLD_MS = 1000;

const db = new Database(process.argv[2]!);
db.pragma('journal_mode = DELETE');
db.exec('BEGIN IMMEDIATE');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  process.exit(0);
}, HOLD_MS);
process.send?.('locked');
