import { ELEM, node, tensor, valueInfo, writeModel, type GraphParts } from './onnx-proto.js';
import type { Weight } from './safetensors.js';

/** The shape of a BERT encoder such as all-MiniLM-L6-v2 (from its config.json). */
export interface BertConfig {
  hidden_size: number;
  num_attention_heads: number;
  num_hidden_layers: number;
  intermediate_size: number;
  layer_norm_eps: number;
}

/**
 * Writes to `path` the ONNX graph (opset 17) of a sentence-transformers BERT encoder with mean pooling and L2
 * normalisation, from its weights: inputs `input_ids` and `attention_mask` (int64, batch ×
 * tokens), output `embeddings` (float32, batch × hidden). Token type ids are all zero, as for
 * single sentences. The attention scale 1/√d is folded into the query projection, and linear
 * weights are stored transposed for MatMul. Each weight is read and converted only as the file
 * is written, so about one tensor is held at a time besides the weights file.
 */
export function writeBertGraph(path: string, weights: ReadonlyMap<string, Weight>, config: BertConfig): void {
  const hidden = config.hidden_size;
  const heads = config.num_attention_heads;
  const headSize = hidden / heads;
  const parts: GraphParts = { nodes: [], initializers: [], inputs: [], outputs: [] };
  const weight = (name: string): Weight => {
    const found = weights.get(name);
    if (!found) throw new Error(`the model's weights have no tensor ${name}`);
    return found;
  };
  const init = (name: string, dims: number[], data: Parameters<typeof tensor>[2]): string => {
    parts.initializers.push(tensor(name, dims, data));
    return name;
  };
  let counter = 0;
  const op = (type: string, inputs: string[], attributes: Parameters<typeof node>[3] = {}): string => {
    const out = `t${counter++}`;
    parts.nodes.push(node(type, inputs, [out], attributes));
    return out;
  };
  const transposed = (name: string, scale = 1): string => {
    const { shape, read } = weight(name);
    const [rows, cols] = shape as [number, number];
    return init(name, [cols, rows], () => {
      const data = read();
      const out = new Float32Array(rows * cols);
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = data[r * cols + c]! * scale;
      return out;
    });
  };
  const vector = (name: string, scale = 1): string => {
    const { shape, read } = weight(name);
    return init(name, shape, () => (scale === 1 ? read() : read().map((v) => v * scale)));
  };
  const linear = (input: string, prefix: string, scale = 1) =>
    op('Add', [op('MatMul', [input, transposed(`${prefix}.weight`, scale)]), vector(`${prefix}.bias`, scale)]);
  const layerNorm = (input: string, prefix: string) =>
    op('LayerNormalization', [input, vector(`${prefix}.weight`), vector(`${prefix}.bias`)], { axis: { int: -1 }, epsilon: { float: config.layer_norm_eps } });
  const scalar = (name: string, value: number) => init(name, [], Float32Array.of(value));
  const ints = (name: string, values: number[]) => init(name, [values.length], BigInt64Array.from(values.map(BigInt)));

  parts.inputs.push(valueInfo('input_ids', ELEM.INT64, ['batch', 'tokens']), valueInfo('attention_mask', ELEM.INT64, ['batch', 'tokens']));
  parts.outputs.push(valueInfo('embeddings', ELEM.FLOAT, ['batch', hidden]));

  // embeddings: words + positions [0, tokens) + token type 0, normalised
  const tokens = op('Slice', [op('Shape', ['input_ids']), ints('one', [1]), ints('two', [2])]);
  const positions = op('Slice', [vector('embeddings.position_embeddings.weight'), ints('zero', [0]), tokens, ints('zero_axis', [0])]);
  const typeZero = init('token_type_zero', [hidden], () => weight('embeddings.token_type_embeddings.weight').read().slice(0, hidden));
  // the word table, the largest weight (30,522 × 384), stays float16 in the session: only the rows of the text are widened
  const wordTable = weight('embeddings.word_embeddings.weight');
  const halfTable = wordTable.half;
  const words = halfTable
    ? op('Cast', [op('Gather', [init('embeddings.word_embeddings.weight', wordTable.shape, { half: halfTable }), 'input_ids'])], { to: { int: ELEM.FLOAT } })
    : op('Gather', [vector('embeddings.word_embeddings.weight'), 'input_ids']);
  let x = layerNorm(op('Add', [op('Add', [words, positions]), typeZero]), 'embeddings.LayerNorm');

  // padding gets -10000 before the softmax
  const mask = op('Cast', ['attention_mask'], { to: { int: ELEM.FLOAT } });
  const maskBias = op('Unsqueeze', [op('Mul', [op('Sub', [scalar('one_f', 1), mask]), scalar('minus_big', -10000)]), ints('axes_1_2', [1, 2])]);
  const splitHeads = ints('split_heads', [0, 0, heads, headSize]);
  const joinHeads = ints('join_heads', [0, 0, hidden]);
  for (let layer = 0; layer < config.num_hidden_layers; layer++) {
    const p = `encoder.layer.${layer}`;
    const heads4 = (input: string, perm: number[]) => op('Transpose', [op('Reshape', [input, splitHeads])], { perm: { ints: perm } });
    const q = heads4(linear(x, `${p}.attention.self.query`, 1 / Math.sqrt(headSize)), [0, 2, 1, 3]);
    const k = heads4(linear(x, `${p}.attention.self.key`), [0, 2, 3, 1]);
    const v = heads4(linear(x, `${p}.attention.self.value`), [0, 2, 1, 3]);
    const probs = op('Softmax', [op('Add', [op('MatMul', [q, k]), maskBias])], { axis: { int: -1 } });
    const context = op('Reshape', [op('Transpose', [op('MatMul', [probs, v])], { perm: { ints: [0, 2, 1, 3] } }), joinHeads]);
    const attended = layerNorm(op('Add', [linear(context, `${p}.attention.output.dense`), x]), `${p}.attention.output.LayerNorm`);
    const inner = linear(attended, `${p}.intermediate.dense`);
    // exact GELU: x · ½ · (1 + erf(x / √2))
    const gelu = op('Mul', [
      op('Mul', [inner, op('Add', [op('Erf', [op('Div', [inner, scalar(`sqrt2_${layer}`, Math.SQRT2)])]), scalar(`one_${layer}`, 1)])]),
      scalar(`half_${layer}`, 0.5),
    ]);
    x = layerNorm(op('Add', [linear(gelu, `${p}.output.dense`), attended]), `${p}.output.LayerNorm`);
  }

  // mean over the real tokens, then unit length
  const mask3 = op('Unsqueeze', [mask, ints('axis_2', [2])]);
  const summed = op('ReduceSum', [op('Mul', [x, mask3]), ints('axis_1', [1])], { keepdims: { int: 0 } });
  const count = op('Max', [op('ReduceSum', [mask3, 'axis_1'], { keepdims: { int: 0 } }), scalar('tiny', 1e-9)]);
  parts.nodes.push(node('LpNormalization', [op('Div', [summed, count])], ['embeddings'], { axis: { int: -1 }, p: { int: 2 } }));
  writeModel(path, 'minilm', parts, 17);
}
