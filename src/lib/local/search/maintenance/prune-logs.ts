import type Database from 'better-sqlite3';

/** How long a query can receive feedback. */
const QUERY_LOG_MS = 7 * 24 * 3600 * 1000;
/** How long the query and click log behind query suggestions and analytics is kept (the longest look-back window). */
const ANALYTICS_LOG_MS = 365 * 24 * 3600 * 1000;
/** How long a ClientToken is remembered. */
const CLIENT_TOKEN_MS = 24 * 3600 * 1000;
/** How many document changes the change log keeps (older caches reload in full). */
const CHANGE_LOG_ROWS = 100_000;
const PRUNE_EVERY_MS = 60_000;

const lastRun = new WeakMap<Database.Database, number>();

/**
 * Trims the logs that grow with use, at most once a minute per connection: queries too old for
 * feedback, queries and clicks older than a year, expired client tokens, and the oldest
 * document changes.
 */
export function pruneLogs(db: Database.Database, nowMs: number): void {
  if (nowMs - (lastRun.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastRun.set(db, nowMs);
  const newest = (db.prepare('SELECT max(seq) FROM search_doc_changes').pluck().get() as number | null) ?? 0;
  db.transaction(() => {
    db.prepare('DELETE FROM search_queries WHERE created_at < ?').run(nowMs - QUERY_LOG_MS);
    db.prepare('DELETE FROM search_query_log WHERE created_at < ?').run(nowMs - ANALYTICS_LOG_MS);
    db.prepare('DELETE FROM search_click_log WHERE clicked_at < ?').run(nowMs - ANALYTICS_LOG_MS);
    db.prepare('DELETE FROM search_idempotency WHERE created_at < ?').run(nowMs - CLIENT_TOKEN_MS);
    db.prepare('DELETE FROM search_doc_changes WHERE seq <= ?').run(newest - CHANGE_LOG_ROWS);
  }).immediate();
}
