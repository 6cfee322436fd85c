import type Database from 'better-sqlite3';
import type { LocalContext, LocalRequest } from '../../types.js';

/** What an operation handler works with: the store, the clock and the request's scope. */
export interface OpContext {
  db: Database.Database;
  local: LocalContext;
  request: LocalRequest;
  /** The region of the request's credential scope: resources live in one region. */
  region: string;
  /** The time of the request, in epoch milliseconds. */
  nowMs: number;
  /** Milliseconds a created or updated resource stays CREATING/UPDATING. */
  delayMs: number;
}

/** An operation of the search API: takes the validated input, returns (or resolves to) the output members. */
export type OperationHandler = (ctx: OpContext, input: Record<string, any>) => Record<string, unknown> | Promise<Record<string, unknown>>;
