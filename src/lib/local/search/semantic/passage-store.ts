import type Database from 'better-sqlite3';
import { documentsFts } from '../core/fts-tables.js';
import { sql } from '../core/statements.js';
import { embeddedText, passageSpans } from './passage-spans.js';

/** A passage waiting for its vector, with the text to embed. */
export interface PendingPassage {
  rowid: number;
  text: string;
}

/** The data dirs (by connection) whose documents are not cut into passages: semantic search is off in this process. */
const notCutting = new WeakSet<Database.Database>();

/**
 * Whether documents stored through `db` are cut into passages (they are unless told
 * otherwise). A service with semantic search off does not cut them: cutting costs about a
 * fifth of a document's ingest CPU, for passages nothing would read. A provider turned on
 * later cuts what is missing first (see {@link cutMissingPassages}).
 */
export function cutPassagesOn(db: Database.Database, cutting: boolean): void {
  if (cutting) notCutting.delete(db);
  else notCutting.add(db);
}

function insertPassages(db: Database.Database, indexRowid: number, docRowid: number, body: string): void {
  const insert = sql(db, 'INSERT INTO search_passages (index_rowid, doc_rowid, ordinal, start, end) VALUES (?, ?, ?, ?, ?)');
  for (const [ordinal, span] of passageSpans(body).entries()) insert.run(indexRowid, docRowid, ordinal, span.start, span.end);
}

/**
 * Replaces a document's passages with those of its new body, queued for embedding (their
 * vectors gone with the old passages), or only removes the old ones where passages are not
 * cut (see {@link cutPassagesOn}). Call inside the transaction that stores the document.
 */
export function replacePassages(db: Database.Database, indexRowid: number, docRowid: number, body: string): void {
  // Looked for first: a DELETE that may remove several rows (and fire triggers) opens a statement
  // journal, which makes every FTS5 table of the transaction write its pending terms out as a
  // segment of its own, one per document, each to be merged again later.
  if (hasPassages(db, docRowid)) sql(db, 'DELETE FROM search_passages WHERE doc_rowid = ?').run(docRowid);
  if (!notCutting.has(db)) insertPassages(db, indexRowid, docRowid, body);
}

/**
 * Cuts into passages the documents stored without them (while semantic search was off) among
 * the `window` documents after rowid `after`. Call inside a write transaction.
 * @returns the rowid to continue after, or undefined when every document has been looked at.
 */
