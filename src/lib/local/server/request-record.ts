import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalServiceModule } from '../types.js';
import { ADMIN_PREFIX } from './admin.js';
import { flattenHeaders } from './flatten-headers.js';
import type { RequestMetrics } from './request-metrics.js';

/**
 * What the service knows of one request once answered, for the request log and the metrics:
 * never a secret, a signature, a token, a query string or a body.
 */
export interface RequestRecord {
  requestId: string;
  method: string;
  /** The path, without the query string (which may carry a presigned URL's signature). */
  path: string;
  /** The operation (`Query`, `ListProjects`, `admin:health`…), as the request names it; `-` when none does. */
  operation: string;
  /** The HTTP status answered; 0 when the connection was reset or closed before an answer. */
  status: number;
  latencyMs: number;
  /** The body bytes read. */
  bytesIn: number;
  /** The body bytes answered. */
  bytesOut: number;
  /** The access key that signed the request, once its signature was verified. */
  accessKeyId?: string;
  remoteAddress?: string;
  userAgent?: string;
}

const ADMIN_NAMES = new Set(['health', 'health/live', 'health/ready', 'metrics', 'faults', 'reset']);
/** The most distinct operation labels the metrics keep; others count as `other` (the names come from callers). */
const MAX_OPERATION_LABELS = 256;

function operationOf(modules: readonly LocalServiceModule[], method: string, path: string, headers: Record<string, string>): string {
  if (path.startsWith(ADMIN_PREFIX)) {
    const name = path.slice(ADMIN_PREFIX.length);
    return ADMIN_NAMES.has(name) ? `admin:${name}` : 'admin:unknown';
  }
  const module = modules.find((candidate) => candidate.matches(method, path, headers));
  return module?.operationName(method, path, headers) ?? '-';
}

/**
 * Starts a {@link RequestRecord} for each request and completes it when the answer ends: counts
 * it in the metrics (unsigned requests under `unauthenticated`), tells `onRequest`, and keeps
 * count of the requests in flight for a graceful stop.
 */
export class RequestTracker {
  private inFlight = 0;
  private idle: Array<() => void> = [];
  private readonly labels = new Set<string>();

  /**
   * @param modules the modules that name operations
   * @param metrics where answered requests are counted
   * @param onRequest told of every answered request
   */
  constructor(
    private readonly modules: readonly LocalServiceModule[],
    private readonly metrics: RequestMetrics,
    private readonly onRequest: ((record: RequestRecord) => void) | undefined,
  ) {}

  /** The record of a request that just arrived; completed when `res` closes. */
  begin(req: IncomingMessage, res: ServerResponse): RequestRecord {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const record: RequestRecord = {
      requestId: randomUUID(),
      method,
      path,
      operation: operationOf(this.modules, method, path, flattenHeaders(req.headers)),
      status: 0,
      latencyMs: 0,
      bytesIn: 0,
      bytesOut: 0,
      remoteAddress: req.socket.remoteAddress,
      userAgent: req.headers['user-agent'],
    };
    this.inFlight += 1;
    res.once('close', () => {
      record.latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
      record.status = res.writableFinished ? res.statusCode : 0;
      record.bytesOut = record.status === 0 ? 0 : Number(res.getHeader('content-length') ?? 0);
      this.metrics.observe(this.label(record), record.status, record.latencyMs / 1000);
      this.onRequest?.(record);
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const callback of this.idle.splice(0)) callback();
    });
    return record;
  }

  /** Calls `callback` once no request is in flight (at once when none is). */
  onIdle(callback: () => void): void {
    if (this.inFlight === 0) callback();
    else this.idle.push(callback);
  }

  private label(record: RequestRecord): string {
    const operation = record.accessKeyId !== undefined || record.operation.startsWith('admin:') ? record.operation : 'unauthenticated';
    if (this.labels.has(operation)) return operation;
    if (this.labels.size >= MAX_OPERATION_LABELS) return 'other';
    this.labels.add(operation);
    return operation;
  }
}
