import type { HttpRequest } from '../http/types.js';

/** The endpoint-derived parts of a request: scheme, host, port and the endpoint's own query. */
export type EndpointParts = Pick<HttpRequest, 'protocol' | 'hostname' | 'port' | 'query'>;

/** The parts of each endpoint URL, split once per URL (and again when its `href` changes). */
const splitEndpoints = new WeakMap<URL, { href: string; parts: EndpointParts }>();

/** Splits an endpoint URL into request parts (a new object each time); the query holds the endpoint's own parameters. */
export function endpointParts(endpoint: URL): EndpointParts {
  const href = endpoint.href;
  let split = splitEndpoints.get(endpoint);
  if (split?.href !== href) {
    const query: Record<string, string | string[]> = {};
    // Most endpoints have no query: reading `search` first spares making a URLSearchParams.
    if (endpoint.search !== '') for (const [key, value] of endpoint.searchParams) addQuery(query, key, value);
    const parts = { protocol: endpoint.protocol, hostname: endpoint.hostname, ...(endpoint.port === '' ? {} : { port: Number(endpoint.port) }), query };
    split = { href, parts };
    splitEndpoints.set(endpoint, split);
  }
  const { parts } = split;
  const query: Record<string, string | string[]> = {};
  for (const key in parts.query) {
    const value = parts.query[key]!;
    query[key] = Array.isArray(value) ? [...value] : value;
  }
  return parts.port === undefined
    ? { protocol: parts.protocol, hostname: parts.hostname, query }
    : { protocol: parts.protocol, hostname: parts.hostname, port: parts.port, query };
}

/**
 * Joins the endpoint's base path and an operation path the way botocore does: `/` (or an
 * empty path) keeps the base path (`/` when there is none); otherwise the two are concatenated
 * without doubling the slash.
 */
export function joinPath(basePath: string, path: string): string {
  if (path === '' || path === '/') return basePath === '' ? '/' : basePath;
  if (basePath.endsWith('/') && path.startsWith('/')) return basePath.slice(0, -1) + path;
  return basePath + path;
}

/** Adds a query value, turning a repeated key into an array. */
export function addQuery(query: Record<string, string | string[]>, key: string, value: string): void {
  const existing = query[key];
  if (existing === undefined) query[key] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else query[key] = [existing, value];
}
