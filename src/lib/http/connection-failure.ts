import { ConnectionError } from '../errors/connection-error.js';
import { ATTEMPT_TIMEOUT, RESPONSE_TOO_LARGE } from './response-limits.js';
import { describeCertificateFailure } from './tls-failure.js';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT', ATTEMPT_TIMEOUT]);

/**
 * Turns a transport failure into a {@link ConnectionError} the retry layer recognises, with a
 * one-line message naming the URL (never a query string or credentials). A refused certificate
 * says which host and why.
 */
export function toConnectionError(error: unknown, url: string): ConnectionError {
  const cause = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = cause?.code ?? cause?.cause?.code ?? 'ECONNECTION';
  const timeout = TIMEOUT_CODES.has(code);
  const certificate = describeCertificateFailure(code, URL.canParse(url) ? new URL(url).host : url);
  // undici's words for a proxy that refused the tunnel (407 when it wants credentials).
  const proxyStatus = /^Proxy response \((\d+)\)/.exec(cause?.message ?? '')?.[1];
  const reason = proxyStatus
    ? `the proxy answered ${proxyStatus} to CONNECT${proxyStatus === '407' ? ' (it wants credentials: http://user:password@host:port)' : ''}`
    : (cause?.message ?? code);
  const message = certificate
    ? `${certificate}, sending the request to ${url}`
    : `${timeout ? 'Timed out' : code === RESPONSE_TOO_LARGE ? 'Response refused' : 'Connection failed'} sending the request to ${url}: ${reason}`;
  return new ConnectionError(message, { code, timeout, cause: error });
}
