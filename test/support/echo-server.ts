import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** What the test server answers: status, headers and a body (JSON-encoded unless a Buffer or string). */
export interface CannedResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A real HTTP server on port 0 that records requests and answers with what `respond` returns. */
export interface TestServer {
  endpoint: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a recording server on 127.0.0.1 and a random port. */
export async function startTestServer(
  respond: (request: SeenRequest, response: ServerResponse) => CannedResponse | undefined | Promise<CannedResponse | undefined>,
): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(seen);
      const reply = async (): Promise<void> => {
        const answer = await respond(seen, res);
        if (!answer || res.writableEnded || res.destroyed) return;
        const body =
          answer.body === undefined ? '' : Buffer.isBuffer(answer.body) || typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status ?? 200, { 'x-amzn-requestid': 'req-1', ...answer.headers });
        res.end(body);
      };
      // A responder that fails resets the connection: the client under test sees the failure.
      reply().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
