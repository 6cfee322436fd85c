import { readPageToken } from '../protocol/page-token.js';
import { badRequest } from './mobile-error.js';
import { MAX_PAGE_SIZE } from './limits.js';

/** A required query string member; a missing or empty one is a `BadRequestException`. */
export function requiredParam(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (value === null || value === '') throw badRequest(`${name} is required`);
  return value;
}

/** An optional query string member; an empty one counts as absent. */
export function optionalParam(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value === null || value === '' ? undefined : value;
}

/** An optional boolean query string member: `true` or `false`. */
export function booleanParam(query: URLSearchParams, name: string): boolean {
  const value = optionalParam(query, name);
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be true or false, not ${value}`);
  return value === 'true';
}

/** `maxResults`: a whole number from 1 to {@link MAX_PAGE_SIZE}; that maximum when absent. */
export function maxResultsParam(query: URLSearchParams): number {
  const value = optionalParam(query, 'maxResults');
  if (value === undefined) return MAX_PAGE_SIZE;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > MAX_PAGE_SIZE) {
    throw badRequest(`maxResults must be a whole number from 1 to ${MAX_PAGE_SIZE}, not ${value}`);
  }
  return number;
}

/**
 * The page position of a `nextToken`, made by `encodePageToken` for the same kind; undefined
 * without a token, a `BadRequestException` when it is not such a token.
 */
export function decodeToken<T>(token: string | undefined, kind: string, valid: (position: unknown) => position is T): T | undefined {
  if (token === undefined) return undefined;
  const position = readPageToken(token, kind, valid);
  if (position === undefined) throw badRequest('nextToken is not a token this operation returned');
  return position;
}

/** A path segment, percent-decoded; a malformed one is a `BadRequestException`. */
export function pathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest(`the path segment ${raw} is not validly percent-encoded`);
  }
}
