import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { Int8Rows } from './int8-rows.js';

/**
 * An index's passage vectors in memory, quantised to int8 (one scale per vector: a quarter of
 * the float32 size, and a quarter of the memory read per query) in WebAssembly memory (see
 * `Int8Rows`), with each passage's document and place. Kept up to date from `search_passages`:
 * vectors written since are appended (by their sequence number); when any was removed (a
 * document deleted or replaced, the provider changed), it is read again whole.
 */
export interface IndexVectors {
  dimension: number;
  count: number;
  rows: Int8Rows;
  scales: Float32Array;
  passageRowids: Int32Array;
  docRowids: Int32Array;
  ordinals: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** The rows of each document. */
  docRows: Map<number, number[]>;
  lastSeq: number;
  removed: number;
}

const caches = new WeakMap<Database.Database, Map<number, IndexVectors>>();

/** The per-row arrays besides the vectors themselves. */
const ROW_ARRAYS = ['scales', 'passageRowids', 'docRowids', 'ordinals', 'starts', 'ends'] as const;

function empty(dimension: number, removed: number): IndexVectors {
  return {
    dimension,
    count: 0,
    rows: new Int8Rows(dimension),
    scales: new Float32Array(0),
    passageRowids: new Int32Array(0),
    docRowids: new Int32Array(0),
    ordinals: new Int32Array(0),
    starts: new Int32Array(0),
    ends: new Int32Array(0),
    docRows: new Map(),
    lastSeq: 0,
    removed,
  };
}

/** Room for `needed` rows: exactly that many when reading from nothing, else at least a quarter more (appends come in small steps). */
function grown(vectors: IndexVectors, needed: number): IndexVectors {
  if (needed <= vectors.scales.length) return vectors;
  const capacity = vectors.count === 0 ? needed : Math.max(needed, Math.ceil(vectors.scales.length * 1.25));
  vectors.rows.reserve(capacity);
  const bigger: IndexVectors = { ...vectors };
  for (const key of ROW_ARRAYS) {
    const array = key === 'scales' ? new Float32Array(capacity) : new Int32Array(capacity);
    (array as Int32Array).set((vectors[key] as Int32Array).subarray(0, vectors.count));
    (bigger[key] as Int32Array) = array as Int32Array;
  }
  return bigger;
}

/** Quantises a unit vector to int8 with its own scale (largest component → 127). */
export function quantise(vector: Float32Array, into: Int8Array, at: number): number {
  let max = 0;
  for (const value of vector) if (Math.abs(value) > max) max = Math.abs(value);
  const scale = max > 0 ? max / 127 : 1;
  for (let i = 0; i < vector.length; i++) into[at + i] = Math.round(vector[i]! / scale);
  return scale;
}

interface VectorRow {
  rowid: number;
  doc_rowid: number;
  ordinal: number;
  start: number;
  end: number;
  vector: Buffer;
  embedded_seq: number;
}

/**
 * The vectors of an index in the data dir's current space, refreshed as described at
 * {@link IndexVectors}. The rows are read one at a time (never all float32 vectors at once).
 */
export function indexVectors(db: Database.Database, indexRowid: number, dimension: number): IndexVectors {
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map()));
  const removed = (sql(db, 'SELECT removed FROM search_vector_removals WHERE index_rowid = ?').pluck().get(indexRowid) as number | undefined) ?? 0;
  let vectors = perDb.get(indexRowid);
  if (!vectors || vectors.removed !== removed || vectors.dimension !== dimension) vectors = empty(dimension, removed);
  const where = 'WHERE index_rowid = ? AND vector IS NOT NULL AND embedded_seq > ?';
  const added = sql(db, `SELECT count(*) FROM search_passages INDEXED BY search_passages_vectors ${where}`).pluck().get(indexRowid, vectors.lastSeq) as number;
  if (added > 0) {
    vectors = grown(vectors, vectors.count + added);
    const scratch = new Float32Array(dimension);
    const rows = sql(
      db,
      `SELECT rowid, doc_rowid, ordinal, start, end, vector, embedded_seq FROM search_passages INDEXED BY search_passages_vectors ${where} ORDER BY embedded_seq`,
    ).iterate(indexRowid, vectors.lastSeq) as IterableIterator<VectorRow>;
    for (const row of rows) {
      // rows committed since the count wait for the next refresh
      if (vectors.count === vectors.scales.length) break;
      if (row.vector.byteLength !== dimension * 4) continue;
      const at = vectors.count++;
      new Uint8Array(scratch.buffer).set(row.vector);
      vectors.scales[at] = quantise(scratch, vectors.rows.row(at), 0);
      vectors.passageRowids[at] = row.rowid;
      vectors.docRowids[at] = row.doc_rowid;
      vectors.ordinals[at] = row.ordinal;
      vectors.starts[at] = row.start;
      vectors.ends[at] = row.end;
      const list = vectors.docRows.get(row.doc_rowid);
      if (list) list.push(at);
      else vectors.docRows.set(row.doc_rowid, [at]);
      vectors.lastSeq = row.embedded_seq;
    }
  }
  perDb.set(indexRowid, vectors);
  return vectors;
}
