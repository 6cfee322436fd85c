import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { createFaultInjector, type FaultInjection, type FaultInjector } from '../../../src/lib/local/server/faults.js';
import type { LocalResponse } from '../../../src/lib/local/types.js';
import { SignatureV4 } from '../../../src/lib/signing/sigv4.js';

/** A real HTTP proxy in front of the local service that injects faults into what passes. */
export interface FaultProxy {
  endpoint: string;
  injector: FaultInjector;
  close(): Promise<void>;
}

const FORWARDED = ['content-type', 'x-amz-target', 'user-agent', 'amz-sdk-invocation-id', 'amz-sdk-request'];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Starts a proxy on port 0 that applies `faults` (the same {@link createFaultInjector} the local
 * server can host) and forwards what it lets through to `target`, signed again with SigV4 and
 * the `test`/`test` credentials (the body may have changed: failed documents are taken out).
 */
export async function startFaultProxy(target: string, faults: FaultInjection): Promise<FaultProxy> {
  const injector = createFaultInjector(faults);
  const signer = new SignatureV4();
  const upstream = new URL(target);
  const forward = async (incoming: { headers: Record<string, string>; body: Buffer; path: string; region: string }): Promise<LocalResponse> => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) if (incoming.headers[name] !== undefined) headers[name] = incoming.headers[name]!;
    const signed = signer.sign(
      {
        method: 'POST',
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: Number(upstream.port),
        path: incoming.path,
        query: {},
        headers,
        body: incoming.body,
      },
      { key: 'test', secret: 'test' },
      { region: incoming.region, service: 'kendra' },
    );
    const answer = await request(`${target}${incoming.path}`, { method: 'POST', headers: signed.headers, body: incoming.body });
    const body = Buffer.from(await answer.body.arrayBuffer());
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers))
      if (typeof value === 'string' && name !== 'content-length' && name !== 'connection' && name !== 'keep-alive') responseHeaders[name] = value;
    return { status: answer.statusCode, headers: responseHeaders, body };
  };

  const server = createServer((req, res) => {
    void (async () => {
      try {
        const body = await readBody(req);
        const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
        const region = /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(headers.authorization ?? '')?.[1] ?? 'us-east-1';
        const answer = await injector.apply({ headers, body, path: req.url ?? '/', region }, forward);
        const payload = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(JSON.stringify(answer.body ?? {}));
        res.writeHead(answer.status, { 'x-amzn-requestid': 'proxy', ...answer.headers, 'content-length': String(payload.length) });
        res.end(payload);
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy failure: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    injector,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
