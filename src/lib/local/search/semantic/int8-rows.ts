import { dotsIn, wasmMemory, type DotsFunction, type WasmMemory } from './int8-dots.js';

/** Rows scored per call of the SIMD function: the size of its output area. */
const CHUNK = 4096;
const PAGE = 65_536;

/**
 * Int8 vectors kept in WebAssembly memory, where the SIMD dot products read them in place
 * (see `int8-dots.ts`). Each row takes `stride` bytes: the dimension rounded up to 16, the rest
 * zeros. The memory grows in place as rows are added; it holds, in order, the widened query,
 * the output area of one chunk, then the rows.
 */
export class Int8Rows {
  /** Bytes per row. */
  readonly stride: number;
  private readonly memory: WasmMemory;
  private readonly dots: DotsFunction;
  private readonly outAt: number;
  private readonly rowsAt: number;
  private rowCapacity = 0;
  /** The query whose widened copy is in memory now (each query writes its own before scoring). */
  private widenedFor: Int8Array | undefined;
  /** The first int32 of the output area (made again when the memory grows, which detaches views). */
  private firstOut = new Int32Array(0);

  constructor(readonly dimension: number) {
    this.stride = Math.ceil(dimension / 16) * 16;
    this.outAt = this.stride * 2;
    this.rowsAt = this.outAt + CHUNK * 4;
    this.memory = wasmMemory(Math.ceil(this.rowsAt / PAGE));
    this.dots = dotsIn(this.memory);
  }

  /** How many rows fit without growing. */
  get capacity(): number {
    return this.rowCapacity;
  }

  /** Makes room for at least `rows` rows (the memory grows in place; rows already written stay). */
  reserve(rows: number): void {
    if (rows <= this.rowCapacity) return;
    const needed = Math.ceil((this.rowsAt + rows * this.stride) / PAGE);
    const pages = this.memory.buffer.byteLength / PAGE;
    if (needed > pages) this.memory.grow(needed - pages);
    this.rowCapacity = Math.floor((this.memory.buffer.byteLength - this.rowsAt) / this.stride);
  }

  /** Row `row`'s bytes, to write (valid until the next `reserve`). */
  row(row: number): Int8Array {
    return new Int8Array(this.memory.buffer, this.rowsAt + row * this.stride, this.dimension);
  }

  /**
   * The rows among the first `count` whose similarity to `query` (int8, `dimension` values) is
   * at least `min`, with their similarities: each row's dot product times its scale and the
   * query's (the combined scale rounded to float32 first, as onnxruntime's scorer did: the same
   * similarities to the last bit). Only those rows are kept, so a query allocates little.
   */
  near(query: Int8Array, count: number, scales: Float32Array, queryScale: number, min: number): { rows: Int32Array; sims: Float32Array } {
    this.widen(query);
    const out = new Int32Array(this.memory.buffer, this.outAt, CHUNK);
    let rows = new Int32Array(256);
    let sims = new Float32Array(256);
    let found = 0;
    for (let first = 0; first < count; first += CHUNK) {
      const chunk = Math.min(CHUNK, count - first);
      this.dots(0, this.rowsAt + first * this.stride, this.stride, chunk, this.outAt);
      for (let i = 0; i < chunk; i++) {
        const sim = Math.fround(out[i]! * Math.fround(scales[first + i]! * queryScale));
        if (!(sim >= min)) continue;
        if (found === rows.length) {
          rows = grownArray(rows, found * 2);
          sims = grownArray(sims, found * 2);
        }
        rows[found] = first + i;
        sims[found++] = sim;
      }
    }
    return { rows: rows.subarray(0, found), sims: sims.subarray(0, found) };
  }

  /** The similarity of row `row` to `query`, computed as {@link near} computes it (the SIMD function on one row). */
  similarity(query: Int8Array, row: number, scale: number, queryScale: number): number {
    this.widen(query);
    this.dots(0, this.rowsAt + row * this.stride, this.stride, 1, this.outAt);
    if (this.firstOut.buffer !== this.memory.buffer) this.firstOut = new Int32Array(this.memory.buffer, this.outAt, 1);
    return Math.fround(this.firstOut[0]! * Math.fround(scale * queryScale));
  }

  /** Writes `query` widened to int16 where the SIMD function reads it, unless it is there already. */
  private widen(query: Int8Array): void {
    if (this.widenedFor === query) return;
    const widened = new Int16Array(this.memory.buffer, 0, this.stride);
    widened.fill(0);
    widened.set(query);
    this.widenedFor = query;
  }
}

function grownArray<T extends Int32Array | Float32Array>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}
