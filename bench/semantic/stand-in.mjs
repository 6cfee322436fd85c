// Deterministic stand-in vectors for the bench's synthetic corpus: each word adds a pseudo-random
// direction derived from its hash, so documents sharing words have similar vectors. They stand in
// for real embeddings, which would take hours for 100,000 documents on 2 cores.
import { createHash } from 'node:crypto';

const directions = new Map();

function direction(word, dimension) {
  let found = directions.get(word);
  if (!found) {
    const bytes = createHash('sha512').update(word).digest();
    found = Float32Array.from({ length: dimension }, (_, i) => (bytes[i % 64] - 127.5) / 127.5 + (i >= 64 ? ((bytes[(i * 7) % 64] % 5) - 2) / 4 : 0));
    if (directions.size < 50_000) directions.set(word, found);
  }
  return found;
}

/** The stand-in vector of a text, `dimension` numbers. */
export function hashedEmbeddingFor(text, dimension) {
  const vector = new Array(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    const add = direction(word, dimension);
    for (let i = 0; i < dimension; i++) vector[i] += add[i];
  }
  return vector;
}
