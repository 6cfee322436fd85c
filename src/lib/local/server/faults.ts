import { setTimeout as sleep } from 'node:timers/promises';
import type { LocalResponse } from '../types.js';
import { errorResponse } from './wire.js';

/** The faults one request may meet. Rates are fractions in [0, 1]. */
export interface FaultRates {
  /** Fraction of requests answered with a throttling error without being served. */
  throttleRate?: number;
  /** Fraction of requests answered `503 ServiceUnavailableException` without being served. */
  serverErrorRate?: number;
  /** Fraction of requests whose connection is reset (TCP RST) instead of answered, without being served. */
  resetRate?: number;
  /** Milliseconds added before every request is served or faulted. */
  latencyMs?: number;
  /**
   * Fraction of the documents of a `BatchPutDocument` or `BatchDeleteDocument` request that are
   * left out of the request served and reported in `FailedDocuments` with the transient
   * `InternalError` code: the answer stays truthful (those documents were not stored/deleted).
   */
  documentFailureRate?: number;
}

/**
 * Faults the local service can inject, to test how a client copes with throttling, server
 * errors, resets, slowness and partial batch failures. Choices are pseudo-random from `seed`,
 * so a run can be replayed.
 */
export interface FaultInjection extends FaultRates {
  /** The seed of the pseudo-random choices; a fixed default when not given. */
  seed?: number;
  /** The operations (e.g. `Query`, `ListProjects`) the top-level rates apply to; every operation when not given. */
  operations?: string[];
  /** Rates for single operations, by name: each replaces the top-level rates it sets, for that operation. */
  perOperation?: Record<string, FaultRates>;
}

/** The request parts fault injection reads. */
export interface FaultRequest {
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Buffer;
  /** The operation served; read from `X-Amz-Target` when not given. */
  operation?: string;
}

/** Counts of the faults injected so far. */
export interface FaultCounts {
  throttled: number;
  serverErrors: number;
  resets: number;
  /** Requests that were slowed down. */
  delayed: number;
  /** Documents reported as failed. */
  documentFailures: number;
}

/** A fault configuration, checked, with every rate filled in. */
export type CheckedFaults = Required<FaultRates> & {
  seed: number;
  operations?: readonly string[];
  perOperation: Readonly<Record<string, Required<FaultRates>>>;
};

/** A fault injector: one seeded random sequence and its counts. */
export interface FaultInjector {
  /** The configuration, checked. */
  readonly config: CheckedFaults;
  /** The faults injected so far. */
  readonly counts: Readonly<FaultCounts>;
  /**
   * Serves `request` through `handle` with faults applied: delays it, answers some requests with
   * a throttling or server error, resets some connections (an answer with `resetConnection`),
   * and removes some documents of a batch request before serving it, adding them to the
   * answer's `FailedDocuments`.
   */
  apply<R extends FaultRequest>(request: R, handle: (request: R) => Promise<LocalResponse>): Promise<LocalResponse>;
}

const DEFAULT_SEED = 0x5eed;
/** The longest added latency: a minute. */
const MAX_LATENCY_MS = 60_000;
const RATE_NAMES = ['throttleRate', 'serverErrorRate', 'resetRate', 'documentFailureRate'] as const;
const KNOWN_SETTINGS = new Set<string>([...RATE_NAMES, 'latencyMs', 'seed', 'operations', 'perOperation']);
const DOCUMENT_FAILURE_MESSAGE = 'injected fault: the document was not processed; send it again';
/** The batch operations whose documents can fail one by one, and the request member listing them. */
const BATCH_MEMBERS: Readonly<Record<string, { list: string; id: (entry: unknown) => unknown }>> = {
  BatchPutDocument: { list: 'Documents', id: (entry) => (entry as { Id?: unknown } | null)?.Id },
  BatchDeleteDocument: { list: 'DocumentIdList', id: (entry) => entry },
};

function checkRate(where: string, value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new RangeError(`${where} must be a number from 0 to 1, not ${String(value)}`);
  return value;
}

function checkRates(where: string, rates: FaultRates, base?: Required<FaultRates>): Required<FaultRates> {
  if (rates === null || typeof rates !== 'object' || Array.isArray(rates)) throw new RangeError(`${where} must be an object of fault rates`);
  const pick = (name: keyof FaultRates): number => {
    if (rates[name] === undefined && base) return base[name];
    return name === 'latencyMs' ? checkLatency(`${where}.${name}`, rates[name]) : checkRate(`${where}.${name}`, rates[name]);
  };
  const checked = {
    throttleRate: pick('throttleRate'),
    serverErrorRate: pick('serverErrorRate'),
    resetRate: pick('resetRate'),
    latencyMs: pick('latencyMs'),
    documentFailureRate: pick('documentFailureRate'),
  };
  if (checked.throttleRate + checked.serverErrorRate + checked.resetRate > 1) {
    throw new RangeError(`${where}: throttleRate + serverErrorRate + resetRate must not exceed 1`);
  }
  return checked;
}

