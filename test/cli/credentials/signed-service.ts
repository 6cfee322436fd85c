import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';

/** The credentials a request was signed with, as they arrived. */
export interface SeenSignature {
  accessKey: string;
  /** The `x-amz-security-token` header, if any. */
  token?: string;
}

/**
 * The local service accepting only the given keys, behind a recording HTTP relay that notes the
 * access key of each request's signature and its session token before passing it on.
 */
export interface SignedService {
  endpoint: string;
  seen: SeenSignature[];
  close(): Promise<void>;
}

/** Starts the local service (its own temporary data directory) and the relay in front of it. */
export async function startSignedService(keys: Array<{ key: string; secret: string }>): Promise<SignedService> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-signed-'));
  const service: LocalService = await startLocalService({ port: 0, dataDir: dir, credentials: keys });
  const target = new URL(service.endpoint);
  const seen: SeenSignature[] = [];
  const relay = createServer((req, res) => {
    const credential = /Credential=([^/]+)\//.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
    const token = req.headers['x-amz-security-token'];
    seen.push({ accessKey: credential, ...(typeof token === 'string' ? { token } : {}) });
    const forward = httpRequest({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    seen,
    async close() {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
