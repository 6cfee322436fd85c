import type Database from 'better-sqlite3';
import type { SearchOperations } from '../../../services/search/types.js';
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

/** The name of an operation of the search API. */
export type SearchOperationName = keyof SearchOperations;

/**
 * An operation of the search API: takes the validated input (the operation's generated request
 * type) and returns (or resolves to) the operation's generated response type, with dates as
 * `Date`s; the protocol layer writes it in its wire form.
 */
export type OperationHandler<Op extends SearchOperationName> = (
  ctx: OpContext,
  input: SearchOperations[Op]['input'],
) => SearchOperations[Op]['output'] | Promise<SearchOperations[Op]['output']>;

/** The handlers of a group of operations, by operation name. */
export type OperationHandlers<Op extends SearchOperationName> = { [Name in Op]: OperationHandler<Name> };
