import type Database from 'better-sqlite3';
import { TOKENIZE } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';

const MAX_CACHED = 10_000;
const prepared = new WeakMap<Database.Database, Set<string>>();
const tokenized = new WeakMap<Database.Database, Map<string, string[]>>();

/** Creates a connection-private (temp schema) table once per connection. */
function once(db: Database.Database, name: string, create: string): void {
  let done = prepared.get(db);
  if (!done) {
    done = new Set();
    prepared.set(db, done);
  }
  if (done.has(name)) return;
  db.exec(create);
  done.add(name);
}

/**
 * The terms FTS5 indexes `text` as (its own tokenizer, not a copy of it): the text goes through
 * a scratch FTS5 table private to the connection. Remembered per connection.
 */
export function ftsTerms(db: Database.Database, text: string): string[] {
  let cache = tokenized.get(db);
  if (!cache) {
    cache = new Map();
    tokenized.set(db, cache);
  }
  const known = cache.get(text);
  if (known) return known;
  once(db, 'tokenizer', `CREATE VIRTUAL TABLE IF NOT EXISTS temp.nimbus_tokenizer USING fts5(text, ${TOKENIZE})`);
  once(db, 'tokenizer_terms', "CREATE VIRTUAL TABLE IF NOT EXISTS temp.nimbus_tokenizer_terms USING fts5vocab(temp, nimbus_tokenizer, 'instance')");
  sql(db, 'INSERT INTO temp.nimbus_tokenizer (rowid, text) VALUES (1, ?)').run(text);
  const terms = sql(db, 'SELECT term FROM temp.nimbus_tokenizer_terms ORDER BY offset').pluck().all() as string[];
  sql(db, 'DELETE FROM temp.nimbus_tokenizer WHERE rowid = 1').run();
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(text, terms);
  return terms;
}

/**
 * The name of an fts5vocab table over the FTS5 table `table` (`row`: one row per term with the
 * number of rows holding it; `col`: the same per column; `instance`: one row per occurrence),
 * made once per connection in its temp schema.
 */
export function ftsVocabulary(db: Database.Database, table: string, kind: 'row' | 'col' | 'instance'): string {
  const name = `${table}_${kind}`;
  once(db, name, `CREATE VIRTUAL TABLE IF NOT EXISTS temp.${name} USING fts5vocab(main, ${table}, '${kind}')`);
  return `temp.${name}`;
}

/** The number of rows of an FTS5 table holding `term` (one indexed term), from the table's vocabulary. */
export function ftsTermRows(db: Database.Database, table: string, term: string): number {
  return (
    (sql(db, `SELECT doc FROM ${ftsVocabulary(db, table, 'row')} WHERE term = ?`)
      .pluck()
      .get(term) as number | undefined) ?? 0
  );
}

/**
 * How often FTS5 indexes each term in `text` (its own tokenizer, through the connection's
 * scratch table); not remembered, for texts seen once.
 */
export function ftsTermCounts(db: Database.Database, text: string): Map<string, number> {
  once(db, 'tokenizer', `CREATE VIRTUAL TABLE IF NOT EXISTS temp.nimbus_tokenizer USING fts5(text, ${TOKENIZE})`);
  once(db, 'tokenizer_rows', "CREATE VIRTUAL TABLE IF NOT EXISTS temp.nimbus_tokenizer_rows USING fts5vocab(temp, nimbus_tokenizer, 'row')");
  sql(db, 'INSERT INTO temp.nimbus_tokenizer (rowid, text) VALUES (1, ?)').run(text);
  const rows = sql(db, 'SELECT term, cnt FROM temp.nimbus_tokenizer_rows').raw().all() as Array<[string, number]>;
  sql(db, 'DELETE FROM temp.nimbus_tokenizer WHERE rowid = 1').run();
  return new Map(rows);
}
