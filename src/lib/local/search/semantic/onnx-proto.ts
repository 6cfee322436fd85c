import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The few ONNX protobuf messages a model graph needs, written by hand: a varint/length-delimited
 * encoder and one function per message (field numbers from onnx.proto3). Enough to describe a
 * graph of standard operators with float32/float16/int64 initialisers; nothing is ever parsed.
 */

/** ONNX tensor element types used here (TensorProto.DataType). */
export const ELEM = { FLOAT: 1, INT64: 7, FLOAT16: 10 } as const;

/** A field of a message, serialised only once the whole model is (so large tensors are copied once). */
export type Field = Uint8Array | Nested | Deferred;

/** Bytes of a known size made only when written (a large tensor), so that one exists at a time. */
export interface Deferred {
  size: number;
  produce(): Uint8Array;
}

/** A length-delimited field whose content is other fields. */
export interface Nested {
  header: Uint8Array;
  parts: Field[];
  size: number;
}

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

function sizeOf(field: Field): number {
  if (field instanceof Uint8Array) return field.length;
  return 'produce' in field ? field.size : field.header.length + field.size;
}

/** A message: its fields, kept as they are until written. */
function concat(parts: Field[]): Nested {
  let size = 0;
  for (const part of parts) size += sizeOf(part);
  return { header: new Uint8Array(0), parts, size };
}

/** Writes a field out in order, piece by piece. */
function writeOut(field: Field, sink: (bytes: Uint8Array) => void): void {
  if (field instanceof Uint8Array) sink(field);
  else if ('produce' in field) {
    const bytes = field.produce();
    if (bytes.length !== field.size) throw new Error(`a deferred field made ${bytes.length} bytes, not the ${field.size} announced`);
    sink(bytes);
  } else {
    sink(field.header);
    for (const part of field.parts) writeOut(part, sink);
  }
}

function intField(field: number, value: number | bigint): Field {
  return Uint8Array.from([...varint(field << 3), ...varint(value)]);
}

function bytesField(field: number, bytes: Field): Field {
  // a message (no header of its own) is its fields; anything else is one field
  const message = !(bytes instanceof Uint8Array) && !('produce' in bytes) && bytes.header.length === 0;
  const content = message ? (bytes as Nested).parts : [bytes];
  const size = sizeOf(bytes);
  return { header: Uint8Array.from([...varint((field << 3) | 2), ...varint(size)]), parts: content, size };
}

function stringField(field: number, text: string): Field {
  return bytesField(field, new TextEncoder().encode(text));
}

function floatField(field: number, value: number): Field {
  const bytes = new Uint8Array(5);
  bytes[0] = (field << 3) | 5;
  new DataView(bytes.buffer).setFloat32(1, value, true);
  return bytes;
}

/** A node attribute: an integer, a float or a list of integers. */
export type AttributeValue = { int: number } | { float: number } | { ints: readonly number[] };

function attribute(name: string, value: AttributeValue): Field {
  if ('int' in value) return concat([stringField(1, name), intField(3, value.int), intField(20, 2)]);
  if ('float' in value) return concat([stringField(1, name), floatField(2, value.float), intField(20, 1)]);
  return concat([stringField(1, name), ...value.ints.map((v) => intField(8, v)), intField(20, 7)]);
}

/** A NodeProto. */
export function node(opType: string, inputs: readonly string[], outputs: readonly string[], attributes: Record<string, AttributeValue> = {}): Field {
  return concat([
    ...inputs.map((name) => stringField(1, name)),
    ...outputs.map((name) => stringField(2, name)),
    stringField(3, outputs[0]!),
    stringField(4, opType),
    ...Object.entries(attributes).map(([name, value]) => bytesField(5, attribute(name, value))),
  ]);
}

/** Float16 values (their IEEE 754 bits), made only when written. */
export interface HalfData {
  half(): Uint16Array;
}

/**
 * A TensorProto with its data raw (little-endian), as an initialiser; a function gives float32
 * data, and {@link HalfData} float16 data, only when written.
 */
export function tensor(name: string, dims: readonly number[], data: Float32Array | BigInt64Array | (() => Float32Array) | HalfData): Field {
  const elem = data instanceof BigInt64Array ? ELEM.INT64 : 'half' in data ? ELEM.FLOAT16 : ELEM.FLOAT;
  const count = dims.reduce((product, dim) => product * dim, 1);
  const bytes = (values: Float32Array | Uint16Array) => new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const raw: Field =
    typeof data === 'function'
      ? { size: count * 4, produce: () => bytes(data()) }
      : 'half' in data
        ? { size: count * 2, produce: () => bytes(data.half()) }
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return concat([...dims.map((dim) => intField(1, dim)), intField(2, elem), stringField(8, name), bytesField(9, raw)]);
}

/** A ValueInfoProto: a graph input or output, its dimensions numbers or symbolic names. */
export function valueInfo(name: string, elem: number, dims: ReadonlyArray<number | string>): Field {
  const shape = concat(dims.map((dim) => bytesField(1, typeof dim === 'number' ? intField(1, dim) : stringField(2, dim))));
  const tensorType = concat([intField(1, elem), bytesField(2, shape)]);
  return concat([stringField(1, name), bytesField(2, bytesField(1, tensorType))]);
}

/** What a graph is made of. */
export interface GraphParts {
  nodes: Field[];
  initializers: Field[];
  inputs: Field[];
  outputs: Field[];
}

/** A serialised ModelProto (IR version 8) of one graph in the default domain at `opset`. */
export function modelBytes(graphName: string, parts: GraphParts, opset: number): Uint8Array {
  const model = modelMessage(graphName, parts, opset);
  const out = new Uint8Array(model.size);
  let at = 0;
  writeOut(model, (bytes) => {
    out.set(bytes, at);
    at += bytes.length;
  });
  return out;
}

/** Writes the ModelProto of {@link modelBytes} to a file, making each deferred tensor only as it is written. */
export function writeModel(path: string, graphName: string, parts: GraphParts, opset: number): void {
  const fd = openSync(path, 'w');
  try {
    writeOut(modelMessage(graphName, parts, opset), (bytes) => {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    });
  } finally {
    closeSync(fd);
  }
}

function modelMessage(graphName: string, parts: GraphParts, opset: number): Nested {
  const graph = concat([
    ...parts.nodes.map((n) => bytesField(1, n)),
    stringField(2, graphName),
    ...parts.initializers.map((t) => bytesField(5, t)),
    ...parts.inputs.map((v) => bytesField(11, v)),
    ...parts.outputs.map((v) => bytesField(12, v)),
  ]);
  const opsetId = concat([stringField(1, ''), intField(2, opset)]);
  return concat([intField(1, 8), stringField(2, 'nimbus'), bytesField(7, graph), bytesField(8, opsetId)]);
}
