import { loadRuntime, type OnnxRuntime } from './builtin-model.js';
import { modelBytes, node, valueInfo } from './onnx-proto.js';
import { quantise, type IndexVectors } from './vector-index.js';

const INT8 = 3;
const FLOAT = 1;

type Session = Awaited<ReturnType<OnnxRuntime['InferenceSession']['create']>>;
let scorer: Promise<{ ort: OnnxRuntime; session: Session } | null> | undefined;

/**
 * The scoring graph: int8 vectors × int8 query (MatMulInteger, which onnxruntime runs with SIMD),
 * scaled back to cosine similarities by each vector's scale.
 */
function scoringGraph(): Uint8Array {
  return modelBytes(
    'similarity',
    {
      nodes: [
        node('MatMulInteger', ['vectors', 'query'], ['dots']),
        node('Cast', ['dots'], ['dots_f'], { to: { int: FLOAT } }),
        node('Mul', ['dots_f', 'scales'], ['scores']),
      ],
      initializers: [],
      inputs: [valueInfo('vectors', INT8, ['rows', 'dimension']), valueInfo('query', INT8, ['dimension', 1]), valueInfo('scales', FLOAT, ['rows', 1])],
      outputs: [valueInfo('scores', FLOAT, ['rows', 1])],
    },
    17,
  );
}

/** onnxruntime's scorer, or null when onnxruntime-node is not installed (then JavaScript scores). */
function loadScorer(): Promise<{ ort: OnnxRuntime; session: Session } | null> {
  scorer ??= loadRuntime().then(
    async (ort) => ({ ort, session: await ort.InferenceSession.create(scoringGraph(), { intraOpNumThreads: 1, interOpNumThreads: 1 }) }),
    () => null,
  );
  return scorer;
}

/**
 * The cosine similarity of a unit query vector with every vector of an index (int8 on both
 * sides: within about 0.01 of the float32 value), by row. Exhaustive, so every filter can be
 * applied to the result exactly.
 */
export async function similarities(vectors: IndexVectors, query: Float32Array): Promise<Float32Array> {
  const { count, dimension } = vectors;
  const q = new Int8Array(dimension);
  const queryScale = quantise(query, q, 0);
  if (count === 0) return new Float32Array(0);
  const loaded = await loadScorer();
  if (loaded) {
    const { ort, session } = loaded;
    const scales = new Float32Array(count);
    for (let i = 0; i < count; i++) scales[i] = vectors.scales[i]! * queryScale;
    const out = await session.run({
      vectors: new ort.Tensor('int8', vectors.data.subarray(0, count * dimension), [count, dimension]),
      query: new ort.Tensor('int8', q, [dimension, 1]),
      scales: new ort.Tensor('float32', scales, [count, 1]),
    });
    return out.scores!.data as Float32Array;
  }
  const scores = new Float32Array(count);
  const data = vectors.data;
  for (let row = 0, at = 0; row < count; row++, at += dimension) {
    let sum = 0;
    for (let k = 0; k < dimension; k++) sum += data[at + k]! * q[k]!;
    scores[row] = sum * vectors.scales[row]! * queryScale;
  }
  return scores;
}
