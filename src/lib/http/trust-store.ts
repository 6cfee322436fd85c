import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { readBoundedFile } from '../config/bounded-file.js';
import { pemCertificates } from './pem.js';

/** Where Linux distributions (and macOS) keep the system's trusted certificates, as one PEM file. */
const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

/** The system's bundle: `SSL_CERT_FILE` when set (as OpenSSL reads it), else the first file of {@link SYSTEM_BUNDLES} that exists. */
function readSystemBundle(env: NodeJS.ProcessEnv): string {
  for (const file of env.SSL_CERT_FILE ? [env.SSL_CERT_FILE] : SYSTEM_BUNDLES) {
    try {
      return readBoundedFile(file, undefined, 'a CA bundle').toString('utf8');
    } catch {
      // Not on this system (or not a readable bundle of at most 4 MiB): try the next.
    }
  }
  return '';
}

interface NativeContext {
  addCACert?(pem: string): void;
}

let systemContext: SecureContext | undefined;

/**
 * The TLS context that trusts the system's certificates: Node's bundled authorities (Mozilla's,
 * plus `NODE_EXTRA_CA_CERTS`) and those of the system's trust store that Node does not bundle
 * (a company's root installed with update-ca-certificates, say). Made once per process; the
 * system's additions are added to Node's ready-made store rather than parsing every authority
 * again, which would cost tens of milliseconds per run.
 */
export function systemTrustContext(env: NodeJS.ProcessEnv = process.env): SecureContext {
  if (systemContext) return systemContext;
  const body = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
  const bundled = new Set(rootCertificates.map(body));
  const additions = pemCertificates(readSystemBundle(env)).filter((pem) => !bundled.has(body(pem)));
  const context = createSecureContext();
  const native = (context as unknown as { context?: NativeContext }).context;
  if (!additions.length) systemContext = context;
  else if (typeof native?.addCACert === 'function') {
    for (const pem of additions) native.addCACert(pem);
    systemContext = context;
  } else {
    systemContext = createSecureContext({ ca: [...rootCertificates, ...additions] });
  }
  return systemContext;
}

/** The TLS options that make a connection verify as `verify` says (see the `http` option). */
export function tlsTrustOptions(
  verify: boolean | string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { rejectUnauthorized: boolean; ca?: string; secureContext?: SecureContext } {
  if (verify === false) return { rejectUnauthorized: false };
  // A CA bundle replaces the default authorities, as in the AWS CLI.
  if (typeof verify === 'string') return { rejectUnauthorized: true, ca: readBoundedFile(verify, undefined, 'a CA bundle').toString('utf8') };
  return { rejectUnauthorized: true, secureContext: systemTrustContext(env) };
}

/**
 * A TLS context that trusts the system's certificates ({@link systemTrustContext}) and, in
 * addition, the certificates of the PEM bundle `extraPem` (a private CA, say); the system's
 * context itself when the bundle holds none.
 */
export function systemTrustContextWith(extraPem: string, env: NodeJS.ProcessEnv = process.env): SecureContext {
  const extras = pemCertificates(extraPem);
  if (extras.length === 0) return systemTrustContext(env);
  const body = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
  const bundled = new Set(rootCertificates.map(body));
  const additions = pemCertificates(readSystemBundle(env)).filter((pem) => !bundled.has(body(pem)));
  return createSecureContext({ ca: [...rootCertificates, ...additions, ...extras] });
}
