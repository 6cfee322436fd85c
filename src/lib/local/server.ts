import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { homedir, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { FileRefusal, readBoundedFile } from '../config/bounded-file.js';
import { pemCertificates } from '../http/pem.js';
import { addInThreadServer, removeInThreadServer } from '../http/in-thread-servers.js';
import { verifySigV4 } from '../signing/verify.js';
import { modules as registeredModules } from './registry.js';
import { ADMIN_PREFIX, serveAdmin, type FaultState } from './server/admin.js';
import { BodyBudget, type Release } from './server/body-budget.js';
import { collectGarbage } from './server/collect-garbage.js';
import { answerClientError } from './server/client-error.js';
import { createFaultInjector, type FaultInjection } from './server/faults.js';
import { flattenHeaders } from './server/flatten-headers.js';
import { alonePeers, type LocalProcess, type Peers } from './server/peers.js';
import { RequestMetrics } from './server/request-metrics.js';
import { RequestTracker, type RequestRecord } from './server/request-record.js';
import { createTlsServer, readTlsFiles, type TlsFiles } from './server/tls.js';
import { readBody, RequestRejection } from './server/read-body.js';
import { routeRequest } from './server/route.js';
import { sessionTokenFailure } from './server/session-token.js';
import { checkSignaturePolicy } from './server/signature-policy.js';
import { Ticker } from './server/ticker.js';
import { errorResponse, sendResponse } from './server/wire.js';
import { openCheckedStore } from './store/open-checked-store.js';
import { repairStore, type RepairReport } from './store/repair-store.js';
import { StorageState } from './store/storage-state.js';
import { SqliteLeaderLease } from './store/leader-lease.js';
import { SQLITE_WRITES } from './store/store-writes.js';
import { checkEmbeddingsSpec } from './search/semantic/provider-spec.js';
import type { EmbeddingProgress, LocalContext, LocalRequest, LocalResponse, LocalServiceModule } from './types.js';
import { PAGES_PREFIX, servePages, type PagesTarget } from './web/serve-pages.js';
import { DEFAULT_SESSION_SECONDS, PageSessions } from './web/sessions.js';

/** How to start the local service. */
export interface LocalServiceOptions {
  /** The address to listen on; `127.0.0.1` unless given (never all interfaces by default). */
  host?: string;
  /** The port; `4599` unless given, `0` for any free port. */
  port?: number;
  /** Where the database lives; `~/.nimbus/local` unless given. */
  dataDir?: string;
  /** The directory that stands for S3 (`s3://bucket/key` is `<s3Dir>/bucket/key`); `<dataDir>/s3` unless given. */
  s3Dir?: string;
  /**
   * The access keys and secrets accepted; `test`/`test` unless given. A pair with a `token`
   * stands for temporary credentials (assumed-role, SSO): its requests must carry that session
   * token, and those of the other pairs none.
   */
  credentials?: Array<{ key: string; secret: string; token?: string }> | ReadonlyMap<string, string>;
  /** Seconds that created resources stay CREATING (and updated ones UPDATING); 1 unless given. */
  createDelay?: number;
  /**
   * Seconds that reading the text of one PDF or Office document may take (in BatchPutDocument
   * and in sync jobs); 30 unless given. A document read for longer fails alone, with that reason.
   */
  extractTimeLimit?: number;
  /** The account id in ARNs; `000000000000` unless given. */
  accountId?: string;
  /** The clock; injectable for tests. */
  now?: () => Date;
  /** The largest request body accepted, in bytes; 64 MiB unless given. */
  maxBodyBytes?: number;
  /**
   * The bytes of large request bodies (over 1 MiB) read and served at once; `maxBodyBytes`
   * unless given. Other large bodies wait their turn unread, which bounds the memory uploads take.
   */
  bodyMemoryBytes?: number;
  /** How many large bodies may wait for their turn; more are refused with a retryable 503. 32 unless given. */
  maxWaitingBodies?: number;
  /**
   * Receives the cause of every request that failed unexpectedly (answered with a generic
   * internal error); by default one line per failure goes to stderr.
   */
  onError?: (error: unknown, requestId: string) => void;
  /**
   * Faults to inject from the start (throttling, server errors, resets, latency, failed batch
   * documents; per operation if wanted); they can be changed at `/_nimbus/faults`.
   */
  faults?: FaultInjection;
  /**
   * Secret ARN → secret value, standing for the secrets service when user tokens are verified
   * (JWT token configurations with KeyLocation SECRET_MANAGER); none unless given.
   */
  tokenSecrets?: ReadonlyMap<string, string>;
  /**
   * Lambda function ARN → what stands in for it in Custom Document Enrichment hooks: a shell
   * command (the event JSON on its stdin, the result JSON on its stdout) or an `http(s)://` URL
   * (the event is POSTed, the answer is the result); none unless given.
   */
  functions?: ReadonlyMap<string, string>;
  /**
   * A PEM file of certificate authorities that the service's outbound HTTPS (the web crawler)
   * trusts besides the system's store (Node's authorities and the system's bundle); the system's alone unless given.
   */
  caBundle?: string;
  /**
   * Lets web crawler data sources crawl `http://` sites, for development sites: an extension
   * (Kendra crawls HTTPS only, and so does the local service unless this is true).
   */
  allowHttpCrawl?: boolean;
  /**
   * Told, while the data dir's schema is upgraded on start, before a step that may take a while
   * (one that re-reads every stored document, say), what it does: e.g. `building the ranking
   * tiers of 100,000 stored documents (search schema 12)`. The service listens once the upgrade
   * is done. Nothing is told unless given.
   */
  onUpgradeNotice?: (step: string) => void;
  /** Seconds a sign-in to an experience's search page lasts; 8 hours unless given. */
  pageSessionSeconds?: number;
  /** Serves HTTPS with this certificate and key (PEM files), read again by `reloadTls`; plain HTTP unless given. */
  tls?: TlsFiles;
  /**
   * A PostgreSQL store to serve as one of its nodes (`postgres://user:password@host1,host2/db`):
   * the store's system of record is there, and `dataDir` holds this node's copy of it (see
   * `local/store/postgres/`). A SQLite data dir alone unless given.
   */
  databaseUrl?: string;
  /** Told of every answered request (for a request log); nothing is told unless given. */
  onRequest?: (record: RequestRecord) => void;
  /**
   * The processes this one serves the endpoint with (the workers of `local start --workers N`),
   * made from this process's own part; this process alone unless given.
   */
  peers?: (self: LocalProcess) => Peers;
  /**
   * The embedding provider of semantic search: `builtin` (all-MiniLM-L6-v2, in-process; needs the
   * optional dependencies), `bedrock:<model-id>`, `openai:<base-url>[#model]`, or `off`
   * (keyword search only). `off` unless given.
   */
  embeddings?: string;
  /** False to leave the passages that wait for vectors to another service (queries still use the vectors there are); true unless given. */
  embedInBackground?: boolean;
  /** Told how the background embedding of passages goes (starts, progresses, ends or fails). */
  onEmbeddingProgress?: (progress: EmbeddingProgress) => void;
}

/** A running local service. */
export interface LocalService {
  /** The base URL to send requests to, e.g. `http://127.0.0.1:4599`. */
  endpoint: string;
  /** The port it listens on. */
  port: number;
  /**
   * Stops listening and hands back the background work's leases; requests in flight get
   * `graceMs` (0 unless given) to finish before their connections are ended; then closes the
   * database.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  /** Reads the TLS certificate and key again and serves new connections with them; throws (keeping the old ones) when they cannot be read. */
  reloadTls(): void;
}

const DEFAULT_MAX_BODY = 64 * 1024 * 1024;
/** The largest body an admin request may have. */
const MAX_ADMIN_BODY = 64 * 1024;
/** The largest body a page's form or script may post. */
const MAX_PAGE_BODY = 64 * 1024;
/** Bodies up to this size are read at once; larger ones take their turn within the body budget. */
const LARGE_BODY = 1024 * 1024;
const DEFAULT_MAX_WAITING_BODIES = 32;
/** After serving a body this large, the service collects garbage before the next large body. */
const COLLECT_AFTER_BODY = 16 * 1024 * 1024;

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not ${value}`);
  return value;
}
/** The certificates of the PEM file `path`; an error saying why when it cannot be read or holds none. */
function readCaBundle(path: string): string {
  let text: string;
  try {
    text = readBoundedFile(path, undefined, 'a CA bundle').toString('utf8');
  } catch (error) {
    throw new Error(error instanceof FileRefusal ? `The CA bundle ${path} ${error.problem}` : `Cannot read the CA bundle ${path}: ${(error as Error).message}`);
  }
  if (pemCertificates(text).length === 0) throw new Error(`The CA bundle ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return text;
}

