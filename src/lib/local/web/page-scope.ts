import type Database from 'better-sqlite3';
import type { PageExperience } from './experience-access.js';
import type { OperationCall } from './page-calls.js';
import type { PageSession } from './sessions.js';

/** What a signed-in page works with: the experience, the session, and the search operations called as the session. */
export interface PageScope {
  experience: PageExperience;
  session: PageSession;
  call: OperationCall;
  /** The experience's base path. */
  base: string;
  /** The service's store, for what no operation reports (today's analytics). */
  db: Database.Database;
  /** The service's clock. */
  now(): Date;
}
