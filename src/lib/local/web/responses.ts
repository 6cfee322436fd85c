import type { LocalResponse } from '../types.js';
import type { Html } from './html.js';

/**
 * The headers of every page answer: nothing but the service itself may be loaded or posted to
 * (no CDN, no font, no framing), scripts only from the service's own file, nothing cached.
 */
const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
};

/** An HTML page. */
export function pageResponse(status: number, page: Html, headers: Record<string, string> = {}): LocalResponse {
  return { status, headers: { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', ...headers }, body: page.text };
}

/** A 303 redirect to `location` (a path of this service). */
export function redirect(location: string, headers: Record<string, string> = {}): LocalResponse {
  return { status: 303, headers: { ...PAGE_HEADERS, location, ...headers } };
}

/** A JSON answer for the page's script. */
export function jsonAnswer(status: number, body: unknown): LocalResponse {
  return { status, headers: { ...PAGE_HEADERS, 'content-type': 'application/json' }, body };
}

/** A static file of the page (its style sheet, its script), cached for an hour. */
export function assetResponse(contentType: string, text: string): LocalResponse {
  return { status: 200, headers: { ...PAGE_HEADERS, 'content-type': contentType, 'cache-control': 'max-age=3600' }, body: text };
}
