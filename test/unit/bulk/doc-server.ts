import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultInjector, type FaultInjection, type FaultInjector } from '../../../src/lib/local/server/faults.js';
import type { LocalResponse } from '../../../src/lib/local/types.js';
import { RetryConfiguration } from '../../../src/lib/retry/retry-configuration.js';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';

/** One call the server served (after faults). */
export interface ServedCall {
  operation: string;
  ids: string[];
  bytes: number;
  started: number;
  ended: number;
}

/** How the test document server behaves. */
export interface DocServerOptions {
  faults?: FaultInjection;
  /** Milliseconds each call takes. */
  delayMs?: number;
  /** A per-document verdict: a permanent failure for the document, or undefined to store it. */
  reject?: (document: Record<string, unknown>) => { code: string; message: string } | undefined;
  /** Answer every call with this error instead (e.g. an unknown index). */
  fail?: { status: number; code: string; message: string };
}

/** A small real JSON 1.1 server that stores documents in memory, with optional fault injection. */
export interface DocServer {
  endpoint: string;
  documents: Map<string, Record<string, unknown>>;
  calls: ServedCall[];
  /** Requests received (faulted or not). */
  received: number;
  /** Most calls in progress at once. */
  maxConcurrent: number;
  injector?: FaultInjector;
  close(): Promise<void>;
}

function read(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startDocServer(options: DocServerOptions = {}): Promise<DocServer> {
  const injector = options.faults ? createFaultInjector(options.faults) : undefined;
  let concurrent = 0;
  const state: DocServer = {
    endpoint: '',
    documents: new Map(),
    calls: [],
    received: 0,
    maxConcurrent: 0,
    ...(injector ? { injector } : {}),
    close: async () => undefined,
  };

  const serve = async (request: { headers: Record<string, string>; body: Buffer }): Promise<LocalResponse> => {
    const operation = (request.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
    const input = JSON.parse(request.body.toString()) as Record<string, unknown>;
    const call: ServedCall = { operation, ids: [], bytes: request.body.length, started: Date.now(), ended: 0 };
    concurrent++;
    state.maxConcurrent = Math.max(state.maxConcurrent, concurrent);
    try {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail) return { status: options.fail.status, body: { __type: options.fail.code, message: options.fail.message } };
      const failed: Array<{ Id: string; ErrorCode: string; ErrorMessage: string }> = [];
      if (operation === 'BatchPutDocument') {
        for (const document of input.Documents as Array<Record<string, unknown>>) {
          const id = document.Id as string;
          call.ids.push(id);
          const verdict = options.reject?.(document);
          if (verdict) failed.push({ Id: id, ErrorCode: verdict.code, ErrorMessage: verdict.message });
          else state.documents.set(id, document);
        }
      } else if (operation === 'BatchDeleteDocument') {
        for (const id of input.DocumentIdList as string[]) {
          call.ids.push(id);
          state.documents.delete(id);
        }
      } else return { status: 400, body: { __type: 'UnknownOperationException', message: operation } };
      return { status: 200, body: failed.length ? { FailedDocuments: failed } : {} };
    } finally {
      concurrent--;
      call.ended = Date.now();
      state.calls.push(call);
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const body = await read(req);
      state.received++;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      const request = { headers, body };
      const answer = injector ? await injector.apply(request, serve) : await serve(request);
      const payload = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(JSON.stringify(answer.body ?? {}));
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'r-1', ...answer.headers });
      res.end(payload);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A well-formed index id. */
export const INDEX = '0123456789abcdef0123456789abcdef0123';

/** Standard retries, 10 attempts, with backoffs cut to at most 5 ms. */
const FAST_RETRIES = new RetryConfiguration({
  mode: 'standard',
  max_attempts: 10,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5))),
});

/** A search client for a test server: static test credentials, no shared files, fast retries. */
export function testClient(endpoint: string, retries: unknown = FAST_RETRIES): SearchClient {
  return new SearchClient({
    region: 'us-east-1',
    version: '2019-02-03',
    endpoint,
    credentials: { key: 'test', secret: 'test' },
    use_aws_shared_config_files: false,
    retries,
  });
}