const TICK_INTERVAL_MS = 100;
const LAZY_TICK_MS = 20;

/** The accepted credentials as access key → secret, and access key → session token for temporary ones. */
function credentialMaps(credentials: LocalServiceOptions['credentials']): { secrets: ReadonlyMap<string, string>; tokens: ReadonlyMap<string, string> } {
  if (credentials === undefined) return { secrets: new Map([['test', 'test']]), tokens: new Map() };
  if (credentials instanceof Map) return { secrets: credentials, tokens: new Map() };
  const pairs = credentials as Array<{ key: string; secret: string; token?: string }>;
  return {
    secrets: new Map(pairs.map((pair) => [pair.key, pair.secret])),
    tokens: new Map(pairs.flatMap((pair) => (pair.token === undefined ? [] : [[pair.key, pair.token] as const]))),
  };
}

/** One line per failed request: its message, never a stack trace (a failure that repeats on every request would flood the log). */
function logToStderr(error: unknown, requestId: string): void {
  const detail = error instanceof Error ? error.message : String(error);
  process.stderr.write(`nimbus local: request ${requestId} failed: ${detail.split('\n')[0]}\n`);
}

function endpointHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The data dir of the local service: `dataDir` resolved, or `~/.nimbus/local`. */
function localDataDir(dataDir: string | undefined): string {
  return resolve(dataDir ?? join(homedir(), '.nimbus', 'local'));
}

