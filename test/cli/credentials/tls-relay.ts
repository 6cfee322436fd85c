import { createTestPki, startTlsFront } from '../../support/tls/index.js';

/** An HTTPS front for a plain-http loopback server, with a private CA made for it. */
export interface TlsRelay {
  /** `https://127.0.0.1:<port>`. */
  endpoint: string;
  /** The PEM file of the CA that signed the relay's certificate. */
  caFile: string;
  close(): Promise<void>;
}

/** Makes a private CA and a certificate for loopback, and fronts the HTTP server at `target` with TLS. */
export async function startTlsRelay(target: string): Promise<TlsRelay> {
  const pki = createTestPki();
  const front = await startTlsFront({ targetPort: Number(new URL(target).port), cert: pki.server.cert, key: pki.server.key });
  return {
    endpoint: front.endpoint,
    caFile: pki.ca.certFile,
    async close() {
      await front.close();
      pki.cleanup();
    },
  };
}
