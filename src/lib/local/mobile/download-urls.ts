import { SignatureV4, uriEncode } from '../../signing/sigv4.js';
import type { LocalContext, LocalRequest } from '../types.js';
import { mobileError } from './mobile-error.js';

/** The signing name of the mobile API; download URLs are presigned for it. */
export const MOBILE_SIGNING_NAME = 'AWSMobileHubService';

/** The path prefix of the downloads the local mobile service serves. */
const DOWNLOAD_PATH_PREFIX = '/downloads/';

/** The path a snapshot's zip is downloaded from. */
export function snapshotPath(snapshotId: string): string {
  return `${DOWNLOAD_PATH_PREFIX}exports/${encodeURIComponent(snapshotId)}.zip`;
}

/** The path a bundle zip is downloaded from. */
export function bundlePath(downloadId: string): string {
  return `${DOWNLOAD_PATH_PREFIX}bundles/${encodeURIComponent(downloadId)}.zip`;
}

const signer = new SignatureV4();

/** A `Host` header worth building a URL with: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/**
 * A time-limited URL of a download served by the local service itself, presigned (SigV4 in
 * the query string) with the credentials of the access key that made `req`, for the host the
 * caller reached the service at (its `Host` header; the service endpoint when that is unusable).
 */
export function presignedDownloadUrl(ctx: LocalContext, req: LocalRequest, path: string, expiresIn: number): string {
  const secret = ctx.credentials.get(req.accessKey);
  if (secret === undefined) {
    throw mobileError('InternalFailureException', 'the access key of this request is no longer configured');
  }
  const target = reachedAt(new URL(ctx.endpoint), req.headers['host']);
  const host = target.host;
  const presigned = signer.presign(
    {
      method: 'GET',
      protocol: target.protocol,
      hostname: target.hostname,
      ...(target.port === '' ? {} : { port: Number(target.port) }),
      path,
      query: {},
      headers: { host },
    },
    { key: req.accessKey, secret, token: ctx.sessionTokens?.get(req.accessKey) },
    { region: req.region, service: MOBILE_SIGNING_NAME, expiresIn, signingDate: ctx.now() },
  );
  const query = Object.entries(presigned.query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${uriEncode(key)}=${uriEncode(v)}`))
    .join('&');
  return `${target.protocol}//${host}${path}?${query}`;
}

function reachedAt(endpoint: URL, host: string | undefined): URL {
  if (host === undefined || !HOST.test(host)) return endpoint;
  try {
    return new URL(`${endpoint.protocol}//${host}`);
  } catch {
    return endpoint;
  }
}
