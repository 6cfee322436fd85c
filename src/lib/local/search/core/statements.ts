import type Database from 'better-sqlite3';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The prepared statement for `source` on `db`, prepared once per connection and reused. */
export function sql(db: Database.Database, source: string): Database.Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(source);
  if (!statement) {
    statement = db.prepare(source);
    cache.set(source, statement);
  }
  return statement;
}

/** Forgets the statements that mention `table` (call after dropping it). */
export function forgetStatements(db: Database.Database, table: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const source of cache.keys()) if (source.includes(table)) cache.delete(source);
}