function checkLatency(where: string, value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_LATENCY_MS) {
    throw new RangeError(`${where} must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}, not ${String(value)}`);
  }
  return value;
}

/** Checks a fault configuration and fills its defaults; throws a RangeError naming the bad setting. */
export function checkFaultInjection(config: FaultInjection): CheckedFaults {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) throw new RangeError('faults must be an object of fault settings');
  const unknown = Object.keys(config).filter((name) => !KNOWN_SETTINGS.has(name));
  if (unknown.length > 0) throw new RangeError(`faults has no setting ${unknown.join(', ')}; known: ${[...KNOWN_SETTINGS].join(', ')}`);
  const rates = checkRates('faults', config);
  const seed = config.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`faults.seed must be an integer, not ${String(config.seed)}`);
  if (config.operations !== undefined && (!Array.isArray(config.operations) || config.operations.some((name) => typeof name !== 'string'))) {
    throw new RangeError('faults.operations must be a list of operation names');
  }
  const perOperation: Record<string, Required<FaultRates>> = {};
  if (config.perOperation !== undefined) {
    if (config.perOperation === null || typeof config.perOperation !== 'object' || Array.isArray(config.perOperation)) {
      throw new RangeError('faults.perOperation must map operation names to fault rates');
    }
    for (const [operation, overrides] of Object.entries(config.perOperation)) {
      const extra = Object.keys(overrides ?? {}).filter((name) => !(RATE_NAMES as readonly string[]).includes(name) && name !== 'latencyMs');
      if (extra.length > 0) throw new RangeError(`faults.perOperation.${operation} has no setting ${extra.join(', ')}`);
      perOperation[operation] = checkRates(`faults.perOperation.${operation}`, overrides, rates);
    }
  }
  return { ...rates, seed, ...(config.operations === undefined ? {} : { operations: [...config.operations] }), perOperation };
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

/** A throttling answer in the request's protocol: JSON (X-Amz-Target) or REST-JSON. */
function throttled(json: boolean): LocalResponse {
  return json
    ? errorResponse(400, 'ThrottlingException', 'Rate exceeded (injected fault)')
    : errorResponse(429, 'TooManyRequestsException', 'Too many requests (injected fault)');
}

/** Creates a fault injector for `config` (checked with {@link checkFaultInjection}). */
export function createFaultInjector(config: FaultInjection): FaultInjector {
  const checked = checkFaultInjection(config);
  const random = seededRandom(checked.seed);
  const counts: FaultCounts = { throttled: 0, serverErrors: 0, resets: 0, delayed: 0, documentFailures: 0 };
  const none: Required<FaultRates> = { throttleRate: 0, serverErrorRate: 0, resetRate: 0, latencyMs: 0, documentFailureRate: 0 };
  const ratesOf = (operation: string | undefined): Required<FaultRates> => {
    if (operation !== undefined && Object.hasOwn(checked.perOperation, operation)) return checked.perOperation[operation]!;
    const applies = checked.operations === undefined || (operation !== undefined && checked.operations.includes(operation));
    return applies ? checked : none;
  };

  const requestFault = (rates: Required<FaultRates>, json: boolean): LocalResponse | undefined => {
    if (rates.throttleRate === 0 && rates.serverErrorRate === 0 && rates.resetRate === 0) return undefined;
    const draw = random();
    if (draw < rates.throttleRate) {
      counts.throttled++;
      return throttled(json);
    }
    if (draw < rates.throttleRate + rates.serverErrorRate) {
      counts.serverErrors++;
      return errorResponse(503, 'ServiceUnavailableException', 'The service is unavailable (injected fault)');
    }
    if (draw < rates.throttleRate + rates.serverErrorRate + rates.resetRate) {
      counts.resets++;
      return { status: 0, resetConnection: true };
    }
    return undefined;
  };

  return {
    config: checked,
    counts,
    async apply(request, handle) {
      const operation = request.operation ?? targetOperation(request.headers);
      const rates = ratesOf(operation);
      if (rates.latencyMs > 0) {
        counts.delayed++;
        await sleep(rates.latencyMs);
      }
      const fault = requestFault(rates, request.headers['x-amz-target'] !== undefined);
      if (fault) return fault;
      const batch = operation === undefined ? undefined : BATCH_MEMBERS[operation];
      if (!batch || rates.documentFailureRate === 0) return handle(request);
      const input = parseObject(request.body);
      const entries = input?.[batch.list];
      if (!input || !Array.isArray(entries)) return handle(request);
      const kept: unknown[] = [];
      const failed: Array<{ Id: unknown; ErrorCode: string; ErrorMessage: string }> = [];
      for (const entry of entries) {
        if (random() < rates.documentFailureRate) failed.push({ Id: batch.id(entry), ErrorCode: 'InternalError', ErrorMessage: DOCUMENT_FAILURE_MESSAGE });
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
