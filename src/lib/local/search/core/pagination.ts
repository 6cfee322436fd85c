import { encodePageToken, readPageToken } from '../../protocol/page-token.js';
import { invalid } from './errors.js';

/** The listing a search `NextToken` belongs to: the operation and the parent resource it lists ('' at the top level). */
function listing(op: string, scope: string): string {
  return `${op}:${scope}`;
}

function isOffset(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/**
 * Decodes the `NextToken` of a request to the offset to continue at; 0 without a token. A token
 * of another operation or parent resource is a `ValidationException`.
 */
export function decodePageToken(value: unknown, op: string, scope: string): number {
  if (value === undefined || value === null) return 0;
  const offset = readPageToken(String(value), listing(op, scope), isOffset);
  if (offset === undefined) {
    throw invalid('The NextToken is not valid for this request; pass the NextToken of the previous response unchanged.');
  }
  return offset;
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
  return next < items.length ? { page, nextToken: encodePageToken(listing(op, scope), next) } : { page };
}

/**
 * The page of `items` a List request asks for: its `NextToken` decoded (bound to `op` and
 * `scope`), at most its `MaxResults` (default `defaultMax`), and the `NextToken` of the rest
 * when items remain, ready to spread into the answer.
 */
export function listPage<T>(
  items: readonly T[],
  request: { NextToken?: string; MaxResults?: number },
  defaultMax: number,
  op: string,
  scope: string,
): { page: T[]; NextToken?: string } {
  const offset = decodePageToken(request.NextToken, op, scope);
  const { page, nextToken } = pageOf(items, offset, request.MaxResults, defaultMax, op, scope);
  return nextToken ? { page, NextToken: nextToken } : { page };
}
