import { iso8601 } from '../../protocols/timestamps.js';

/**
 * A result as plain JSON data: without `$metadata`, timestamps as ISO 8601 text, binary data
 * as base64 (as the service sends it).
 */
export function toPlain(value: unknown): unknown {
  if (value instanceof Date) return iso8601(value);
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') {
    const plain: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key !== '$metadata' && item !== undefined) plain[key] = toPlain(item);
    }
    return plain;
  }
  return value;
}
