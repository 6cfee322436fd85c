/**
 * Test support for HTTPS and proxies on loopback: a private CA made with openssl at test time
 * ({@link createTestPki}), a TLS front for any plain HTTP server ({@link startTlsFront}), a
 * CONNECT proxy that counts tunnels ({@link startConnectProxy}), all of it around a local
 * service ({@link startTlsService}), and the AWS CLIs to run the same cases as a reference
 * ({@link AWS_CLIS}, {@link runAwsCli}).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../../src/lib/local/server.js';
import { createTestPki, type TestPki } from './pki.js';
import { startTlsFront, type TlsFront } from './tls-front.js';
import { startSignatureRecorder, type SeenSignature, type SignatureRecorder } from './signature-recorder.js';

export { createTestPki, type IssuedCertificate, type TestPki } from './pki.js';
export { startTlsFront, type TlsFront, type TlsFrontOptions } from './tls-front.js';
export { startConnectProxy, type TestProxy, type TestProxyOptions } from './connect-proxy.js';
export { AWS_CLIS, runAwsCli, type AwsCliResult } from './aws-cli.js';
export { startSignatureRecorder, type SeenSignature, type SignatureRecorder } from './signature-recorder.js';

/** A local service reachable over HTTPS with a certificate from a private CA. */
export interface TlsService {
  /** The CA (trust `pki.ca.certFile`) and the other certificates. */
  pki: TestPki;
  /** The local service itself (plain HTTP on its own port). */
  service: LocalService;
  /** The TLS front forwarding to it. */
  front: TlsFront;
  /** `https://127.0.0.1:<port>`: the endpoint to use. */
  endpoint: string;
  /**
   * The access key and session token of every request, in order: filled when started with
   * `recordSignatures` (the front then forwards to a recording relay in front of the service).
   */
  seen: SeenSignature[];
  /** A temporary directory (the service's data is under it; free for a test's HOME and files). */
  dir: string;
  close(): Promise<void>;
}

/**
 * Starts a local service over a temporary data directory behind a TLS front whose certificate
 * (for 127.0.0.1 and localhost) is signed by a new private CA. `options` go to the service
 * (`credentials`, `createDelay`…). With `recordSignatures`, a {@link startSignatureRecorder} relay
 * sits between the front and the service and `seen` lists how each request was signed. Call
 * `close()` to stop everything and remove every file.
 */
export async function startTlsService(options: Omit<LocalServiceOptions, 'port' | 'dataDir'> = {}, { recordSignatures = false } = {}): Promise<TlsService> {
  const pki = createTestPki();
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-tls-'));
  const service = await startLocalService({ createDelay: 0, ...options, port: 0, dataDir: join(dir, 'data') });
  const recorder: SignatureRecorder | undefined = recordSignatures ? await startSignatureRecorder(service.endpoint) : undefined;
  const front = await startTlsFront({ targetPort: recorder?.port ?? service.port, cert: pki.server.cert, key: pki.server.key });
  return {
    pki,
    service,
    front,
    endpoint: front.endpoint,
    seen: recorder?.seen ?? [],
    dir,
    async close() {
      await front.close();
      await recorder?.close();
      await service.close();
      pki.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
