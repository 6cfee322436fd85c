import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';

/**
 * An index's passage vectors in memory, quantised to int8 (one scale per vector: a quarter of
 * the float32 size, and a quarter of the memory read per query), with each passage's document
 * and place. Kept up to date from `search_passages`: vectors written since are appended (by
 * their sequence number); when any was removed (a document deleted or replaced, the provider
 * changed), it is read again whole.
 */
export interface IndexVectors {
  dimension: number;
  count: number;
  data: Int8Array;
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

function empty(dimension: number, capacity: number): IndexVectors {
  return {
    dimension,
    count: 0,
    data: new Int8Array(capacity * dimension),
    scales: new Float32Array(capacity),
    passageRowids: new Int32Array(capacity),
    docRowids: new Int32Array(capacity),
    ordinals: new Int32Array(capacity),
    starts: new Int32Array(capacity),
    ends: new Int32Array(capacity),
    docRows: new Map(),
    lastSeq: 0,
    removed: 0,
  };
}

function grown(vectors: IndexVectors, needed: number): IndexVectors {
  if (needed <= vectors.scales.length) return vectors;
  const bigger = empty(vectors.dimension, Math.max(needed, vectors.scales.length * 2, 1024));
  bigger.data.set(vectors.data.subarray(0, vectors.count * vectors.dimension));
  for (const key of ['scales', 'passageRowids', 'docRowids', 'ordinals', 'starts', 'ends'] as const)
    (bigger[key] as Int32Array).set((vectors[key] as Int32Array).subarray(0, vectors.count));
  return { ...bigger, count: vectors.count, docRows: vectors.docRows, lastSeq: vectors.lastSeq, removed: vectors.removed };
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

/** The vectors of an index in the data dir's current space, refreshed as described at {@link IndexVectors}. */
export function indexVectors(db: Database.Database, indexRowid: number, dimension: number): IndexVectors {
  let perDb = caches.get(db);
  if (!perDb) caches.set(db, (perDb = new Map()));
  const removed = (sql(db, 'SELECT removed FROM search_vector_removals WHERE index_rowid = ?').pluck().get(indexRowid) as number | undefined) ?? 0;
  let vectors = perDb.get(indexRowid);
  if (!vectors || vectors.removed !== removed || vectors.dimension !== dimension) vectors = { ...empty(dimension, 0), removed };
  const rows = sql(
    db,
    `SELECT rowid, doc_rowid, ordinal, start, end, vector, embedded_seq FROM search_passages INDEXED BY search_passages_vectors
     WHERE index_rowid = ? AND vector IS NOT NULL AND embedded_seq > ? ORDER BY embedded_seq`,
  ).all(indexRowid, vectors.lastSeq) as VectorRow[];
  if (rows.length > 0) {
    vectors = grown(vectors, vectors.count + rows.length);
    const scratch = new Float32Array(dimension);
    for (const row of rows) {
      if (row.vector.byteLength !== dimension * 4) continue;
      const at = vectors.count++;
      new Uint8Array(scratch.buffer).set(row.vector);
      vectors.scales[at] = quantise(scratch, vectors.data, at * dimension);
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
