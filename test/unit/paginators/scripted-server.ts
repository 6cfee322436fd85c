import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer. */
export interface ScriptedResponse {
  status?: number;
  /** JSON body (an error is `{__type, message}`). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer only a request whose input has these values (undefined: absent). */
  when?: Record<string, unknown>;
}

/** What the server saw. */
export interface SeenRequest {
  /** The operation from `X-Amz-Target` (`ListIndices`). */
  operation: string;
  input: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/** Answers per operation: the first whose `when` matches, else in order (the last one repeats). */
export type Script = Record<string, ScriptedResponse[]>;

/** A running scripted server. */
export interface ScriptedServer {
  endpoint: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real JSON 1.1 (`X-Amz-Target: AWSKendraFrontendService.<Op>`) HTTP server on port 0 that
 * answers each operation from a script and records every request.
 */
export async function startScriptedServer(script: Script, onRequest?: (request: SeenRequest) => void): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  const counters = new Map<string, number>();
  let served = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.slice(target.indexOf('.') + 1);
      const text = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = { operation, input: text ? JSON.parse(text) : {}, headers: req.headers };
      requests.push(seen);
      onRequest?.(seen);
      const answers = script[operation];
      if (!answers?.length) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify({ __type: 'UnknownOperationException', message: `not scripted: ${operation}` }));
        return;
      }
      const index = counters.get(operation) ?? 0;
      counters.set(operation, index + 1);
      const matching = answers.find((candidate) => candidate.when && Object.entries(candidate.when).every(([key, value]) => seen.input[key] === value));
      const answer = matching ?? answers[Math.min(index, answers.length - 1)];
      const send = (): void => {
        res.writeHead(answer.status ?? 200, {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-requestid': `req-${++served}`,
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body ?? {}));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Options of a client talking to a scripted server. */
export function clientOptions(endpoint: string): { region: string; version: string; endpoint: string; credentials: { key: string; secret: string } } {
  return { region: 'us-east-1', version: '2019-02-03', endpoint, credentials: { key: 'AKID', secret: 'SECRET' } };
}

/** A ListIndices page with these index ids, answering the request that sends `token`. */
export function indexPage(ids: string[], nextToken?: string, token?: string): ScriptedResponse {
  return {
    when: { NextToken: token },
    body: {
      IndexConfigurationSummaryItems: ids.map((id) => ({ Id: id, Name: `name-${id}`, Status: 'ACTIVE', CreatedAt: 1700000000, UpdatedAt: 1700000000 })),
      ...(nextToken === undefined ? {} : { NextToken: nextToken }),
    },
  };
}
