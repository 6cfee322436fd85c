/**
 * Dot products of one int8 query with many int8 vectors, in WebAssembly SIMD (128-bit lanes,
 * which V8 compiles to SSE/AVX): each vector's 16 bytes are widened to 16-bit and multiplied
 * with the query's (kept widened) by `i32x4.dot_i16x8_s`, which sums the pairs into 32-bit
 * lanes. The module is assembled here from its instructions (no binary file, no dependency).
 *
 * `dots(query, vectors, stride, count, out)`: `query` is the query widened to int16 (`stride`
 * values), `vectors` `count` rows of `stride` int8 values (a multiple of 16), and `out` receives
 * one int32 per row. Every argument is a byte offset in the module's imported memory.
 */

const SIMD = 0xfd;

/** An unsigned LEB128 number. */
function leb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

/** A signed LEB128 number (small constants). */
function sleb(value: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const simd = (opcode: number) => [SIMD, ...leb(opcode)];
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const tee = (local: number) => [0x22, local];
const i32 = (value: number) => [0x41, ...sleb(value)];
const I32_ADD = 0x6a;
const load128 = (offset: number) => [...simd(0x00), 0, ...leb(offset)];

// locals: 0 query, 1 vectors, 2 stride, 3 count, 4 out (parameters); 5 end, 6 k (i32); 7 sum, 8 row (v128)
const QUERY = 0;
const VECTORS = 1;
const STRIDE = 2;
const COUNT = 3;
const OUT = 4;
const END = 5;
const K = 6;
const SUM = 7;
const ROW = 8;

const body = [
  // end = vectors + count * stride
  ...get(VECTORS),
  ...get(COUNT),
  ...get(STRIDE),
  0x6c, // i32.mul
  I32_ADD,
  ...set(END),
  ...[0x02, 0x40], // block
  ...[0x03, 0x40], // loop (rows)
  ...get(VECTORS),
  ...get(END),
  0x4f, // i32.ge_u
  ...[0x0d, 1], // br_if out of the block
  ...simd(0x0c),
  ...new Array<number>(16).fill(0), // v128.const 0
  ...set(SUM),
  ...i32(0),
  ...set(K),
  ...[0x03, 0x40], // loop (16 dimensions at a time)
  ...get(VECTORS),
  ...get(K),
  I32_ADD,
  ...load128(0),
  ...set(ROW),
  ...get(SUM),
  ...get(ROW),
  ...simd(0x87), // i16x8.extend_low_i8x16_s
  ...get(QUERY),
  ...get(K),
  ...i32(1),
  0x74, // i32.shl
  I32_ADD,
  ...load128(0),
  ...simd(0xba), // i32x4.dot_i16x8_s
  ...simd(0xae), // i32x4.add
  ...get(ROW),
  ...simd(0x88), // i16x8.extend_high_i8x16_s
  ...get(QUERY),
  ...get(K),
  ...i32(1),
  0x74,
  I32_ADD,
  ...load128(16),
  ...simd(0xba),
  ...simd(0xae),
  ...set(SUM),
  ...get(K),
  ...i32(16),
  I32_ADD,
  ...tee(K),
  ...get(STRIDE),
  0x49, // i32.lt_u
  ...[0x0d, 0], // br_if (next 16)
  0x0b, // end loop
  // out[row] = the four lanes' sum
  ...get(OUT),
  ...get(SUM),
  ...simd(0x1b),
  0,
  ...get(SUM),
  ...simd(0x1b),
  1,
  I32_ADD,
  ...get(SUM),
  ...simd(0x1b),
  2,
  I32_ADD,
  ...get(SUM),
  ...simd(0x1b),
  3,
  I32_ADD,
  ...[0x36, 2, 0], // i32.store
  ...get(OUT),
  ...i32(4),
  I32_ADD,
  ...set(OUT),
  ...get(VECTORS),
  ...get(STRIDE),
  I32_ADD,
  ...set(VECTORS),
  ...[0x0c, 0], // br (next row)
  0x0b, // end loop
  0x0b, // end block
  0x0b, // end function
];

const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content];
const name = (text: string) => [...leb(text.length), ...Buffer.from(text, 'utf8')];
const I32 = 0x7f;
const V128 = 0x7b;
const locals = [2, ...[2, I32], ...[2, V128]];

/** The module's bytes. */
const MODULE = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name('dots'), 0x00, 0]),
  ...section(10, [1, ...leb(locals.length + body.length), ...locals, ...body]),
]);

/** The part of WebAssembly's memory used here (the global is not in this project's type libraries). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The part of the WebAssembly global used here. */
interface WasmApi {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
let compiled: object | undefined;

/** The SIMD dot-product function's signature (see the file's comment). */
export type DotsFunction = (query: number, vectors: number, stride: number, count: number, out: number) => void;

/** A new WebAssembly memory of `pages` pages of 64 KiB, growable. */
export function wasmMemory(pages: number): WasmMemory {
  return new wasm.Memory({ initial: pages });
}

/** The SIMD dot-product function over `memory` (see the file's comment for its arguments). */
export function dotsIn(memory: WasmMemory): DotsFunction {
  compiled ??= new wasm.Module(MODULE);
  return new wasm.Instance(compiled, { env: { memory } }).exports.dots as DotsFunction;
}
