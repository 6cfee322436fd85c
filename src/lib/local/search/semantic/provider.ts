/**
 * Where embeddings come from. Passages are embedded in the background (`embedPassages`, in
 * batches), queries while the request waits (`embedQuery`). Vectors are unit length.
 */
export interface EmbeddingProvider {
  /** What the vectors are: provider, model and dimension; vectors of another identity are never compared with these. */
  readonly identity: string;
  /** How many passages one background batch holds. */
  readonly batchSize: number;
  /** How many batches may be embedded at once (the builtin model: one per core). */
  readonly parallelism: number;
  embedPassages(texts: readonly string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  /** Stops the provider's threads or connections. */
  close(): Promise<void>;
}

/** A provider that could not embed; `permanent` when retrying cannot help (a missing package, a wrong model id). */
export class EmbeddingError extends Error {
  override name = 'EmbeddingError';

  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function unitLength(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
