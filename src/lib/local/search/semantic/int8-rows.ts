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
   * The dot product of `query` (int8, `dimension` values) with each of the first `count` rows,
   * each multiplied by `scale(row)`: `into[row] = dot × scale(row)`.
   */
  scaledDots(query: Int8Array, count: number, scales: Float32Array, queryScale: number, into: Float32Array): void {
    const widened = new Int16Array(this.memory.buffer, 0, this.stride);
    widened.fill(0);
    widened.set(query);
    const out = new Int32Array(this.memory.buffer, this.outAt, CHUNK);
    for (let first = 0; first < count; first += CHUNK) {
      const rows = Math.min(CHUNK, count - first);
      this.dots(0, this.rowsAt + first * this.stride, this.stride, rows, this.outAt);
      // the combined scale rounded to float32 first, as onnxruntime's scorer did: the same similarities to the last bit
      for (let i = 0; i < rows; i++) into[first + i] = out[i]! * Math.fround(scales[first + i]! * queryScale);
    }
  }
}
