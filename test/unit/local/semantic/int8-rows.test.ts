import { strict as assert } from 'node:assert';
import { Int8Rows } from '../../../../src/lib/local/search/semantic/int8-rows.js';
import { similarities } from '../../../../src/lib/local/search/semantic/similarity.js';
import { quantise, type IndexVectors } from '../../../../src/lib/local/search/semantic/vector-index.js';

/** A deterministic unit vector. */
function unitVector(seed: number, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  let state = seed * 2654435761;
  let norm = 0;
  for (let i = 0; i < dimension; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    vector[i] = state / 2 ** 32 - 0.5;
    norm += vector[i]! * vector[i]!;
  }
  for (let i = 0; i < dimension; i++) vector[i]! /= Math.sqrt(norm);
  return vector;
}

/** Vectors of `count` rows quantised into `Int8Rows`, and the float32 originals. */
function indexOf(count: number, dimension: number, steps = 1): { vectors: IndexVectors; floats: Float32Array[] } {
  const rows = new Int8Rows(dimension);
  const scales = new Float32Array(count);
  const floats: Float32Array[] = [];
  // rows are added in several steps, each growing the memory, as appends do
  for (let step = 1; step <= steps; step++) {
    rows.reserve(Math.ceil((count * step) / steps));
    for (let row = floats.length; row < Math.ceil((count * step) / steps); row++) {
      floats.push(unitVector(row + 1, dimension));
      scales[row] = quantise(floats[row]!, rows.row(row), 0);
    }
  }
  const none = new Int32Array(count);
  return {
    vectors: {
      dimension,
      count,
      rows,
      scales,
      passageRowids: none,
      docRowids: none,
      ordinals: none,
      starts: none,
      ends: none,
      docRows: new Map(),
      lastSeq: 0,
      removed: 0,
    },
    floats,
  };
}

describe('int8 similarities in WebAssembly SIMD', () => {
  for (const [count, dimension] of [
    [1, 384],
    [9_000, 384],
    [300, 1024],
    [50, 1000],
    [20, 7],
  ] as const)
    it(`equal the int8 dot products computed one by one, within 0.01 of the float32 cosine, listing every row at least as similar as asked (${count} rows of ${dimension})`, () => {
      const { vectors, floats } = indexOf(count, dimension, 3);
      const query = unitVector(99_999, dimension);
      const min = 0.02;
      const sims = similarities(vectors, query, min);
      const q = new Int8Array(dimension);
      const queryScale = quantise(query, q, 0);
      const expectedNear: number[] = [];
      for (let row = 0; row < count; row++) {
        const stored = vectors.rows.row(row);
        let dot = 0;
        let cosine = 0;
        for (let k = 0; k < dimension; k++) {
          dot += stored[k]! * q[k]!;
          cosine += floats[row]![k]! * query[k]!;
        }
        const expected = Math.fround(dot * Math.fround(vectors.scales[row]! * queryScale));
        assert.equal(sims.of(row), expected, `row ${row}`);
        assert.ok(Math.abs(expected - cosine) < 0.01, `row ${row}: ${expected} against ${cosine}`);
        if (expected >= min) expectedNear.push(row);
      }
      assert.deepEqual([...sims.nearRows], expectedNear);
      assert.deepEqual(
        [...sims.nearSims],
        expectedNear.map((row) => sims.of(row)),
      );
    });

  it("gives each query's similarities when two queries are scored in turn (each query's own widened copy is written again)", () => {
    const { vectors } = indexOf(500, 384);
    const first = similarities(vectors, unitVector(7, 384), 0.05);
    const expected = Array.from({ length: 500 }, (_, row) => first.of(row));
    const second = similarities(vectors, unitVector(8, 384), 0.05);
    assert.notDeepEqual(
      Array.from({ length: 500 }, (_, row) => second.of(row)),
      expected,
    );
    assert.deepEqual(
      Array.from({ length: 500 }, (_, row) => first.of(row)),
      expected,
    );
  });

  it('keeps the rows written when the memory grows, and scores extreme values without overflow', () => {
    const rows = new Int8Rows(32);
    rows.reserve(1);
    rows.row(0).fill(-127);
    rows.reserve(100_000);
    assert.deepEqual([...rows.row(0)], new Array(32).fill(-127));
    const near = rows.near(new Int8Array(32).fill(-127), 1, new Float32Array([1]), 1, 0);
    assert.deepEqual([...near.rows], [0]);
    assert.equal(near.sims[0], 32 * 127 * 127);
  });
});
