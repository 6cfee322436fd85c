import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { verifySigV4 } from '../../signing/verify.js';
import type { LeaderLease } from '../store/leader-lease.js';
import type { StorageReport } from '../store/storage-state.js';
import type { LocalContext, LocalResponse, LocalServiceModule } from '../types.js';
import { parseFaultSpec } from './fault-spec.js';
import { checkFaultInjection, type FaultCounts, type FaultInjection, type FaultInjector } from './faults.js';
import type { Peers } from './peers.js';
import { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from './prometheus.js';
import { addCounts } from './request-metrics.js';
import { sessionTokenFailure } from './session-token.js';
import { errorResponse } from './wire.js';

/** The path prefix of the admin endpoints. */
export const ADMIN_PREFIX = '/_nimbus/';

/** The fault injector in force, replaced through the admin endpoint. */
export interface FaultState {
  injector: FaultInjector | undefined;
}

/** One admin request, read whole. */
export interface AdminRequest {
  method: string;
  /** The raw path, without the query string. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The address the request came from. */
  remoteAddress: string | undefined;
}

/** What the admin endpoints work on. */
export interface AdminTarget {
  context: LocalContext;
  modules: readonly LocalServiceModule[];
  faults: FaultState;
  /** The large request bodies being served and waiting. */
  bodies(): { inFlightBytes: number; waiting: number };
  /** The processes serving the endpoint together (this one's included). */
  peers: Peers;
  /** The lease of the background work. */
  lease: LeaderLease;
  /** False once the service stops taking requests (a graceful stop is under way). */
  ready(): boolean;
}

let version: string | undefined;

function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

const json = (status: number, body: unknown): LocalResponse => ({ status, headers: { 'content-type': 'application/json' }, body });

/**
 * Who may use the admin endpoints: never a browser page (a request with an `Origin` header
 * is refused, so no web site can reset or slow the service through a visitor's browser);
 * from the loopback interface anyone; from another host only a request SigV4-signed with one
 * of the accepted key pairs (any region and signing name in its scope), with its session token
 * when the pair is temporary credentials.
 */
function refusal(request: AdminRequest, context: LocalContext): LocalResponse | undefined {
  if (request.headers['origin'] !== undefined) {
    return errorResponse(403, 'AccessDeniedException', 'the admin endpoints do not answer browser (cross-origin) requests');
  }
  if (isLoopback(request.remoteAddress)) return undefined;
  const auth = verifySigV4(request, (key) => context.credentials.get(key), { now: context.now() });
  const failure = auth.ok ? sessionTokenFailure(auth, request.headers, request.query, context.sessionTokens?.get(auth.accessKey)) : auth;
  return failure && errorResponse(failure.status, failure.code, `the admin endpoints need a SigV4 signature from other hosts: ${failure.message}`);
}

async function faultsReport(target: AdminTarget): Promise<Record<string, unknown>> {
  const injector = target.faults.injector;
  if (!injector) return { faults: null, injected: null };
  const parts = await target.peers.gather();
  const injected = { ...injector.counts };
  for (const part of parts) {
    if (part.pid === process.pid || !part.faults) continue;
    for (const name of Object.keys(injected) as Array<keyof FaultCounts>) injected[name] += part.faults[name];
  }
  return { faults: injector.config, injected };
}

/**
 * The storage state over every worker: full while any worker's writes find it full (each tries
 * a write again first), since the earliest of them, with the query log entries they dropped added up.
 */
async function storageReport(target: AdminTarget): Promise<StorageReport> {
  const reports = (await target.peers.gather()).map((part) => part.storage);
  const since = reports.flatMap((report) => (report.fullSince ? [report.fullSince] : [])).sort()[0];
  return {
    full: reports.some((report) => report.full),
    ...(since ? { fullSince: since } : {}),
    droppedQueryLogEntries: reports.reduce((sum, report) => sum + report.droppedQueryLogEntries, 0),
  };
}

function counts(target: AdminTarget): Record<string, Record<string, number>> {
  return Object.fromEntries(target.modules.map((module) => [module.name, module.counts(target.context)]));
}

async function setFaults(target: AdminTarget, body: Buffer): Promise<LocalResponse> {
  let config: FaultInjection | null = null;
  try {
    const spec = body.toString('utf8').trim();
    if (spec !== '') {
      config = parseFaultSpec(spec);
      checkFaultInjection(config);
    }
  } catch (error) {
    return errorResponse(400, 'ValidationException', (error as Error).message);
  }
  await target.peers.applyFaults(config);
  return json(200, await faultsReport(target));
}

/** The background work's lease: who holds it (this process or not), its fencing token and expiry. */
function leaseReport(target: AdminTarget): Record<string, unknown> {
  const state = target.lease.state();
  const live = state.holder !== null && state.expiresAt > Date.now();
  return { holder: live ? state.holder : null, token: state.token, heldHere: live && state.holder === target.lease.holder };
}

async function metrics(target: AdminTarget): Promise<LocalResponse> {
  const parts = await target.peers.gather();
  const gauges = [...target.modules.flatMap((module) => module.gauges?.(target.context) ?? []), ...(target.context.writes.gauges?.() ?? [])];
  const body = renderPrometheus({ counts: addCounts(parts.map((part) => part.requests)), gauges, workers: parts.length });
  return { status: 200, headers: { 'content-type': PROMETHEUS_CONTENT_TYPE }, body };
}

function methodNotAllowed(allowed: string): LocalResponse {
  return {
    ...errorResponse(405, 'MethodNotAllowedException', `use ${allowed.split(', ').join(' or ')}`),
    headers: { 'content-type': 'application/json', allow: allowed },
  };
}

/**
 * Serves the admin endpoints under `/_nimbus/`: `GET health` (ready, version, data dir,
 * resource counts, whether the storage has room for writes (tried again while it had none),
 * this process, the background work's lease, and the store: `sqlite`, or `postgresql` with the
 * log entry this node applied last, the log's head and the lag), `GET health/live` (the process answers),
 * `GET health/ready` (it takes requests: 503 once a graceful stop began), `GET metrics`
 * (Prometheus text, added up over every worker), `faults` (`GET` the injection in force,
 * `POST`/`PUT` a new one as JSON or the compact form, `DELETE` to stop injecting; on every
 * worker at once), and `POST reset` (removes every resource of every module, for tests).
 */
export async function serveAdmin(request: AdminRequest, target: AdminTarget): Promise<LocalResponse> {
  const refused = refusal(request, target.context);
  if (refused) return refused;
  const name = request.path.slice(ADMIN_PREFIX.length);
  const { method } = request;
  switch (name) {
    case 'health':
      if (method !== 'GET') return methodNotAllowed('GET');
      return json(200, {
        ready: target.ready(),
        version: packageVersion(),
        endpoint: target.context.endpoint,
        dataDir: target.context.dataDir,
        s3Dir: target.context.s3Dir,
        counts: counts(target),
        faultsActive: target.faults.injector !== undefined,
        largeBodies: target.bodies(),
        storage: await storageReport(target),
        pid: process.pid,
        background: leaseReport(target),
        store: target.context.writes.report?.() ?? { kind: 'sqlite' },
      });
    case 'health/live':
      if (method !== 'GET') return methodNotAllowed('GET');
      return json(200, { live: true, pid: process.pid });
    case 'health/ready':
      if (method !== 'GET') return methodNotAllowed('GET');
      return target.ready() ? json(200, { ready: true }) : json(503, { ready: false, reason: 'stopping' });
    case 'metrics':
      if (method !== 'GET') return methodNotAllowed('GET');
      return metrics(target);
    case 'faults':
      if (method === 'GET') return json(200, await faultsReport(target));
      if (method === 'POST' || method === 'PUT') return setFaults(target, request.body);
      if (method === 'DELETE') {
        await target.peers.applyFaults(null);
        return json(200, await faultsReport(target));
      }
      return methodNotAllowed('GET, POST, PUT, DELETE');
    case 'reset':
      if (method !== 'POST') return methodNotAllowed('POST');
      await target.context.writes.window(() => {
        for (const module of target.modules) module.reset(target.context);
      });
      return json(200, { reset: true, counts: counts(target) });
    default:
      return errorResponse(
        404,
        'NotFoundException',
        `no admin endpoint ${request.path}; there are ${ADMIN_PREFIX}health (and health/live, health/ready), ${ADMIN_PREFIX}metrics, ${ADMIN_PREFIX}faults and ${ADMIN_PREFIX}reset`,
      );
  }
}
