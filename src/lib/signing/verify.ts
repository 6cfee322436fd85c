import { timingSafeEqual } from 'node:crypto';
import { canonicalQuery, canonicalRequest, canonicalUri, parseQueryString } from './canonical.js';
import { UNSIGNED_PAYLOAD, SigningKeyCache, credentialScope, formatAmzDate, sha256Hex, signatureHex, stringToSign } from './sigv4-primitives.js';
import { PRESIGN_MARKERS, parseAuthorizationHeader, parsePresignedQuery, verifyFailure, type SignatureParams, type VerifyFailure } from './verify-params.js';

export type { VerifyFailure, VerifyFailureCode } from './verify-params.js';

/** A request as the server received it. */
export interface VerifyRequest {
  method: string;
  /** The raw path as received (still percent-encoded), without the query string. */
  path: string;
  /** The query: a `URLSearchParams`, or the raw query string without `?`. */
  query: URLSearchParams | string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** When a signature is checked. */
export interface VerifyOptions {
  /** The server's current time; default now. */
  now?: Date;
  /** How far the signing time may be from `now`, in seconds; default 900 (15 minutes). */
  maxSkewSeconds?: number;
}

/** A request whose signature is valid. */
export interface VerifySuccess {
  ok: true;
  accessKey: string;
  /** The region of the credential scope. */
  region: string;
  /** The signing name of the credential scope, e.g. `kendra`. */
  service: string;
  /** The signing time. */
  date: Date;
  /** True when the signature came in the query string. */
  presigned: boolean;
  /** The lower-case names of the headers the signature covers, as listed in it. */
  signedHeaders: readonly string[];
}

/** The outcome of {@link verifySigV4}. */
export type VerifyResult = VerifySuccess | VerifyFailure;

const MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

const keys = new SigningKeyCache();

function constantTimeEqual(expected: string, provided: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(provided, 'utf8');
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

function skewText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min.` : `${seconds} sec.`;
}

/** The time checks: signing time within the allowed skew, presigned requests not expired. */
function checkTime(params: SignatureParams, now: Date, maxSkewSeconds: number): VerifyFailure | undefined {
  const skewMs = maxSkewSeconds * 1000;
  const signed = params.date.getTime();
  const nowText = formatAmzDate(now);
  if (signed - now.getTime() > skewMs) {
    const limit = formatAmzDate(new Date(now.getTime() + skewMs));
    const message = `Signature not yet current: ${params.amzDate} is still later than ${limit} (${nowText} + ${skewText(maxSkewSeconds)})`;
    return verifyFailure('InvalidSignatureException', message);
  }
  if (params.expires !== undefined) {
    const expiry = new Date(signed + params.expires * 1000);
    if (now.getTime() <= expiry.getTime()) return undefined;
    const message =
      `Signature expired: the presigned request was signed at ${params.amzDate}, was valid for ${params.expires} seconds ` +
      `and expired at ${formatAmzDate(expiry)}; it is now ${nowText}.`;
    return verifyFailure('InvalidSignatureException', message);
  }
  if (now.getTime() - signed > skewMs) {
    const limit = formatAmzDate(new Date(now.getTime() - skewMs));
    const message = `Signature expired: ${params.amzDate} is now earlier than ${limit} (${nowText} - ${skewText(maxSkewSeconds)})`;
    return verifyFailure('InvalidSignatureException', message);
  }
  return undefined;
}

/** The payload hashes a signature may have used, or a failure when `x-amz-content-sha256` lies. */
function payloadHashes(request: VerifyRequest, presigned: boolean): string[] | VerifyFailure {
  const declared = request.headers['x-amz-content-sha256'];
  const actual = sha256Hex(request.body);
  if (declared === undefined) return presigned ? [UNSIGNED_PAYLOAD, actual] : [actual];
  if (declared === UNSIGNED_PAYLOAD || declared === actual) return [declared];
  return verifyFailure('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
}

/**
 * Verifies the SigV4 signature of a request as the real services do, from its Authorization
 * header or its presigned query string. `lookupSecret` maps an access key to its secret
 * (undefined for an unknown key). Failure messages never contain the secret or the expected
 * signature.
 */
export function verifySigV4(request: VerifyRequest, lookupSecret: (accessKey: string) => string | undefined, options: VerifyOptions = {}): VerifyResult {
  const pairs = typeof request.query === 'string' ? parseQueryString(request.query) : [...request.query];
  const query = new URLSearchParams(pairs);
  const authorization = request.headers['authorization'];
  const presigned = PRESIGN_MARKERS.some((name) => query.has(name));
  if (authorization === undefined && !presigned) {
    return verifyFailure('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  if (authorization !== undefined && presigned) {
    return verifyFailure(
      'IncompleteSignatureException',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter or the Authorization header should be specified.',
    );
  }
  const parsed = presigned ? parsePresignedQuery(query) : parseAuthorizationHeader(authorization!, request.headers);
  if (!parsed.ok) return parsed;
  const { params } = parsed;

  const secret = lookupSecret(params.accessKey);
  if (secret === undefined) {
    return verifyFailure('UnrecognizedClientException', 'The security token included in the request is invalid.');
  }
  if (params.scopeDate !== params.amzDate.slice(0, 8)) {
    return verifyFailure(
      'InvalidSignatureException',
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${params.scopeDate}' != '${params.amzDate.slice(0, 8)}', from '${params.amzDate}'.`,
    );
  }
  const timeFailure = checkTime(params, options.now ?? new Date(), options.maxSkewSeconds ?? 900);
  if (timeFailure) return timeFailure;
  if (!params.signedHeaders.includes('host')) {
    return verifyFailure('InvalidSignatureException', "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
  }
  const hashes = payloadHashes(request, params.presigned);
  if (!Array.isArray(hashes)) return hashes;

  const signedHeaders = Object.fromEntries(params.signedHeaders.map((name) => [name, Object.hasOwn(request.headers, name) ? request.headers[name]! : '']));
  const uri = canonicalUri(request.path, { normalizePath: true, uriEscapePath: true });
  const canonicalQueryText = canonicalQuery(pairs, params.presigned ? new Set(['X-Amz-Signature']) : undefined);
  const scope = credentialScope(params.scopeDate, params.region, params.service);
  const signingKey = keys.get(secret, params.scopeDate, params.region, params.service);
  let matched = false;
  for (const payloadHash of hashes) {
    const creq = canonicalRequest({ method: request.method, uri, query: canonicalQueryText, headers: signedHeaders, payloadHash });
    const expected = signatureHex(signingKey, stringToSign(params.amzDate, scope, creq));
    matched = constantTimeEqual(expected, params.signature) || matched;
  }
  if (!matched) return verifyFailure('InvalidSignatureException', MISMATCH_MESSAGE);
  const { accessKey, region, service, date, signedHeaders: signedNames } = params;
  return { ok: true, accessKey, region, service, date, presigned: params.presigned, signedHeaders: signedNames };
}
