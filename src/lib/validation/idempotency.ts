import { randomUUID } from 'node:crypto';
import type { OperationModel } from '../model/operation-model.js';

/** A source of random bytes, such as the `idempotency_auto_fill` callable. */
export type RandomBytes = (size: number) => Uint8Array;

/** Formats 16 random bytes as a UUID version 4 (sets the version and variant bits). */
export function uuidV4FromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new RangeError(`A UUID needs 16 random bytes, got ${bytes.length}`);
  const b = Array.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Fills each absent (`undefined` or `null`) idempotency-token member of the input with a fresh
 * UUID v4, from `randomBytes` when given, else `crypto.randomUUID()`. A supplied value is
 * kept. Returns a shallow copy when a token was filled, else the input itself (never mutated).
 */
export function fillIdempotencyTokens(op: OperationModel, input: Record<string, unknown>, randomBytes?: RandomBytes): Record<string, unknown> {
  let out = input;
  for (const name of op.idempotencyTokenMembers) {
    if (input[name] !== undefined && input[name] !== null) continue;
    if (out === input) out = { ...input };
    out[name] = randomBytes ? uuidV4FromBytes(randomBytes(16)) : randomUUID();
  }
  return out;
}
