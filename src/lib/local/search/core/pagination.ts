import { invalid } from './errors.js';

/**
 * Opaque `NextToken`s: the position after the last item returned, bound to the operation and
 * the parent resource it lists, so a token cannot be replayed elsewhere.
 */
export interface PageToken {
  /** The operation that issued it. */
  op: string;
  /** The parent resource listed (an index id, a data source id…), or '' at the top level. */
  scope: string;
  /** The number of items already returned. */
  offset: number;
}

/** Encodes a token. */
function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify([token.op, token.scope, token.offset]), 'utf8').toString('base64url');
}

/** Decodes the `NextToken` of a request to the offset to continue at; 0 without a token. */
export function decodePageToken(value: unknown, op: string, scope: string): number {
  if (value === undefined || value === null) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(String(value), 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed[0] === op && parsed[1] === scope && Number.isInteger(parsed[2]) && parsed[2] >= 0) {
      return parsed[2] as number;
    }
  } catch {
    // falls through to the error below
  }
  throw invalid('The NextToken is not valid for this request; pass the NextToken of the previous response unchanged.');
}

/**
 * Pages `items` from `offset`, at most `maxResults` (default `defaultMax`): returns the page
 * and, when items remain, the next token.
 */
export function pageOf<T>(
  items: readonly T[],
  offset: number,
  maxResults: number | undefined,
  defaultMax: number,
  op: string,
  scope: string,
): { page: T[]; nextToken?: string } {
  const size = maxResults ?? defaultMax;
  const page = items.slice(offset, offset + size);
  const next = offset + page.length;
  return next < items.length ? { page, nextToken: encodePageToken({ op, scope, offset: next }) } : { page };
}
