/**
 * Opaque page tokens (`NextToken`, `nextToken`): the position to continue a listing at, bound to
 * the listing (`kind`) that issued it, so that a token cannot be replayed on another listing.
 */

/** The token for `position` (any JSON value) in the listing `kind`. */
export function encodePageToken(kind: string, position: unknown): string {
  return Buffer.from(JSON.stringify({ kind, position }), 'utf8').toString('base64url');
}

/**
 * The position of a token made by {@link encodePageToken} for the same `kind`, when `valid`
 * accepts it; undefined for any other token (the caller answers with its API's error).
 */
export function readPageToken<T>(token: string, kind: string, valid: (position: unknown) => position is T): T | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { kind?: unknown; position?: unknown } | null;
    if (parsed?.kind === kind && valid(parsed.position)) return parsed.position;
  } catch {
    // not a token of ours
  }
  return undefined;
}
