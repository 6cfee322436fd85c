import type Database from 'better-sqlite3';

/**
 * The contract between the local service's HTTP server and the service modules (search,
 * mobile) that it hosts on one port.
 */

/** A request that passed size limits and SigV4 verification. */
export interface LocalRequest {
  method: string;
  /** The raw path as received, without the query string. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The region of the request's credential scope (or the presigned URL's). */
  region: string;
  /** The account id that ARNs are built with. */
  accountId: string;
  /** The access key that signed the request. */
  accessKey: string;
  /** The id returned in `x-amzn-RequestId`. */
  requestId: string;
}

/** What a service module answers; a JSON body is given as a plain value. */
export interface LocalResponse {
  status: number;
  headers?: Record<string, string>;
  /** A Buffer is sent as is; anything else is sent as JSON. */
  body?: Buffer | string | unknown;
  /** Resets the connection (TCP RST) instead of answering: an injected fault. */
  resetConnection?: boolean;
}

/** One step of a module's schema, applied once in order and recorded. */
export interface Migration {
  version: number;
  up(db: Database.Database): void;
  /**
   * For a step that may take a while (one that re-reads every document, say): what it is about
   * to do, in a few words, to tell whoever waits for the data dir to open; undefined when it has
   * nothing long to do.
   */
  notice?(db: Database.Database): string | undefined;
}

/** Progress of the background embedding of passages (semantic search), for `local start`'s line. */
export interface EmbeddingProgress {
  /** `draining` while passages wait, `idle` once none does, `failed` when embedding stopped (for good, or until a retry). */
  state: 'draining' | 'idle' | 'failed';
  /** Passages still waiting for their vectors. */
  pending: number;
  /** Passages embedded since this drain began. */
  done: number;
  /** The provider's identity (provider, model, dimension). */
  provider: string;
  /** Why embedding stopped, when it failed. */
  message?: string;
}

/** Everything a module may use while it serves a request. */
export interface LocalContext {
  db: Database.Database;
  dataDir: string;
  s3Dir: string;
  accountId: string;
  /** The base URL the service is reachable at, e.g. `http://127.0.0.1:4599`. */
  endpoint: string;
  /** Seconds a created index (and other resources) stays CREATING. */
  createDelay: number;
  /** Seconds that reading the text of one PDF or Office document may take; 30 when absent. */
  extractTimeLimit?: number;
  /** The current time; injectable for tests. */
  now(): Date;
  /** The credentials the server accepts: access key → secret. */
  credentials: ReadonlyMap<string, string>;
  /**
   * The secrets that stand for the secrets service: secret ARN → secret value (a shared key,
   * a PEM public key or a JSON Web Key Set), used to verify the user tokens of JWT token
   * configurations whose key is in `SECRET_MANAGER`.
   */
  tokenSecrets?: ReadonlyMap<string, string>;
  /**
   * Records an unexpected failure of the request `requestId` in the service's own log; the
   * caller is answered a generic internal error that never carries the failure's text.
   */
  reportError(error: unknown, requestId: string): void;
  /** The embedding provider of semantic search (`builtin`, `bedrock:<model-id>`, `openai:<base-url>[#model]`); `off` or absent for keyword search only. */
  embeddings?: string;
  /** False when this service only queries and leaves the passages waiting for vectors to another (the one-shot `--local` service). */
  embedInBackground?: boolean;
  /** Told how the background embedding goes. */
  onEmbeddingProgress?: (progress: EmbeddingProgress) => void;
}

/** A service hosted by the local server. */
export interface LocalServiceModule {
  /** A short name used for its schema namespace, e.g. `search`. */
  name: string;
  /** The SigV4 signing names whose requests this module serves. */
  signingNames: string[];
  /** Whether this module serves a request (routing by X-Amz-Target, path…), checked in order. */
  matches(method: string, path: string, headers: Record<string, string>): boolean;
  migrations: Migration[];
  handle(context: LocalContext, request: LocalRequest): Promise<LocalResponse>;
  /** Resumes background work (index activation, sync jobs…) left by any process; called periodically. */
  tick?(context: LocalContext): void;
  /** The name of the operation a request it matches calls (e.g. `Query`, `ListProjects`). */
  operationName(method: string, path: string, headers: Record<string, string>): string | undefined;
  /** How many resources of each kind it holds, for the health report (e.g. `{ indices: 2 }`). */
  counts(context: LocalContext): Record<string, number>;
  /** Removes every resource it holds (the data dir's schema stays). */
  reset(context: LocalContext): void;
  /** Stops its background threads before the database closes. */
  close?(context: LocalContext): Promise<void>;
}
