import type { LocalContext } from '../types.js';
import type { SearchHandler } from './page-calls.js';
import type { PageSessions } from './sessions.js';
import type { ServiceReports } from './status-page.js';

/** A page request, read whole. */
export interface PageRequest {
  method: string;
  /** The raw path, without the query string. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** Whether it came over TLS (the cookies are then `Secure`). */
  secure: boolean;
  /** The address the request came from (sign-in attempts are limited per address). */
  remoteAddress: string;
}

/** What the pages work with. */
export interface PagesTarget {
  context: LocalContext;
  sessions: PageSessions;
  /** Serves a search request in-process, as a verified one is (faults included). */
  handleSearch: SearchHandler;
  reports: ServiceReports;
}
