import type { Credentials } from '../credentials/types.js';
import type { HttpRequest } from '../http/types.js';
import { canonicalQuery, canonicalRequestOfNames, canonicalUri, sortedSignedNames } from './canonical.js';
import { SigningError } from '../errors/signing-error.js';
import {
  ALGORITHM,
  MAX_PRESIGN_EXPIRES,
  SigningKeyCache,
  UNSIGNED_PAYLOAD,
  credentialScope,
  formatAmzDate,
  sha256Hex,
  signatureHex,
  stringToSign,
} from './sigv4-primitives.js';
import type { Signer, SigningContext } from './types.js';

export { uriEncode } from './canonical.js';
export { deriveSigningKey, formatAmzDate, parseAmzDate, sha256Hex, stringToSign } from './sigv4-primitives.js';

/**
 * The header names SigV4 leaves unsigned by default: botocore's list (hop-by-hop headers,
 * `expect`, `user-agent`, `x-amzn-trace-id`) plus `authorization`.
 */
export const DEFAULT_UNSIGNED_HEADERS: readonly string[] = [
  'authorization',
  'connection',
  'expect',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
];

/** The query parameters a presigned request carries. */
const PRESIGN_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Security-Token', 'X-Amz-Signature'];

/** The intermediate results of one signature, for debug logging and tests. */
export interface SigningDetails {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/** How a {@link SignatureV4} signs. */
export interface SignatureV4Options {
  /** Header names (any case) never signed; default {@link DEFAULT_UNSIGNED_HEADERS}. */
  unsignedHeaders?: Iterable<string>;
  /** Remove dot segments and duplicate slashes from the path; default true (false for S3). */
  normalizePath?: boolean;
  /** Percent-encode the already-encoded path once more; default true (false for S3). */
  uriEscapePath?: boolean;
  /** Add and sign `x-amz-content-sha256` when signing with headers; default false. */
  contentSha256Header?: boolean;
  /** Sign the session token; when false it is added after signing. Default true. */
  signSessionToken?: boolean;
  /** Presign with the payload hash `UNSIGNED-PAYLOAD` instead of the body's hash; default true. */
  unsignedPresignPayload?: boolean;
  /** Receives the canonical request, string to sign and signature of every signature made. */
  log?: (details: SigningDetails) => void;
}

/** The `host` header value for a request: lower-case host name, plus a non-default port. */
export function hostHeader(request: Pick<HttpRequest, 'protocol' | 'hostname' | 'port'>): string {
  let host = request.hostname.toLowerCase();
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  const defaultPort = request.protocol === 'https:' ? 443 : request.protocol === 'http:' ? 80 : undefined;
  return request.port !== undefined && request.port !== defaultPort ? `${host}:${request.port}` : host;
}

/** A copy of `headers` with lower-case names (values of names differing only in case joined with `,`). */
function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    if (!Object.hasOwn(headers, name)) continue;
    const value = headers[name]!;
    const lower = name.toLowerCase();
    out[lower] = Object.hasOwn(out, lower) ? `${out[lower]},${value}` : value;
  }
  return out;
}

/** Signature Version 4, by header (`sign`) or by query string (`presign`). */
export class SignatureV4 implements Signer {
  private readonly unsigned: ReadonlySet<string>;
  private readonly uriOptions: { normalizePath: boolean; uriEscapePath: boolean };
  private readonly contentSha256Header: boolean;
  private readonly signSessionToken: boolean;
  private readonly unsignedPresignPayload: boolean;
  private readonly log?: (details: SigningDetails) => void;
  private readonly keys = new SigningKeyCache();
  private lastPath?: string;
  private lastUri = '';
  /** The `host` header of the last request's host, port and scheme (the same call after call). */
  private lastHost?: { hostname: string; port?: number; protocol: string; header: string };

  constructor(options: SignatureV4Options = {}) {
    this.unsigned = new Set([...(options.unsignedHeaders ?? DEFAULT_UNSIGNED_HEADERS)].map((name) => name.toLowerCase()));
    this.uriOptions = { normalizePath: options.normalizePath ?? true, uriEscapePath: options.uriEscapePath ?? true };
    this.contentSha256Header = options.contentSha256Header ?? false;
    this.signSessionToken = options.signSessionToken ?? true;
    this.unsignedPresignPayload = options.unsignedPresignPayload ?? true;
    this.log = options.log;
  }

