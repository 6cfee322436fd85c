import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { verifySigV4 } from '../../signing/verify.js';
import type { LocalContext, LocalResponse, LocalServiceModule } from '../types.js';
import { parseFaultSpec } from './fault-spec.js';
import { createFaultInjector, type FaultInjector } from './faults.js';
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

function faultsReport(faults: FaultState): Record<string, unknown> {
  const injector = faults.injector;
  return { faults: injector ? injector.config : null, injected: injector ? injector.counts : null };
}

function counts(target: AdminTarget): Record<string, Record<string, number>> {
  return Object.fromEntries(target.modules.map((module) => [module.name, module.counts(target.context)]));
}

function setFaults(target: AdminTarget, body: Buffer): LocalResponse {
  try {
    const spec = body.toString('utf8').trim();
    target.faults.injector = spec === '' ? undefined : createFaultInjector(parseFaultSpec(spec));
  } catch (error) {
    return errorResponse(400, 'ValidationException', (error as Error).message);
  }
  return json(200, faultsReport(target.faults));
}

function methodNotAllowed(allowed: string): LocalResponse {
  return {
    ...errorResponse(405, 'MethodNotAllowedException', `use ${allowed.split(', ').join(' or ')}`),
    headers: { 'content-type': 'application/json', allow: allowed },
  };
}

/**
 * Serves the admin endpoints under `/_nimbus/`: `GET health` (ready, version, data dir,
 * resource counts, whether the storage has room for writes, tried again while it had none),
 * `faults` (`GET` the injection in force, `POST`/`PUT` a new one as JSON or the compact form,
 * `DELETE` to stop injecting), and `POST reset` (removes every resource of every module, for
 * tests).
 */
export function serveAdmin(request: AdminRequest, target: AdminTarget): LocalResponse {
  const refused = refusal(request, target.context);
  if (refused) return refused;
  const name = request.path.slice(ADMIN_PREFIX.length);
  const { method } = request;
  switch (name) {
    case 'health':
      if (method !== 'GET') return methodNotAllowed('GET');
      target.context.storage.probe(target.context.db);
      return json(200, {
        ready: true,
        version: packageVersion(),
        endpoint: target.context.endpoint,
        dataDir: target.context.dataDir,
        s3Dir: target.context.s3Dir,
        counts: counts(target),
        faultsActive: target.faults.injector !== undefined,
        largeBodies: target.bodies(),
        storage: target.context.storage.report(),
      });
    case 'faults':
      if (method === 'GET') return json(200, faultsReport(target.faults));
      if (method === 'POST' || method === 'PUT') return setFaults(target, request.body);
      if (method === 'DELETE') {
        target.faults.injector = undefined;
        return json(200, faultsReport(target.faults));
      }
      return methodNotAllowed('GET, POST, PUT, DELETE');
    case 'reset':
      if (method !== 'POST') return methodNotAllowed('POST');
      for (const module of target.modules) module.reset(target.context);
      return json(200, { reset: true, counts: counts(target) });
    default:
      return errorResponse(
        404,
        'NotFoundException',
        `no admin endpoint ${request.path}; there are ${ADMIN_PREFIX}health, ${ADMIN_PREFIX}faults and ${ADMIN_PREFIX}reset`,
      );
  }
}
