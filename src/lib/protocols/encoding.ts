/** Byte, text and URI encodings shared by the protocols. */
import { ProtocolError } from '../errors/protocol-error.js';

/** The bytes of a blob value: a `Uint8Array`/`Buffer` as is, a string as UTF-8. */
export function blobBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  throw new TypeError(`expected bytes (Uint8Array, Buffer or string), got ${describeType(value)}`);
}

/** Base64 of a blob value (see {@link blobBytes}). */
export function toBase64(value: unknown): string {
  const bytes = blobBytes(value);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes a base64 string encodes, as a Buffer (a Uint8Array). */
export function fromBase64(text: string): Buffer {
  return Buffer.from(text, 'base64');
}

/** UTF-8 text of a body. */
export function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * The JSON object of an operation's response body (`{}` when empty); ProtocolError when it is
 * not JSON (cut short, or another kind of document) or not an object.
 */
export function parseJsonBody(operation: string, body: Uint8Array): unknown {
  if (body.byteLength === 0) return {};
  let document: unknown;
  try {
    document = JSON.parse(utf8(body));
  } catch {
    throw new ProtocolError(`The ${operation} response body is not valid JSON: it was cut short or is not a service response`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new ProtocolError(`The ${operation} response body is JSON but not an object`);
  }
  return document;
}

/** Characters `encodeURIComponent` keeps that RFC 3986 (and botocore) encode. */
const EXTRA_RESERVED = /[!'()*]/g;

function hex(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Percent-encodes a URI label: everything but unreserved characters (`A-Z a-z 0-9 - _ . ~`);
 * a greedy label also keeps `/`.
 */
export function encodeLabel(value: string, greedy: boolean): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(value).replace(EXTRA_RESERVED, hex);
  } catch {
    throw new ProtocolError('A URI label cannot hold a lone UTF-16 surrogate');
  }
  return greedy ? encoded.replace(/%2F/g, '/') : encoded;
}

/** A short description of a value's type for messages (never the value itself). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'Date';
  if (value instanceof Uint8Array) return 'Uint8Array';
  return typeof value;
}
