/** What the TLS error codes of Node (OpenSSL's verification results) mean, in words. */
const CERTIFICATE_FAILURES: Readonly<Record<string, string>> = {
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is signed by an authority that is not trusted',
  UNABLE_TO_GET_ISSUER_CERT: 'its certificate is signed by an authority that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate is signed by an authority that is not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed authority that is not trusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed and not trusted',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
  CERT_REVOKED: 'its certificate has been revoked',
  CERT_SIGNATURE_FAILURE: 'its certificate signature is invalid',
  CERT_UNTRUSTED: 'its certificate is not trusted',
  CERT_REJECTED: 'its certificate is rejected',
  INVALID_CA: 'its certificate chain has an invalid authority',
  PATH_LENGTH_EXCEEDED: 'its certificate chain is too long',
  INVALID_PURPOSE: 'its certificate is not for TLS servers',
  HOSTNAME_MISMATCH: 'its certificate is for another host name',
};

/** The codes of a certificate whose authority is not trusted (rather than expired or for another host). */
const UNTRUSTED = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

/** True when the certificate was refused because its authority is not trusted: trusting the authority would help. */
export function isUntrustedCertificate(code: string | undefined): boolean {
  return code !== undefined && UNTRUSTED.has(code);
}

/** True for an error code that means the server's certificate failed verification (retrying cannot help). */
export function isCertificateFailure(code: string | undefined): boolean {
  return code !== undefined && Object.hasOwn(CERTIFICATE_FAILURES, code);
}

/**
 * One line on why the certificate of `host` was refused, e.g. `the certificate of 127.0.0.1 is
 * not trusted: its certificate has expired (CERT_HAS_EXPIRED)`; undefined for other errors.
 */
export function describeCertificateFailure(code: string | undefined, host: string): string | undefined {
  if (!isCertificateFailure(code)) return undefined;
  return `TLS certificate verification failed for ${host}: ${CERTIFICATE_FAILURES[code!]} (${code})`;
}
