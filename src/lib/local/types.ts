import type Database from 'better-sqlite3';
import type { StorageState } from './store/storage-state.js';
import type { StoreWrites } from './store/store-writes.js';

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

/**
 * Token buckets (per-key request rates) shared by every process that serves the endpoint, so
 * that N workers admit the rate once, not N times.
 */
export interface RateGate {
  /**
   * Takes `cost` tokens (default 1) from bucket `name`; 0 when taken, else the whole seconds
   * until a token is there. A cost of 0 only looks: 0 while the bucket holds a token.
   */
  take(name: string, nowMs: number, rate: { perSecond: number; burst: number; cost?: number }): number | Promise<number>;
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
  /**
   * What stands in for the Lambda functions of Custom Document Enrichment hooks: function ARN →
   * a shell command (event on stdin, result on stdout) or an `http(s)://` URL the event is POSTed to.
   */
  functions?: ReadonlyMap<string, string>;
  /** The current time; injectable for tests. */
  now(): Date;
  /** The credentials the server accepts: access key → secret. */
  credentials: ReadonlyMap<string, string>;
  /** The session tokens of the temporary credentials among them: access key → token (none when absent). */
  sessionTokens?: ReadonlyMap<string, string>;
  /**
   * The secrets that stand for the secrets service: secret ARN → secret value (a shared key,
   * a PEM public key or a JSON Web Key Set), used to verify the user tokens of JWT token
   * configurations whose key is in `SECRET_MANAGER`, and for the web crawler's basic
   * authentication and proxy credentials (`{"userName","password"}` JSON or `user:password`).
   */
  tokenSecrets?: ReadonlyMap<string, string>;
  /** Certificate authorities (PEM) that the service's outbound HTTPS (the web crawler) trusts besides the system's. */
  caBundlePem?: string;
  /** Whether web crawler data sources may crawl `http://` sites: an extension for development sites (Kendra crawls HTTPS only). */
  allowHttpCrawl?: boolean;
  /**
   * Records an unexpected failure of the request `requestId` in the service's own log; the
   * caller is answered a generic internal error that never carries the failure's text.
   */
  reportError(error: unknown, requestId: string): void;
  /** Whether the data dir's storage has room for writes; a module notes every failed request's error in it. */
  storage: StorageState;
  /**
   * The store's write seam: every write outside the write queue and the ticker's fenced work
   * runs in one of its windows (a mutating operation's handler, a reset, the embeddings' vectors).
   */
  writes: StoreWrites;
  /** The request-rate buckets of every process serving the endpoint; each connection keeps its own when absent. */
  rateGate?: RateGate;
  /** The embedding provider of semantic search (`builtin`, `bedrock:<model-id>`, `openai:<base-url>[#model]`); `off` or absent for keyword search only. */
  embeddings?: string;
  /** False when this service only queries and leaves the passages waiting for vectors to another (the one-shot `--local` service). */
  embedInBackground?: boolean;
  /** Told how the background embedding goes. */
  onEmbeddingProgress?: (progress: EmbeddingProgress) => void;
}

/** One figure of the store for the metrics endpoint, in Prometheus terms. */
export interface StoreGauge {
  /** The metric name, e.g. `nimbus_documents`. */
  name: string;
  help: string;
  /** One value per label set (an empty label set for a plain gauge). */
  samples: Array<{ labels: Record<string, string>; value: number }>;
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
  /**
   * The tables its stored rows need beyond those its migrations create (e.g. each index's
   * full-text tables), checked before the data dir is served; none unless given.
   */
  requiredTables?(db: Database.Database): string[];
  /**
   * For `nimbus local repair`: rebuilds in `fresh`, whose tables hold the rows recovered from
   * the `damaged` database, what the module derives from them (e.g. the full-text tables, from
   * the stored text); returns a line per thing rebuilt, for the report.
   */
  rebuild?(damaged: Database.Database, fresh: Database.Database): string[];
  handle(context: LocalContext, request: LocalRequest): Promise<LocalResponse>;
  /** Resumes background work (index activation, sync jobs…) left by any process; called periodically. */
  tick?(context: LocalContext): void;
  /** Hands back the background work this process holds leases on (on a clean stop), so that another process takes it over at once. */
  release?(context: LocalContext): void;
  /** Figures for the metrics endpoint, read from the store (e.g. documents, sync jobs by status). */
  gauges?(context: LocalContext): StoreGauge[];
  /** The name of the operation a request it matches calls (e.g. `Query`, `ListProjects`). */
  operationName(method: string, path: string, headers: Record<string, string>): string | undefined;
  /** How many resources of each kind it holds, for the health report (e.g. `{ indices: 2 }`). */
  counts(context: LocalContext): Record<string, number>;
  /** Removes every resource it holds (the data dir's schema stays). */
  reset(context: LocalContext): void;
  /** Stops its background threads before the database closes. */
  close?(context: LocalContext): Promise<void>;
}
