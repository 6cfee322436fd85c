import { quantise, type IndexVectors } from './vector-index.js';

/** A query's cosine similarities to the vectors of an index. */
export interface Similarities {
  /** The rows at least as similar as asked, in row order. */
  nearRows: Int32Array;
  /** Their similarities, by position in `nearRows`. */
  nearSims: Float32Array;
  /** The similarity of any row (the value the scan gives it). */
  of(row: number): number;
}

/**
 * The cosine similarity of a unit query vector with every vector of an index (int8 on both
 * sides: within about 0.01 of the float32 value): SIMD dot products in WebAssembly (see
 * `int8-dots.ts`), scaled back by each vector's scale. Exhaustive, so every filter can be
 * applied to the result exactly; the rows at least `min` similar are listed, any other row's
 * similarity is computed when asked for.
 */
export function similarities(vectors: IndexVectors, query: Float32Array, min: number): Similarities {
  const { count, dimension, rows, scales } = vectors;
  const q = new Int8Array(dimension);
  const queryScale = quantise(query, q, 0);
  const near = count > 0 ? rows.near(q, count, scales, queryScale, min) : { rows: new Int32Array(0), sims: new Float32Array(0) };
  return { nearRows: near.rows, nearSims: near.sims, of: (row) => rows.similarity(q, row, scales[row]!, queryScale) };
}
