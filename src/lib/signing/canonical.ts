/**
 * The canonical forms of SigV4: URI, query string, headers and the canonical request itself.
 * Pure functions shared by the signer and the local service's verifier.
 */

/** Text made only of RFC 3986 unreserved characters, which {@link uriEncode} keeps as they are (and with `/`). */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const UNRESERVED_OR_SLASH = /^[A-Za-z0-9\-._~/]*$/;

/** Percent-encodings of every byte value, with the RFC 3986 unreserved characters kept as is; made on first use. */
let byteEncodings: string[] | undefined;

function encodingsOfBytes(): string[] {
  byteEncodings ??= Array.from({ length: 256 }, (_, byte) => {
    const char = String.fromCharCode(byte);
    return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  });
  return byteEncodings;
}

/**
 * Percent-encodes the UTF-8 bytes of `value` as SigV4 requires (RFC 3986: everything but
 * `A-Z a-z 0-9 - . _ ~` is encoded, with upper-case hex). With `keepSlash`, `/` is kept.
 * Text with nothing to encode (the `/` path of a JSON API, most names and ids) is returned as it
 * is, without the table of encodings, which a short CLI run then never makes.
 */
export function uriEncode(value: string, keepSlash = false): string {
  if ((keepSlash ? UNRESERVED_OR_SLASH : UNRESERVED).test(value)) return value;
  const encodings = encodingsOfBytes();
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    out += keepSlash && byte === 0x2f ? '/' : encodings[byte];
  }
  return out;
}

/**
 * Removes `.` and `..` segments and collapses repeated slashes, keeping a leading slash and a
 * trailing one (when any segment remains); an empty path is `/`. Same result as botocore's
 * `normalize_url_path`.
 */
export function normalizePath(path: string): string {
  if (path === '') return '/';
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const first = path.startsWith('/') ? '/' : '';
  const last = path.endsWith('/') && segments.length > 0 ? '/' : '';
  return first + segments.join('/') + last;
}

/** How the canonical URI is derived from the request path. */
export interface CanonicalUriOptions {
  /** Remove dot segments and duplicate slashes (off for S3-style signing). */
  normalizePath: boolean;
  /** Percent-encode the (already encoded) path once more (off for S3-style signing). */
  uriEscapePath: boolean;
}

/** The canonical URI of a path as sent on the wire. */
export function canonicalUri(path: string, options: CanonicalUriOptions): string {
  const normalized = options.normalizePath ? normalizePath(path) : path === '' ? '/' : path;
  return options.uriEscapePath ? uriEncode(normalized, true) : normalized;
}

/** Decoded query parameters, as a record (an array value repeats the key) or as pairs. */
export type QueryParams = Record<string, string | string[]> | Iterable<readonly [string, string]>;

/** The query parameters as decoded `[key, value]` pairs, in their given order. */
export function queryPairs(query: QueryParams): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (Symbol.iterator in query) {
    for (const [key, value] of query as Iterable<readonly [string, string]>) pairs.push([key, value]);
    return pairs;
  }
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, item]);
  }
  return pairs;
}

/** Percent-decodes `value`; a malformed escape leaves the value as it is. `+` stays a plus. */
function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Splits a raw query string (without `?`) into decoded `[key, value]` pairs; a parameter
 * without `=` has the value `''`.
 */
export function parseQueryString(raw: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? '' : part.slice(eq + 1);
    pairs.push([percentDecode(key), percentDecode(value)]);
  }
  return pairs;
}

/**
 * The canonical query string: every `key=value` RFC 3986-encoded, sorted by encoded key and then
 * by encoded value (repeated keys stay), joined with `&`. Keys in `exclude` are left out.
 */
export function canonicalQuery(query: QueryParams, exclude: ReadonlySet<string> = new Set()): string {
  if (isEmptyQuery(query)) return '';
  const encoded: Array<[string, string]> = [];
  for (const [key, value] of queryPairs(query)) {
    if (!exclude.has(key)) encoded.push([uriEncode(key), uriEncode(value)]);
  }
  encoded.sort(([k1, v1], [k2, v2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0));
  return encoded.map(([key, value]) => `${key}=${value}`).join('&');
}

/** A header value in canonical form: trimmed, with every run of whitespace folded to one space. */
export function canonicalHeaderValue(value: string): string {
  const trimmed = value.trim();
  return FOLDABLE_SPACE.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}

/** Whitespace that folding changes: any but a plain space, or a space followed by more. */
const FOLDABLE_SPACE = /[^\S ]| \s/;

/**
 * The canonical request of headers whose names are already lower case and distinct, signing
 * `names` (sorted, see {@link sortedSignedNames}): the same text as {@link canonicalRequest}
 * without re-keying the headers.
 */
export function canonicalRequestOfNames(
  method: string,
  uri: string,
  query: string,
  headers: Record<string, string>,
  names: readonly string[],
  payloadHash: string,
): string {
  // With no header at all the header block is still one (empty) line.
  let lines = names.length === 0 ? '\n' : '';
  for (const name of names) lines += `${name}:${canonicalHeaderValue(headers[name]!)}\n`;
  return `${method.toUpperCase()}\n${uri}\n${query}\n${lines}\n${names.join(';')}\n${payloadHash}`;
}

/** The names of `headers` (lower case, distinct) that are signed, that is not in `unsigned`, sorted. */
export function sortedSignedNames(headers: Record<string, string>, unsigned: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const name in headers) if (!unsigned.has(name)) names.push(name);
  return names.sort();
}

/** Whether a query has no parameter. */
function isEmptyQuery(query: QueryParams): boolean {
  if (Symbol.iterator in query) return false;
  for (const key in query) if (Object.hasOwn(query, key)) return false;
  return true;
}

/** The parts a canonical request is made of. */
export interface CanonicalRequestParts {
  /** The HTTP method, e.g. `POST`. */
  method: string;
  /** The canonical URI (see {@link canonicalUri}). */
  uri: string;
  /** The canonical query string (see {@link canonicalQuery}). */
  query: string;
  /** The signed headers only: name → value (any case; values are canonicalised here). */
  headers: Record<string, string>;
  /** The hex SHA-256 of the payload, or a constant such as `UNSIGNED-PAYLOAD`. */
  payloadHash: string;
}

/**
 * The SigV4 canonical request: method, URI, query, the sorted `name:value` header lines, a blank
 * line, the signed header list and the payload hash, joined with newlines.
 */
export function canonicalRequest(parts: CanonicalRequestParts): string {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(parts.headers)) {
    const lower = name.toLowerCase();
    const canonical = canonicalHeaderValue(value);
    const previous = values.get(lower);
    values.set(lower, previous === undefined ? canonical : `${previous},${canonical}`);
  }
  return canonicalRequestOfNames(parts.method, parts.uri, parts.query, Object.fromEntries(values), [...values.keys()].sort(), parts.payloadHash);
}
