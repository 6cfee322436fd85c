import type Database from 'better-sqlite3';
import { sentence } from '../core/sentence.js';
import { sql } from '../core/statements.js';

/** The longest ErrorMessage the model allows. */
const MAX_MESSAGE = 2048;
/** The most failures of one job kept with their reason (the count of failures is not bounded). */
const MAX_KEPT = 1000;

/** One line of text, as the model's ErrorMessage pattern wants it (no control characters). */
function oneLine(text: string): string {
  return text.replace(/\p{C}+/gu, ' ').trim();
}

/**
 * Keeps why the document `docId` failed in the sync job `jobRowid` (the last reason when it
 * fails twice). Counting it in the job's metrics is the caller's business.
 */
export function recordSyncFailure(db: Database.Database, jobRowid: number, docId: string, reason: string): void {
  const kept = sql(db, 'SELECT count(*) FROM search_sync_failures WHERE job_rowid = ?').pluck().get(jobRowid) as number;
  if (kept >= MAX_KEPT) return;
  sql(db, 'INSERT OR REPLACE INTO search_sync_failures (job_rowid, doc_id, reason) VALUES (?, ?, ?)').run(jobRowid, docId, oneLine(reason) || 'unknown reason');
}

/** The failures kept for a job, in document id order. */
function syncFailures(db: Database.Database, jobRowid: number): Array<{ docId: string; reason: string }> {
  return sql(db, 'SELECT doc_id AS docId, reason FROM search_sync_failures WHERE job_rowid = ? ORDER BY doc_id').all(jobRowid) as Array<{
    docId: string;
    reason: string;
  }>;
}

/**
 * The ErrorMessage of a job that finished with `failed` failed documents: how many, then each
 * document and its reason, as many as 2,048 characters hold (`…and N more` for the rest).
 */
export function failureMessage(db: Database.Database, jobRowid: number, failed: number): string {
  const head = `${failed} document${failed === 1 ? '' : 's'} could not be indexed:`;
  const parts: string[] = [];
  let length = head.length;
  const failures = syncFailures(db, jobRowid);
  for (const [position, { docId, reason }] of failures.entries()) {
    const part = ` ${docId}: ${sentence(reason)}`;
    const rest = failed - position - 1;
    const tail = rest > 0 ? ` …and ${rest} more.` : '';
    if (length + part.length + tail.length > MAX_MESSAGE) {
      const left = failed - position;
      return `${head}${parts.join('')} …and ${left} more.`.slice(0, MAX_MESSAGE);
    }
    parts.push(part);
    length += part.length;
  }
  const unexplained = failed - failures.length;
  return `${head}${parts.join('')}${unexplained > 0 ? ` …and ${unexplained} more.` : ''}`.slice(0, MAX_MESSAGE);
}
