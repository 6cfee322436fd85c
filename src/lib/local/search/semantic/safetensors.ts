/** One tensor of a safetensors file: its shape, and its values as float32, decoded on each call (so that no more than one is held at a time). */
export interface Weight {
  shape: number[];
  read(): Float32Array;
  /** A float16 tensor's values as stored (their bits), copied on each call; undefined for a float32 tensor. */
  half: (() => Uint16Array) | undefined;
}

/** Converts one IEEE 754 half-precision value to a number. */
function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** Every float16 value once, as float32: conversion is one table look-up per weight. */
let halfTable: Float32Array | undefined;

/**
 * The float16 and float32 tensors of a safetensors file (an 8-byte header length, a JSON
 * header, then the raw little-endian data), by name, each read as float32 when asked. Other
 * types are skipped.
 */
export function readSafetensors(file: Uint8Array): Map<string, Weight> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerLength))) as Record<
    string,
    { dtype: string; shape: number[]; data_offsets: [number, number] }
  >;
  const base = 8 + headerLength;
  const weights = new Map<string, Weight>();
  for (const [name, entry] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const [start, end] = entry.data_offsets;
    if (entry.dtype !== 'F16' && entry.dtype !== 'F32') continue;
    const half = entry.dtype === 'F16';
    const count = (end - start) / (half ? 2 : 4);
    const read = (): Float32Array => {
      const data = new Float32Array(count);
      if (half) {
        halfTable ??= Float32Array.from({ length: 65536 }, (_, bits) => halfToFloat(bits));
        for (let i = 0; i < count; i++) data[i] = halfTable[view.getUint16(base + start + i * 2, true)]!;
      } else {
        for (let i = 0; i < count; i++) data[i] = view.getFloat32(base + start + i * 4, true);
      }
      return data;
    };
    const half16 = () => {
      const data = new Uint16Array(count);
      for (let i = 0; i < count; i++) data[i] = view.getUint16(base + start + i * 2, true);
      return data;
    };
    weights.set(name, { shape: entry.shape, read, half: half ? half16 : undefined });
  }
  return weights;
}
