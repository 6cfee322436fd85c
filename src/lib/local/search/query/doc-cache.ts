import type Database from 'better-sqlite3';
import type { AttrMap } from '../core/attributes.js';
import { decodeAccess, type DocumentAccess } from '../core/document-access.js';
import { sql } from '../core/statements.js';

/** What queries need of a document besides its text, held in memory. */
export interface CachedDoc {
  rowid: number;
  docId: string;
  title: string | null;
  sourceUri: string | null;
  dataSourceId: string | null;
  attrs: AttrMap;
  /** Who may see it; `null` when it is public. */
  acl: DocumentAccess | null;
  viewCount: number;
  updatedAt: number;
}

/** The in-memory attributes of an index's documents, as of change `seq`. */
export interface IndexCache {
  seq: number;
  docs: Map<number, CachedDoc>;
  /** The documents that have an access control list. */
  restricted: Set<number>;
  /** The documents whose `_language_code` is not English. */
  otherLanguage: Set<number>;
}

interface DocRow {
  rowid: number;
  doc_id: string;
  title: string | null;
  source_uri: string | null;
  data_source_id: string | null;
  attributes: string;
  acl: string | null;
  view_count: number;
  updated_at: number;
}

const caches = new WeakMap<Database.Database, Map<number, IndexCache>>();
const COLUMNS = 'rowid, doc_id, title, source_uri, data_source_id, attributes, acl, view_count, updated_at';

function toCached(row: DocRow): CachedDoc {
  return {
    rowid: row.rowid,
    docId: row.doc_id,
    title: row.title,
    sourceUri: row.source_uri,
    dataSourceId: row.data_source_id,
    attrs: JSON.parse(row.attributes) as AttrMap,
    acl: decodeAccess(row.acl),
    viewCount: row.view_count,
    updatedAt: row.updated_at,
  };
}

function store(cache: IndexCache, doc: CachedDoc): void {
  cache.docs.set(doc.rowid, doc);
  if (doc.acl) cache.restricted.add(doc.rowid);
  const language = doc.attrs._language_code;
  if (language?.t === 'STRING_VALUE' && language.v !== 'en') cache.otherLanguage.add(doc.rowid);
}

/**
 * The documents of an index, from this process's cache brought up to date with the change log
 * (`search_doc_changes`), which every process writes; a full load when the cache is new or
 * the log was pruned past it. Call inside a read transaction for a consistent view.
 */
export function indexDocs(db: Database.Database, indexRowid: number): IndexCache {
  let perDb = caches.get(db);
  if (!perDb) {
    perDb = new Map();
    caches.set(db, perDb);
  }
  const high = (sql(db, 'SELECT max(seq) FROM search_doc_changes WHERE index_rowid = ?').pluck().get(indexRowid) as number | null) ?? 0;
  let cache = perDb.get(indexRowid);
  if (cache && cache.seq === high) return cache;
  const low = sql(db, 'SELECT min(seq) FROM search_doc_changes WHERE index_rowid = ?').pluck().get(indexRowid) as number | null;
  if (!cache || low === null || low > cache.seq + 1) {
    cache = { seq: high, docs: new Map(), restricted: new Set(), otherLanguage: new Set() };
    for (const row of sql(db, `SELECT ${COLUMNS} FROM search_documents WHERE index_rowid = ?`).all(indexRowid) as DocRow[]) {
      store(cache, toCached(row));
    }
    perDb.set(indexRowid, cache);
    return cache;
  }
  const changed = sql(db, 'SELECT DISTINCT doc_rowid FROM search_doc_changes WHERE index_rowid = ? AND seq > ?').pluck().all(indexRowid, cache.seq) as number[];
  const load = sql(db, `SELECT ${COLUMNS} FROM search_documents WHERE rowid = ? AND index_rowid = ?`);
  for (const rowid of changed) {
    const row = load.get(rowid, indexRowid) as DocRow | undefined;
    cache.restricted.delete(rowid);
    cache.otherLanguage.delete(rowid);
    if (row) store(cache, toCached(row));
    else cache.docs.delete(rowid);
  }
  cache.seq = high;
  return cache;
}

/** What changes whenever an index's documents do (added, replaced, deleted, their attributes or view counts). */
export function documentsStamp(db: Database.Database, indexRowid: number): number {
  return (sql(db, 'SELECT max(seq) FROM search_doc_changes WHERE index_rowid = ?').pluck().get(indexRowid) as number | null) ?? 0;
}

/**
 * `earlier` (work done from the index's documents, with the {@link documentsStamp} it saw) when
 * those documents have not changed since, else `again()`: a write landed in between.
 */
export function unlessDocumentsChanged<T extends { stamp: number }>(db: Database.Database, indexRowid: number, earlier: T | undefined, again: () => T): T {
  return earlier && earlier.stamp === documentsStamp(db, indexRowid) ? earlier : again();
}

/** Something documents can be looked up in by rowid. */
export interface DocLookup {
  get(rowid: number): CachedDoc | undefined;
}

/**
 * The documents of an index as a lookup: this process's cache when it has one (brought up to
 * date), else single reads from the store, so that a one-off query in a short-lived process
 * does not load every document.
 */
export function docLookup(db: Database.Database, indexRowid: number): DocLookup {
  if (caches.get(db)?.has(indexRowid)) return indexDocs(db, indexRowid).docs;
  const load = sql(db, `SELECT ${COLUMNS} FROM search_documents WHERE rowid = ? AND index_rowid = ?`);
  return {
    get(rowid) {
      const row = load.get(rowid, indexRowid) as DocRow | undefined;
      return row ? toCached(row) : undefined;
    },
  };
}

/** Whether some document of an index has an access control list. */
export function hasRestrictedDocs(db: Database.Database, indexRowid: number): boolean {
  const cached = caches.get(db)?.get(indexRowid);
  if (cached) return indexDocs(db, indexRowid).restricted.size > 0;
  return sql(db, 'SELECT 1 FROM search_documents WHERE index_rowid = ? AND acl IS NOT NULL LIMIT 1').get(indexRowid) !== undefined;
}

/**
 * Whether some document of an index has a `_language_code` other than English (one without is
 * English): from the index's document cache when it is loaded, else from the partial SQL index
 * of such documents (one probe; loading the cache for it would hold every document's attributes
 * in memory for a query that needs none of them).
 */
export function hasOtherLanguageDocs(db: Database.Database, indexRowid: number): boolean {
  const cached = caches.get(db)?.get(indexRowid);
  if (cached) return indexDocs(db, indexRowid).otherLanguage.size > 0;
  return (
    sql(db, `SELECT 1 FROM search_documents WHERE index_rowid = ? AND json_extract(attributes, '$._language_code.v') != 'en' LIMIT 1`).get(indexRowid) !==
    undefined
  );
}

/** Drops the cache of an index (after it was purged). */
export function forgetIndexDocs(db: Database.Database, indexRowid: number): void {
  caches.get(db)?.delete(indexRowid);
}
