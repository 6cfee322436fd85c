import { resolveEndpointUrl } from '../../config/endpoint-url.js';
import type { Profile } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import { ConnectionError } from '../../errors/connection-error.js';
import type { HttpHandler } from '../../http/undici-handler.js';
import { LEGACY_THROTTLING_CODES, TRANSIENT_STATUS_CODES } from '../../errors/error-codes.js';
import { callWithRetries } from '../../retry/call-with-retries.js';
import { LegacyRetryStrategy } from '../../retry/legacy-strategy.js';
import { SsoServiceError } from '../../errors/sso-service-error.js';

/** How the SSO portal and SSO-OIDC calls are sent. */
export interface SsoTransport {
  /** The profile whose `services` section and `endpoint_url` may name the endpoints. */
  profile: Profile;
  env: Env;
  /** The HTTP handler; default undici's, without a proxy. */
  httpHandler?: HttpHandler;
}

/** The two services an SSO sign-in talks to, by their model's service id. */
export type SsoServiceId = 'SSO' | 'SSO OIDC';

/**
 * A service's endpoint: configured as for every service (`AWS_ENDPOINT_URL_SSO`,
 * `AWS_ENDPOINT_URL_SSO_OIDC`, `AWS_ENDPOINT_URL`, the profile's `services` section and
 * `endpoint_url`), else `https://portal.sso.<region>.amazonaws.com` or `https://oidc.<region>.amazonaws.com`.
 */
export function ssoEndpoint(service: SsoServiceId, region: string, transport: SsoTransport): string {
  const configured = resolveEndpointUrl(service, transport.profile, transport.env);
  if (configured) return configured;
  const suffix = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return `https://${service === 'SSO' ? 'portal.sso' : 'oidc'}.${region}.${suffix}`;
}

/** One REST-JSON call: method, path below the endpoint, query, headers and an optional JSON body. */
export interface SsoCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** Error codes that come in the OAuth `error` field (SSO-OIDC) instead of a header. */
const OAUTH_ERRORS: Record<string, string> = {
  authorization_pending: 'AuthorizationPendingException',
  slow_down: 'SlowDownException',
  expired_token: 'ExpiredTokenException',
  access_denied: 'AccessDeniedException',
  invalid_grant: 'InvalidGrantException',
  invalid_client: 'InvalidClientException',
  invalid_request: 'InvalidRequestException',
};

let defaultHandler: Promise<HttpHandler> | undefined;

/** Attempts per call, as botocore's legacy retry mode makes them. */
const MAX_ATTEMPTS = 3;

/** True for a failure worth another attempt: no answer (a kept-alive connection the server closed, say), a 5xx, or throttling. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  return error instanceof SsoServiceError && (TRANSIENT_STATUS_CODES.has(error.statusCode) || LEGACY_THROTTLING_CODES.has(error.code));
}

/**
 * Sends an unsigned REST-JSON request (these operations take a bearer token or a client secret,
 * not a signature) and returns the JSON object it answers. A call that gets no answer, a 5xx or
 * throttling is made again (3 attempts in all, exponential backoff with jitter).
 * @throws SsoServiceError for an error response (code from `x-amzn-errortype`, the body's
 *   `__type`, `code` or OAuth `error`); ConnectionError when no response came.
 */
export async function ssoRequest(service: SsoServiceId, region: string, call: SsoCall, transport: SsoTransport): Promise<Record<string, unknown>> {
  const { value } = await callWithRetries(new LegacyRetryStrategy(MAX_ATTEMPTS, Math.random, isRetryable), () => sendOnce(service, region, call, transport));
  return value;
}

async function sendOnce(service: SsoServiceId, region: string, call: SsoCall, transport: SsoTransport): Promise<Record<string, unknown>> {
  const base = new URL(ssoEndpoint(service, region, transport));
  const handler = transport.httpHandler ?? (await (defaultHandler ??= import('../../http/undici-handler.js').then((module) => module.createUndiciHandler({}))));
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const response = await handler({
    method: call.method,
    protocol: base.protocol,
    hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(base.port ? { port: Number(base.port) } : {}),
    path: `${base.pathname.replace(/\/$/, '')}${call.path}`,
    query: call.query ?? {},
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
      ...call.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = Buffer.from(response.body).toString('utf8');
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = text.trim() ? JSON.parse(text) : {};
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    // Not JSON: an error page; the status code says what happened.
  }
  if (response.statusCode >= 200 && response.statusCode < 300) return parsed;
  const header = response.headers['x-amzn-errortype']?.split(':')[0];
  const fromBody = [parsed.__type, parsed.code].find((value): value is string => typeof value === 'string' && value !== '');
  const oauth = typeof parsed.error === 'string' ? OAUTH_ERRORS[parsed.error] : undefined;
  const code = (header || fromBody?.replace(/^.*#/, '') || oauth) ?? String(response.statusCode);
  const message = [parsed.message, parsed.Message, parsed.error_description].find((value): value is string => typeof value === 'string') ?? '';
  throw new SsoServiceError(service, code, message, response.statusCode);
}
