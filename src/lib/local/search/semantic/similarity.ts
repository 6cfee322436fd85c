import { quantise, type IndexVectors } from './vector-index.js';

/**
 * The cosine similarity of a unit query vector with every vector of an index (int8 on both
 * sides: within about 0.01 of the float32 value), by row: SIMD dot products in WebAssembly
 * (see `int8-dots.ts`), scaled back by each vector's scale. Exhaustive, so every filter can be
 * applied to the result exactly.
 */
export function similarities(vectors: IndexVectors, query: Float32Array): Float32Array {
  const { count, dimension } = vectors;
  const q = new Int8Array(dimension);
  const queryScale = quantise(query, q, 0);
  const scores = new Float32Array(count);
  if (count > 0) vectors.rows.scaledDots(q, count, vectors.scales, queryScale, scores);
  return scores;
}