  /** Adds `host` (when missing), `x-amz-date`, `x-amz-security-token` and `authorization`. */
  sign(request: HttpRequest, credentials: Credentials | null, context: SigningContext): HttpRequest {
    const headers = lowerCaseHeaders(request.headers);
    if (!credentials) return { ...request, query: { ...request.query }, headers };
    const amzDate = formatAmzDate(context.signingDate ?? new Date());
    delete headers['authorization'];
    if (!Object.hasOwn(headers, 'host')) headers['host'] = this.hostHeader(request);
    headers['x-amz-date'] = amzDate;
    const token = credentials.token;
    if (token) {
      if (this.signSessionToken) headers['x-amz-security-token'] = token;
      else delete headers['x-amz-security-token'];
    }
    const payloadHash = headers['x-amz-content-sha256'] ?? sha256Hex(request.body ?? '');
    if (this.contentSha256Header) headers['x-amz-content-sha256'] = payloadHash;
    const names = sortedSignedNames(headers, this.unsigned);
    const query = canonicalQuery(request.query);
    const creq = canonicalRequestOfNames(request.method, this.canonicalUri(request.path), query, headers, names, payloadHash);
    const { scope, signature } = this.signature(credentials, context, amzDate, creq);
    headers['authorization'] = `${ALGORITHM} Credential=${credentials.key}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    if (token && !this.signSessionToken) headers['x-amz-security-token'] = token;
    return { ...request, query: { ...request.query }, headers };
  }

  /** Puts the signature in the query string, valid for `context.expiresIn` seconds (1 to 604800). */
  presign(request: HttpRequest, credentials: Credentials, context: SigningContext & { expiresIn: number }): HttpRequest {
    const { expiresIn } = context;
    if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_EXPIRES) {
      throw new SigningError(`A presigned request must expire in 1 to ${MAX_PRESIGN_EXPIRES} whole seconds, not ${expiresIn}.`);
    }
    const headers = lowerCaseHeaders(request.headers);
    delete headers['authorization'];
    if (!Object.hasOwn(headers, 'host')) headers['host'] = hostHeader(request);
    const query: Record<string, string | string[]> = { ...request.query };
    for (const name of PRESIGN_PARAMS) delete query[name];
    const amzDate = formatAmzDate(context.signingDate ?? new Date());
    const names = sortedSignedNames(headers, this.unsigned);
    const token = credentials.token;
    query['X-Amz-Algorithm'] = ALGORITHM;
    query['X-Amz-Credential'] = `${credentials.key}/${credentialScope(amzDate.slice(0, 8), context.region, context.service)}`;
    query['X-Amz-Date'] = amzDate;
    query['X-Amz-Expires'] = String(expiresIn);
    query['X-Amz-SignedHeaders'] = names.join(';');
    if (token && this.signSessionToken) query['X-Amz-Security-Token'] = token;
    const payloadHash = this.unsignedPresignPayload ? UNSIGNED_PAYLOAD : (headers['x-amz-content-sha256'] ?? sha256Hex(request.body ?? ''));
    const creq = canonicalRequestOfNames(request.method, this.canonicalUri(request.path), canonicalQuery(query), headers, names, payloadHash);
    const { signature } = this.signature(credentials, context, amzDate, creq);
    query['X-Amz-Signature'] = signature;
    if (token && !this.signSessionToken) query['X-Amz-Security-Token'] = token;
    return { ...request, query, headers };
  }

  /** The `host` header of a request (see {@link hostHeader}); the last one is kept. */
  private hostHeader(request: HttpRequest): string {
    const last = this.lastHost;
    if (last?.hostname === request.hostname && last.port === request.port && last.protocol === request.protocol) return last.header;
    const header = hostHeader(request);
    this.lastHost = { hostname: request.hostname, port: request.port, protocol: request.protocol, header };
    return header;
  }

  /** The canonical URI of a path; the last one is kept, as a client sends to the same path call after call. */
  private canonicalUri(path: string): string {
    if (path !== this.lastPath) {
      this.lastUri = canonicalUri(path, this.uriOptions);
      this.lastPath = path;
    }
    return this.lastUri;
  }

  private signature(credentials: Credentials, context: SigningContext, amzDate: string, creq: string): { scope: string; signature: string } {
    const day = amzDate.slice(0, 8);
    const scope = credentialScope(day, context.region, context.service);
    const sts = stringToSign(amzDate, scope, creq);
    const signature = signatureHex(this.keys.get(credentials.secret, day, context.region, context.service), sts);
    this.log?.({ canonicalRequest: creq, stringToSign: sts, signature });
    return { scope, signature };
  }
}
