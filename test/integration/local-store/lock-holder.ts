/**
 * Creates a database at the path given, in the journal mode given (DELETE unless told), holds
 * a write lock on it (BEGIN IMMEDIATE) and announces `locked`; commits and exits after the
 * milliseconds given (1000 unless told).
 */
import Database from 'better-sqlite3';

const [, , path, journalMode = 'DELETE', hold = '1000'] = process.argv;
const HOLD_MS = Number(hold);

const db = new Database(path!);
db.pragma(`journal_mode = ${journalMode}`);
db.exec('BEGIN IMMEDIATE');
setTimeout(() => {
  db.exec('COMMIT');
  db.close();
  process.exit(0);
}, HOLD_MS);
process.send?.('locked');
