import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An HTTPS front for a plain-http loopback server, with a private CA made for it. */
export interface TlsRelay {
  /** `https://127.0.0.1:<port>`. */
  endpoint: string;
  /** The PEM file of the CA that signed the relay's certificate. */
  caFile: string;
  close(): Promise<void>;
}

/** Makes a CA and a certificate for 127.0.0.1 with openssl, and relays HTTPS requests to `target`. */
export async function startTlsRelay(target: string): Promise<TlsRelay> {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-tls-'));
  const file = (name: string): string => join(dir, name);
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=nimbus test CA', '-keyout', file('ca.key'), '-out', file('ca.pem'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(file('ext.cnf'), 'subjectAltName = IP:127.0.0.1\nbasicConstraints = CA:FALSE\n');
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', file('ext.cnf'), '-out', file('server.pem'));
  const to = new URL(target);
  const server = createServer({ key: readFileSync(file('server.key')), cert: readFileSync(file('server.pem')) }, (req, res) => {
    const forward = httpRequest({ hostname: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile: file('ca.pem'),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