export function cutMissingPassages(db: Database.Database, after: number, window: number): number | undefined {
  const rows = sql(
    db,
    `SELECT d.rowid AS rowid, d.index_rowid AS indexRowid, EXISTS (SELECT 1 FROM search_passages p WHERE p.doc_rowid = d.rowid) AS cut
     FROM search_documents d WHERE d.rowid > ? ORDER BY d.rowid LIMIT ?`,
  ).all(after, window) as Array<{ rowid: number; indexRowid: number; cut: number }>;
  const exists = sql(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck();
  for (const row of rows) {
    // an index being deleted may have lost its text table already
    if (row.cut || exists.get(documentsFts(row.indexRowid)) === undefined) continue;
    const body = sql(db, `SELECT body FROM ${documentsFts(row.indexRowid)} WHERE rowid = CAST(? AS INTEGER)`)
      .pluck()
      .get(row.rowid) as string | null | undefined;
    insertPassages(db, row.indexRowid, row.rowid, body ?? '');
  }
  return rows.length < window ? undefined : rows[rows.length - 1]!.rowid;
}

/**
 * Makes `identity` the vector space of the data dir. When it differs from the stored one (the
 * provider, model or dimension changed), every vector is dropped in the same transaction, so
 * that all passages are embedded again and vectors of two spaces are never compared.
 * @returns whether the vectors were dropped.
 */
export function enterVectorSpace(db: Database.Database, identity: string): boolean {
  return db
    .transaction(() => {
      const stored = sql(db, 'SELECT identity FROM search_vector_space WHERE id = 1').pluck().get() as string | undefined;
      if (stored === identity) return false;
      sql(
        db,
        'INSERT INTO search_vector_space (id, identity, dimension) VALUES (1, ?, NULL) ON CONFLICT (id) DO UPDATE SET identity = excluded.identity, dimension = NULL',
      ).run(identity);
      if (stored === undefined) return false;
      sql(db, 'UPDATE search_passages SET vector = NULL, embedded_seq = NULL WHERE vector IS NOT NULL').run();
      return true;
    })
    .immediate();
}

/** The data dir's vector space: its identity and dimension (null until the first vector), or undefined before any provider embedded. */
export function vectorSpace(db: Database.Database): { identity: string; dimension: number | null } | undefined {
  return sql(db, 'SELECT identity, dimension FROM search_vector_space WHERE id = 1').get() as { identity: string; dimension: number | null } | undefined;
}

/** Up to `limit` passages waiting for their vectors, oldest first, leaving out those in `busy`. */
export function pendingPassages(db: Database.Database, limit: number, busy: ReadonlySet<number>): PendingPassage[] {
  const rows = sql(
    db,
    `SELECT p.rowid AS rowid, p.index_rowid AS indexRowid, p.doc_rowid AS docRowid, p.start AS start, p.end AS end
     FROM search_passages p INDEXED BY search_passages_queue WHERE p.vector IS NULL ORDER BY p.rowid LIMIT ?`,
  ).all(limit + busy.size) as Array<{ rowid: number; indexRowid: number; docRowid: number; start: number; end: number }>;
  const out: PendingPassage[] = [];
  for (const row of rows) {
    if (busy.has(row.rowid) || out.length >= limit) continue;
    const doc = sql(
      db,
      `SELECT d.title AS title, f.body AS body FROM search_documents d JOIN ${documentsFts(row.indexRowid)} f ON f.rowid = d.rowid WHERE d.rowid = ?`,
    ).get(row.docRowid) as { title: string | null; body: string | null } | undefined;
    if (doc) out.push({ rowid: row.rowid, text: embeddedText(doc.title, doc.body ?? '', row) });
  }
  return out;
}

/**
 * Stores the vectors of passages, in one transaction, if the data dir is still in the vector
 * space `identity`: only passages that still exist and have no vector get one (a passage
 * replaced or deleted meanwhile is left out, and nothing is written twice).
 * @returns how many vectors were stored.
 * @throws Error when the vectors' dimension is not the space's.
 */
export function storeVectors(db: Database.Database, identity: string, vectors: ReadonlyArray<{ rowid: number; vector: Float32Array }>): number {
  return db
    .transaction(() => {
      const space = vectorSpace(db);
      if (!space || space.identity !== identity || vectors.length === 0) return 0;
      const dimension = vectors[0]!.vector.length;
      if (vectors.some((entry) => entry.vector.length !== dimension)) throw new Error('the embedding provider answered vectors of different dimensions');
      if (space.dimension === null) sql(db, 'UPDATE search_vector_space SET dimension = ? WHERE id = 1').run(dimension);
      else if (space.dimension !== dimension)
        throw new Error(
          `the embedding provider answered ${dimension} dimensions, not the ${space.dimension} of the vectors stored: start with another --embeddings or a new data dir`,
        );
      let seq = sql(db, 'SELECT last_seq FROM search_vector_space WHERE id = 1').pluck().get() as number;
      const update = sql(db, 'UPDATE search_passages SET vector = ?, embedded_seq = ? WHERE rowid = ? AND vector IS NULL');
      let stored = 0;
      for (const { rowid, vector } of vectors) {
        const changed = update.run(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), seq + 1, rowid).changes;
        if (changed > 0) {
          seq += 1;
          stored += 1;
        }
      }
      sql(db, 'UPDATE search_vector_space SET last_seq = ? WHERE id = 1').run(seq);
      return stored;
    })
    .immediate();
}

/** How many passages wait for their vectors, and how many have them. */
export function passageCounts(db: Database.Database): { pending: number; embedded: number } {
  const pending = sql(db, 'SELECT count(*) FROM search_passages INDEXED BY search_passages_queue WHERE vector IS NULL').pluck().get() as number;
  const total = sql(db, 'SELECT count(*) FROM search_passages').pluck().get() as number;
  return { pending, embedded: total - pending };
}

/** Whether a document has passages. */
function hasPassages(db: Database.Database, docRowid: number): boolean {
  return sql(db, 'SELECT 1 FROM search_passages WHERE doc_rowid = ? LIMIT 1').get(docRowid) !== undefined;
}

/** Whether a document has passages still waiting for their vectors. */
export function hasPendingPassages(db: Database.Database, docRowid: number): boolean {
  return sql(db, 'SELECT 1 FROM search_passages WHERE doc_rowid = ? AND vector IS NULL LIMIT 1').get(docRowid) !== undefined;
}
