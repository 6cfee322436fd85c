import { createHash } from 'node:crypto';

/** Writes `value` as JSON with object keys in order, blobs as base64 and dates as ISO text, into `hash`. */
function feed(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (value instanceof Uint8Array) {
    hash.update('b');
    hash.update(String(value.byteLength));
    hash.update(':');
    hash.update(value);
  } else if (value instanceof Date) hash.update(JSON.stringify(value.toISOString()));
  else if (Array.isArray(value)) {
    hash.update('[');
    for (const item of value) {
      feed(hash, item);
      hash.update(',');
    }
    hash.update(']');
  } else if (value !== null && typeof value === 'object') {
    hash.update('{');
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      hash.update(JSON.stringify(key));
      hash.update(':');
      feed(hash, member);
      hash.update(',');
    }
    hash.update('}');
  } else hash.update(JSON.stringify(value) ?? 'undefined');
}

/**
 * The SHA-256 (hex) of what is sent for an item: every member, content, title, attributes and
 * access control included, whatever the order of object keys; two values that send the same
 * request have the same fingerprint.
 */
export function fingerprint(value: unknown): string {
  const hash = createHash('sha256');
  feed(hash, value);
  return hash.digest('hex');
}