/**
 * Repairs the damaged database of a local service's data dir (`~/.nimbus/local` unless given),
 * which no service may be using: see `repairStore`. Returns what it did.
 */
export function repairDataDir(dataDir?: string): RepairReport {
  return repairStore(localDataDir(dataDir), registeredModules);
}

/**
 * Starts the local service: one HTTP server that verifies every request's SigV4 signature and
 * hands it to the module (search, mobile…) that serves it, over a SQLite store in `dataDir`.
 * Resolves once it listens; rejects with a `DamagedStoreError` when the data dir's database is
 * damaged (it is checked first: see `checkIntegrity`), with a `StoreFullError` when its disk is
 * too full to open it.
 */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = localDataDir(options.dataDir);
  const s3Dir = resolve(options.s3Dir ?? join(dataDir, 's3'));
  const maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY);
  const budget = new BodyBudget(
    positiveInteger('bodyMemoryBytes', options.bodyMemoryBytes, maxBodyBytes),
    positiveInteger('maxWaitingBodies', options.maxWaitingBodies, DEFAULT_MAX_WAITING_BODIES),
  );
  const createDelay = options.createDelay ?? 1;
  if (!(createDelay >= 0)) throw new Error(`createDelay must be a number of seconds >= 0, not ${options.createDelay}`);
  const extractTimeLimit = options.extractTimeLimit ?? 30;
  if (!(extractTimeLimit > 0)) throw new Error(`extractTimeLimit must be a number of seconds > 0, not ${options.extractTimeLimit}`);
  const embeddings = options.embeddings ?? 'off';
  checkEmbeddingsSpec(embeddings);
  const faults: FaultState = { injector: options.faults ? createFaultInjector(options.faults) : undefined };
  const modules: readonly LocalServiceModule[] = registeredModules;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const now = options.now ?? (() => new Date());
  const storage = new StorageState(dataDir, (line) => process.stderr.write(`nimbus local: ${line}\n`));
  const node =
    options.databaseUrl === undefined
      ? undefined
      : await (
          await import('./store/postgres/open-node.js')
        ).openPostgresNode({
          databaseUrl: options.databaseUrl,
          dataDir,
          modules,
          ...(options.onUpgradeNotice ? { onNotice: options.onUpgradeNotice } : {}),
          onError: (error) => {
            // a copy with no room for the entries cannot take writes either (a window applies them first)
            storage.noteFailure(error, now());
            process.emitWarning(`following the PostgreSQL store's log failed: ${error instanceof Error ? error.message : String(error)}`);
          },
          node: holder,
          onCopyBehind: (error, seq) => {
            storage.noteFailure(error, now());
            process.emitWarning(
              `this node's copy could not commit entry ${seq} of the PostgreSQL store's log, which has it (${error instanceof Error ? error.message : String(error)}): the write is stored, and the copy applies it from the log once it can`,
            );
          },
        });
  const db = node ? node.db : openCheckedStore(dataDir, modules, options.onUpgradeNotice);
  const { secrets: credentials, tokens: sessionTokens } = credentialMaps(options.credentials);
  const context: LocalContext = {
    db,
    dataDir,
    s3Dir,
    accountId: options.accountId ?? '000000000000',
    endpoint: '',
    createDelay,
    extractTimeLimit,
    now,
    credentials,
    sessionTokens,
    tokenSecrets: options.tokenSecrets ?? new Map(),
    functions: options.functions ?? new Map(),
    ...(options.caBundle !== undefined ? { caBundlePem: readCaBundle(options.caBundle) } : {}),
    ...(options.allowHttpCrawl ? { allowHttpCrawl: true } : {}),
    reportError: options.onError ?? logToStderr,
    storage,
    writes: node ? node.writes : SQLITE_WRITES,
    embeddings,
    embedInBackground: options.embedInBackground ?? true,
    ...(options.onEmbeddingProgress ? { onEmbeddingProgress: options.onEmbeddingProgress } : {}),
  };
  const reported = new Set<string>();
  const lease = node ? node.lease('ticker', holder) : new SqliteLeaderLease(db, 'ticker', holder);
  const ticker = new Ticker(modules, context, lease, (error) => {
    if (context.storage.noteFailure(error, now())) return;
    const message = error instanceof Error ? error.message : String(error);
    if (reported.has(message)) return;
    reported.add(message);
    process.emitWarning(`local service background work failed: ${message}`);
  });

  /** Waits for room in the body budget when the body is large (or of unknown size). */
  const reserveBody = async (req: IncomingMessage): Promise<Release | undefined> => {
    const length = req.headers['content-length'];
    if (length === undefined) return req.headers['transfer-encoding'] === undefined ? undefined : budget.acquire(maxBodyBytes);
    const announced = Number(length);
    return announced > LARGE_BODY && announced <= maxBodyBytes ? budget.acquire(announced) : undefined;
  };

  /**
   * Verifies a request read whole and finds its module; rejects a bad signature with the
   * answer to send. Kept apart from {@link serveApi} so that nothing there holds the body
   * while the module serves it (the search module lets go of it once parsed).
   */
  const verified = (
    body: Buffer,
    record: RequestRecord,
    { url, rawPath, headers, method }: { url: URL; rawPath: string; headers: Record<string, string>; method: string },
  ): { module: LocalServiceModule; request: LocalRequest } | LocalResponse => {
    const auth = verifySigV4({ method, path: rawPath, query: url.searchParams, headers, body }, (key) => credentials.get(key), {
      now: now(),
    });
    if (!auth.ok) return errorResponse(auth.status, auth.code, auth.message);
    const tokenFailure = sessionTokenFailure(auth, headers, url.searchParams, sessionTokens.get(auth.accessKey));
    if (tokenFailure) return errorResponse(tokenFailure.status, tokenFailure.code, tokenFailure.message);
    record.accessKeyId = auth.accessKey;
    checkSignaturePolicy(auth, headers, body);
    const module = routeRequest(modules, method, rawPath, headers, auth.service);
    const request = {
      method,
      path: rawPath,
      query: url.searchParams,
      headers,
      body,
      region: auth.region,
      accountId: context.accountId,
      accessKey: auth.accessKey,
      requestId: record.requestId,
    };
    return { module, request };
  };

  /** Reads and verifies a request; its frame ends here, so that it does not hold the body while the request is served. */
  const readVerified = async (req: IncomingMessage, record: RequestRecord, parts: Parameters<typeof verified>[2]) => {
    const body = await readBody(req, maxBodyBytes);
    record.bytesIn = body.length;
    return verified(body, record, parts);
  };

  /** Reads, verifies and serves one API request. */
  const serveApi = async (req: IncomingMessage, res: ServerResponse, record: RequestRecord, parts: Parameters<typeof verified>[2]): Promise<void> => {
    const { requestId } = record;
    const outcome = await readVerified(req, record, parts);
    if (!('module' in outcome)) {
      sendResponse(res, requestId, outcome);
      return;
    }
    // over PostgreSQL a run is a write window (the log's head lock): requests do not wait for it
    const ticking = ticker.runIfStale(LAZY_TICK_MS);
    if (ticking && !node) await ticking;
    const response = await respond(outcome.module, outcome.request);
    if (response.resetConnection) {
      req.socket.resetAndDestroy();
      return;
    }
    sendResponse(res, requestId, response);
  };

  /** The module's answer to a request, through the fault injector when one is set. */
  const respond = (module: LocalServiceModule, request: LocalRequest): Promise<LocalResponse> => {
    const handle = (served: LocalRequest) => module.handle(context, served);
    const injector = faults.injector;
    if (!injector) return handle(request);
    return injector.apply({ ...request, operation: module.operationName(request.method, request.path, request.headers) }, handle);
  };

  const metrics = new RequestMetrics();
  const self: LocalProcess = {
    part: () => ({
      storage: (context.storage.probe(context.db), context.storage.report()),
      pid: process.pid,
      requests: metrics.snapshot(),
      faults: faults.injector ? { ...faults.injector.counts } : null,
      bodies: budget.usage,
      leader: lease.state().holder === lease.holder,
    }),
    applyFaults(config) {
      faults.injector = config ? createFaultInjector(config) : undefined;
    },
  };
  const peers = options.peers ? options.peers(self) : alonePeers(self);
  context.rateGate = peers.rateGate;
  const tracker = new RequestTracker(modules, metrics, options.onRequest);
  let stopping = false;
  const adminTarget = { context, modules, faults, bodies: () => budget.usage, peers, lease, ready: () => !stopping };
  /** What an admin endpoint answers a loopback GET, read in-process. */
  const adminReport = async (name: string) =>
    (
      await serveAdmin(
        { method: 'GET', path: `${ADMIN_PREFIX}${name}`, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0), remoteAddress: '127.0.0.1' },
        adminTarget,
      )
    ).body as Record<string, unknown>;
  const pages: PagesTarget = {
    context,
    sessions: new PageSessions(context.db, context.writes, now, positiveInteger('pageSessionSeconds', options.pageSessionSeconds, DEFAULT_SESSION_SECONDS)),
    handleSearch: (request) => respond(routeRequest(modules, request.method, request.path, request.headers, 'kendra'), request),
    reports: { health: () => adminReport('health'), faults: async () => (await adminReport('faults')) as { faults: unknown } },
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const record = tracker.begin(req, res);
    const { requestId } = record;
    if (stopping) res.setHeader('connection', 'close');
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const rawPath = record.path;
      const headers = flattenHeaders(req.headers);
      const method = req.method ?? 'GET';
      if (rawPath.startsWith(ADMIN_PREFIX)) {
        const body = await readBody(req, MAX_ADMIN_BODY);
        record.bytesIn = body.length;
        const request = { method, path: rawPath, query: url.searchParams, headers, body, remoteAddress: req.socket.remoteAddress };
        sendResponse(res, requestId, await serveAdmin(request, adminTarget));
        return;
      }
      if (rawPath.startsWith(PAGES_PREFIX)) {
        const body = await readBody(req, MAX_PAGE_BODY);
        record.bytesIn = body.length;
        const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
        sendResponse(
          res,
          requestId,
          await servePages({ method, path: rawPath, query: url.searchParams, headers, body, secure, remoteAddress: req.socket.remoteAddress ?? '' }, pages),
        );
        return;
      }
      const release = await reserveBody(req);
      try {
        await serveApi(req, res, record, { url, rawPath, headers, method });
      } finally {
        if (Number(req.headers['content-length'] ?? 0) >= COLLECT_AFTER_BODY) collectGarbage();
        release?.();
      }
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof RequestRejection) {
        sendResponse(res, requestId, errorResponse(error.status, error.code, error.message));
      } else {
        context.reportError(error, requestId);
        sendResponse(
          res,
          requestId,
          errorResponse(500, 'InternalFailure', `the local service failed to process the request ${requestId}; its log has the cause`),
        );
      }
    }
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => void serve(req, res);
  const server: Server = options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
  server.on('clientError', answerClientError);
  try {
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(options.port ?? 4599, host, () => {
        server.off('error', rejectListen);
        resolveListen();
      });
    });
  } catch (error) {
    await node?.close();
    db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  context.endpoint = `${options.tls ? 'https' : 'http'}://${endpointHost(host)}:${port}`;
  ticker.start(TICK_INTERVAL_MS);
  addInThreadServer(port);

  let closing: Promise<void> | undefined;
  return {
    endpoint: context.endpoint,
    port,
    close({ graceMs = 0 } = {}) {
      closing ??= new Promise<void>((resolveClose) => {
        stopping = true;
        const tickerStopped = ticker.stop();
        removeInThreadServer(port);
        server.close(() => {
          clearTimeout(deadline);
          void Promise.all([tickerStopped, ...modules.map(async (module) => module.close?.(context).catch(() => undefined))])
            .then(() => node?.close())
            .then(() => {
              db.close();
              resolveClose();
            });
        });
        server.closeIdleConnections();
        tracker.onIdle(() => server.closeAllConnections());
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        deadline.unref();
      });
      return closing;
    },
    reloadTls() {
      if (!options.tls) throw new Error('the service serves plain HTTP: there is no TLS certificate to reload');
      (server as HttpsServer).setSecureContext(readTlsFiles(options.tls));
    },
  };
}
