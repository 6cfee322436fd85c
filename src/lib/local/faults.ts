import { errorResponse } from './server/wire.js';
import type { LocalResponse } from './types.js';

/**
 * Faults the local service can inject, to test how a client copes with throttling, server
 * errors and partial batch failures. Rates are fractions in [0, 1]; choices are pseudo-random
 * from `seed`, so a run can be replayed.
 */
export interface FaultInjection {
  /** Fraction of requests answered `400 ThrottlingException` without being served. */
  throttleRate?: number;
  /** Fraction of requests answered `503 ServiceUnavailableException` without being served. */
  serverErrorRate?: number;
  /**
   * Fraction of the documents of a `BatchPutDocument` or `BatchDeleteDocument` request that are
   * left out of the request served and reported in `FailedDocuments` with the transient
   * `InternalError` code: the answer stays truthful (those documents were not stored/deleted).
   */
  documentFailureRate?: number;
  /** The seed of the pseudo-random choices; a fixed default when not given. */
  seed?: number;
  /** The operations (JSON protocol `X-Amz-Target` names) the faults apply to; every request when not given. */
  operations?: string[];
}

/** The request parts fault injection reads. */
export interface FaultRequest {
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
}

/** Counts of the faults injected so far. */
export interface FaultCounts {
  throttled: number;
  serverErrors: number;
  /** Documents reported as failed. */
  documentFailures: number;
}

/** A fault injector: one seeded random sequence and its counts. */
export interface FaultInjector {
  /** The configuration, checked. */
  readonly config: Readonly<Required<Omit<FaultInjection, 'operations'>>> & { operations?: readonly string[] };
  /** The faults injected so far. */
  readonly counts: Readonly<FaultCounts>;
  /**
   * Serves `request` through `handle` with faults applied: answers some requests with a
   * throttling or server error, and removes some documents of a batch request before serving
   * it, adding them to the answer's `FailedDocuments`.
   */
  apply<R extends FaultRequest>(request: R, handle: (request: R) => Promise<LocalResponse>): Promise<LocalResponse>;
}

const DEFAULT_SEED = 0x5eed;
const DOCUMENT_FAILURE_MESSAGE = 'injected fault: the document was not processed; send it again';
/** The batch operations whose documents can fail one by one, and the request member listing them. */
const BATCH_MEMBERS: Readonly<Record<string, { list: string; id: (entry: unknown) => unknown }>> = {
  BatchPutDocument: { list: 'Documents', id: (entry) => (entry as { Id?: unknown } | null)?.Id },
  BatchDeleteDocument: { list: 'DocumentIdList', id: (entry) => entry },
};

function checkRate(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`faults.${name} must be a number from 0 to 1, not ${String(value)}`);
  return value;
}

/** Checks a fault configuration and fills its defaults; throws a RangeError naming the bad setting. */
export function checkFaultInjection(config: FaultInjection): FaultInjector['config'] {
  const throttleRate = checkRate('throttleRate', config.throttleRate);
  const serverErrorRate = checkRate('serverErrorRate', config.serverErrorRate);
  if (throttleRate + serverErrorRate > 1) throw new RangeError('faults.throttleRate + faults.serverErrorRate must not exceed 1');
  const seed = config.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`faults.seed must be an integer, not ${String(config.seed)}`);
  if (config.operations !== undefined && (!Array.isArray(config.operations) || config.operations.some((name) => typeof name !== 'string'))) {
    throw new RangeError('faults.operations must be a list of operation names');
  }
  return {
    throttleRate,
    serverErrorRate,
    documentFailureRate: checkRate('documentFailureRate', config.documentFailureRate),
    seed,
    ...(config.operations === undefined ? {} : { operations: [...config.operations] }),
  };
}

/** A seeded pseudo-random source of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The operation of a JSON-protocol request (`AWSKendraFrontendService.Query` → `Query`), if any. */
export function targetOperation(headers: Record<string, string>): string | undefined {
  const target = headers['x-amz-target'];
  if (!target) return undefined;
  const dot = target.lastIndexOf('.');
  return dot < 0 ? target : target.slice(dot + 1);
}

function parseObject(body: unknown): Record<string, unknown> | undefined {
  try {
    const value: unknown = Buffer.isBuffer(body) || typeof body === 'string' ? JSON.parse(body.toString()) : body;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function withoutLength(headers: Record<string, string> | undefined): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (name.toLowerCase() !== 'content-length') copy[name] = value;
  return copy;
}

/** Creates a fault injector for `config` (checked with {@link checkFaultInjection}). */
export function createFaultInjector(config: FaultInjection): FaultInjector {
  const checked = checkFaultInjection(config);
  const random = seededRandom(checked.seed);
  const counts: FaultCounts = { throttled: 0, serverErrors: 0, documentFailures: 0 };
  const applies = (operation: string | undefined): boolean =>
    checked.operations === undefined || (operation !== undefined && checked.operations.includes(operation));

  const requestFault = (): LocalResponse | undefined => {
    if (checked.throttleRate === 0 && checked.serverErrorRate === 0) return undefined;
    const draw = random();
    if (draw < checked.throttleRate) {
      counts.throttled++;
      return errorResponse(400, 'ThrottlingException', 'Rate exceeded (injected fault)');
    }
    if (draw < checked.throttleRate + checked.serverErrorRate) {
      counts.serverErrors++;
      return errorResponse(503, 'ServiceUnavailableException', 'The service is unavailable (injected fault)');
    }
    return undefined;
  };

  return {
    config: checked,
    counts,
    async apply(request, handle) {
      const operation = targetOperation(request.headers);
      if (!applies(operation)) return handle(request);
      const fault = requestFault();
      if (fault) return fault;
      const batch = operation === undefined ? undefined : BATCH_MEMBERS[operation];
      if (!batch || checked.documentFailureRate === 0) return handle(request);
      const input = parseObject(request.body);
      const entries = input?.[batch.list];
      if (!input || !Array.isArray(entries)) return handle(request);
      const kept: unknown[] = [];
      const failed: Array<{ Id: unknown; ErrorCode: string; ErrorMessage: string }> = [];
      for (const entry of entries) {
        if (random() < checked.documentFailureRate) failed.push({ Id: batch.id(entry), ErrorCode: 'InternalError', ErrorMessage: DOCUMENT_FAILURE_MESSAGE });
        else kept.push(entry);
      }
      if (failed.length === 0) return handle(request);
      if (kept.length === 0) {
        counts.documentFailures += failed.length;
        return { status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: { FailedDocuments: failed } };
      }
      const response = await handle({ ...request, body: Buffer.from(JSON.stringify({ ...input, [batch.list]: kept })) });
      const output = response.status === 200 ? parseObject(response.body ?? {}) : undefined;
      if (!output) return response;
      counts.documentFailures += failed.length;
      const reported = Array.isArray(output.FailedDocuments) ? output.FailedDocuments : [];
      return { status: 200, headers: withoutLength(response.headers), body: { ...output, FailedDocuments: [...reported, ...failed] } };
    },
  };
}
