import type { SecureContext } from 'node:tls';
import { createRequire } from 'node:module';
import type { Dispatcher } from 'undici';
import { charsetParameter } from './page-charset.js';

type Undici = typeof import('undici');
let loaded: Undici | undefined;
/** undici, loaded by the first crawl: a service (or a `--local` run) that never crawls never loads it. */
const undici = (): Undici => (loaded ??= createRequire(import.meta.url)('undici') as Undici);

/** The most redirects followed from one URL. */
export const MAX_REDIRECTS = 5;
/** How long a server may take to answer with its headers, and between two chunks of its body. */
export const FETCH_TIMEOUT_MS = 30_000;
/** How long one fetch may take in all, redirects included. */
export const FETCH_TOTAL_TIMEOUT_MS = 120_000;
/** The User-Agent the crawler sends. */
export const USER_AGENT = 'amazon-kendra (nimbus local service web crawler)';

/** What a fetch brought back. */
export type FetchOutcome =
  /** An answer (any status) of the final URL after redirects, with its body when 2xx. */
  | { kind: 'answer'; url: string; status: number; contentType: string; charset?: string; body: Buffer }
  /** A redirect to a URL the crawl may not fetch (out of scope, or too many redirects). */
  | { kind: 'redirect-refused'; url: string; reason: string }
  /** A body over the size limit: not read further. */
  | { kind: 'too-large'; url: string }
  /** No answer: a network, TLS or timeout failure. */
  | { kind: 'failed'; url: string; reason: string };

/** How the crawler fetches: its TLS trust, proxy, auth and limits. */
export interface FetchPolicy {
  dispatcher: Dispatcher;
  /** The largest body read, in bytes. */
  maxBytes: number;
  /** Whether a redirect to `url` may be followed. */
  mayFollow(url: URL): boolean;
  /** The Authorization header for `url`, when the configuration gives credentials for its host and port. */
  authorization(url: URL): string | undefined;
}

/**
 * The dispatcher of a crawl: TLS connections that trust `trust` (the system's store plus
 * `--ca-bundle`), through the web proxy `proxy` (its `Proxy-Authorization` from its
 * credentials) when given.
 */
export function crawlDispatcher(trust: SecureContext, proxy?: { host: string; port: number; authorization?: string }): Dispatcher {
  const tls = { secureContext: trust, rejectUnauthorized: true };
  const timeouts = { headersTimeout: FETCH_TIMEOUT_MS, bodyTimeout: FETCH_TIMEOUT_MS, connectTimeout: FETCH_TIMEOUT_MS };
  if (!proxy) return new (undici().Agent)({ connect: tls, ...timeouts });
  return new (undici().ProxyAgent)({
    uri: `http://${proxy.host.includes(':') ? `[${proxy.host}]` : proxy.host}:${proxy.port}`,
    ...(proxy.authorization ? { token: proxy.authorization } : {}),
    requestTls: tls,
    ...timeouts,
  });
}

/** The media type of a Content-Type header, lower case, without parameters, and its charset parameter when it has one. */
function mediaType(header: string | string[] | undefined): { contentType: string; charset?: string } {
  const value = (Array.isArray(header) ? header[0] : header) ?? '';
  const charset = charsetParameter(value.slice(value.indexOf(';') + 1 || value.length));
  return { contentType: value.split(';')[0]!.trim().toLowerCase(), ...(charset ? { charset } : {}) };
}

/** Reads a body up to `maxBytes`; undefined (the rest discarded) when it is longer. */
async function boundedBody(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += (chunk as Buffer).length;
    if (length > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, length);
}

/**
 * GETs `start` as the crawler does: follows up to {@link MAX_REDIRECTS} redirects that the
 * policy lets it follow, sends the configured basic credentials only to their host and port,
 * reads at most `maxBytes` of a 2xx body (the Content-Length is checked first), and gives up
 * after the timeouts. Never throws: a failure is an outcome.
 */
export async function fetchPage(start: string, policy: FetchPolicy): Promise<FetchOutcome> {
  let url = new URL(start);
  const signal = AbortSignal.timeout(FETCH_TOTAL_TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const authorization = policy.authorization(url);
      const answer = await undici().request(url, {
        method: 'GET',
        dispatcher: policy.dispatcher,
        signal,
        headers: { 'user-agent': USER_AGENT, accept: '*/*', ...(authorization ? { authorization } : {}) },
      });
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && location !== undefined) {
        await answer.body.dump();
        const next = new URL(Array.isArray(location) ? location[0]! : location, url);
        next.hash = '';
        if (redirects >= MAX_REDIRECTS) return { kind: 'redirect-refused', url: url.href, reason: `more than ${MAX_REDIRECTS} redirects` };
        if (!policy.mayFollow(next)) return { kind: 'redirect-refused', url: url.href, reason: `it redirects to ${next.href}, outside the crawl's scope` };
        url = next;
        continue;
      }
      const { contentType, charset } = mediaType(answer.headers['content-type']);
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        await answer.body.dump();
        return { kind: 'answer', url: url.href, status: answer.statusCode, contentType, body: Buffer.alloc(0) };
      }
      const declared = Number(answer.headers['content-length']);
      if (Number.isFinite(declared) && declared > policy.maxBytes) {
        answer.body.destroy();
        return { kind: 'too-large', url: url.href };
      }
      const body = await boundedBody(answer.body, policy.maxBytes);
      if (body === undefined) return { kind: 'too-large', url: url.href };
      return { kind: 'answer', url: url.href, status: answer.statusCode, contentType, ...(charset ? { charset } : {}), body };
    }
  } catch (error) {
    const reason = signal.aborted ? `no complete answer within ${FETCH_TOTAL_TIMEOUT_MS / 1000} seconds` : describeFailure(error);
    return { kind: 'failed', url: url.href, reason };
  }
}

/** A fetch failure in one line: its code and message, and its cause's (a TLS error, say). */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let current = error as { message?: string; code?: string; cause?: unknown } | undefined, depth = 0; current && depth < 3; depth += 1) {
    const text = [current.code, current.message].filter(Boolean).join(' ');
    if (text && !parts.includes(text)) parts.push(text);
    current = current.cause as typeof current;
  }
  return parts.join(': ') || String(error);
}
