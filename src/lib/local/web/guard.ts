import { timingSafeEqual } from 'node:crypto';

/**
 * Why a state-changing page request is refused as cross-site, or undefined when it comes from
 * the page's own origin: a browser's `Sec-Fetch-Site` must say `same-origin`, and its `Origin`
 * must be the page's (scheme and the `Host` it was asked for). A request with neither header
 * (not from a browser) still needs the CSRF token.
 */
export function crossSiteRefusal(headers: Record<string, string>, secure: boolean): string | undefined {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `a ${site} request cannot change anything here`;
  const origin = headers['origin'];
  if (origin === undefined) return undefined;
  const expected = `${secure ? 'https' : 'http'}://${headers['host'] ?? ''}`;
  return origin === expected ? undefined : `a request from ${origin} cannot change anything here`;
}

/** Whether `given` is the token `expected`, compared in constant time. */
export function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (given === undefined || expected === undefined || expected === '') return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
