import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import type { SynonymRule } from '../core/synonym-rules.js';

/**
 * The synonym rules of an index's usable thesauri at `nowMs`: created (past CREATING), not
 * deleted, not FAILED. A thesaurus being updated keeps serving the rules it has.
 */
export function activeSynonymRules(db: Database.Database, indexRowid: number, nowMs: number): SynonymRule[] {
  const rows = sql(
    db,
    `SELECT rules FROM search_thesauri WHERE index_rowid = ? AND deleted_at IS NULL AND final_status != 'FAILED'
     AND NOT (busy_state = 'CREATING' AND busy_until > ?) ORDER BY created_at`,
  )
    .pluck()
    .all(indexRowid, nowMs) as string[];
  return rows.flatMap((rules) => JSON.parse(rules) as SynonymRule[]);
}
