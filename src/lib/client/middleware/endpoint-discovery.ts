import type { CredentialProvider } from '../../credentials/types.js';
import type { OperationModel } from '../../model/operation-model.js';
import type { ServiceModel } from '../../model/service-model.js';
import { Command } from '../command.js';
import type { EndpointDiscoveryConfiguration } from '../discovery/endpoint-discovery-configuration.js';
import { EndpointDiscoveryError } from '../../errors/endpoint-discovery-error.js';
import { LruCache } from '../discovery/lru-cache.js';
import { ServiceException } from '../../errors/service-exception.js';
import type { Handler, Middleware } from '../handler-list.js';
import { ENDPOINT_CONTEXT_KEY } from './serialize.js';

/** After a discovery call, no new one is made for the same key for this long (on failures and invalid endpoints). */
export const DISCOVERY_COOLDOWN_MS = 60_000;

/** What the endpoint-discovery middleware needs from the client. */
export interface EndpointDiscoveryMiddlewareOptions {
  configuration: EndpointDiscoveryConfiguration;
  model: ServiceModel;
  /** The client's endpoint: its scheme is used for discovered addresses that have none. */
  endpoint: URL;
  /** The client's credentials: their access key is part of the cache key. */
  credentials: CredentialProvider | null;
  /** The handler discovery calls go through (the client's whole handler list), looked up per call. */
  handler: () => Handler;
  /** Epoch milliseconds; default `Date.now`. */
  now?: () => number;
}

function isInvalidEndpoint(error: unknown): boolean {
  return error instanceof ServiceException && (error.code === 'InvalidEndpointException' || error.statusCode === 421);
}

/** One discovered endpoint and when it stops being fresh (epoch milliseconds). */
interface CachedEndpoint {
  url: URL;
  expires: number;
}

/** A discovered address (`host[:port][/path]` or a full URL) as a URL, with `scheme` when it has none; undefined when it is not one. */
function addressUrl(address: unknown, scheme: string): URL | undefined {
  if (typeof address !== 'string' || address === '') return undefined;
  const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `${scheme}//${address}`;
  return URL.canParse(full) ? new URL(full) : undefined;
}

/**
 * Endpoint discovery (step `build`, before `serialize`). For an operation with the
 * `endpointdiscovery` trait, when discovery is enabled, it puts the discovered endpoint in
 * `command.context.endpoint` for the serializer:
 * - endpoints come from the model's discovery operation (`endpointoperation`), called through
 *   the client's handler list with `Operation` and `Identifiers` when the operation has
 *   `endpointdiscoveryid` members, and are cached per access key and identifiers in an LRU of
 *   `cache_limit` keys for their `CachePeriodInMinutes`;
 * - when discovery fails, an expired cached endpoint is used; else an optional operation uses the
 *   client's endpoint (and discovery rests for a minute), a required one fails;
 * - an `InvalidEndpointException` or a 421 drops the endpoint and the call is sent again (to
 *   another cached endpoint, a newly discovered one, or — optional operations — the client's);
 * - a required operation with discovery disabled fails with {@link EndpointDiscoveryError}.
 */
export function endpointDiscoveryMiddleware(options: EndpointDiscoveryMiddlewareOptions): Middleware {
  const { configuration, model } = options;
  const now = options.now ?? Date.now;
  const scheme = options.endpoint.protocol;
  const cache = new LruCache<CachedEndpoint[]>(configuration.cacheLimit);
  const discoveredAt = new LruCache<number>(configuration.cacheLimit);
  const discoveryOperation = model.operationNames.map((name) => model.operation(name)!).find((operation) => operation.isEndpointDiscoveryOperation);

  const fresh = (key: string): CachedEndpoint | undefined => cache.get(key)?.find((endpoint) => endpoint.expires > now());
  const recentlyDiscovered = (key: string): boolean => now() - (discoveredAt.get(key) ?? -Infinity) < DISCOVERY_COOLDOWN_MS;
  const drop = (key: string, url: URL): void => {
    const left = cache.get(key)?.filter((endpoint) => endpoint.url.href !== url.href);
    if (left?.length) cache.set(key, left);
    else cache.delete(key);
  };

  async function discover(command: Command, key: string, ids: Record<string, string>): Promise<URL> {
    if (!discoveryOperation) {
      throw new EndpointDiscoveryError(
        `${command.name} uses endpoint discovery, but the ${model.metadata.serviceId ?? 'service'} model has no discovery operation (endpointoperation)`,
        { operation: command.name },
      );
    }
    discoveredAt.set(key, now());
    const members = discoveryOperation.input?.members;
    const input: Record<string, unknown> = {};
    if (Object.keys(ids).length > 0) {
      if (members?.has('Operation')) input.Operation = command.name;
      if (members?.has('Identifiers')) input.Identifiers = ids;
    }
    const result = await options.handler()(new Command(discoveryOperation, input));
    const endpoints: CachedEndpoint[] = [];
    for (const item of Array.isArray(result.Endpoints) ? result.Endpoints : []) {
      const { Address: address, CachePeriodInMinutes: minutes } = (item ?? {}) as { Address?: unknown; CachePeriodInMinutes?: unknown };
      const url = addressUrl(address, scheme);
      if (url) endpoints.push({ url, expires: now() + (typeof minutes === 'number' && minutes > 0 ? minutes : 0) * 60_000 });
    }
    if (endpoints.length === 0) {
      throw new EndpointDiscoveryError(`${discoveryOperation.name} returned no usable endpoint for ${command.name}`, { operation: command.name });
    }
    cache.set(key, endpoints);
    return endpoints[0].url;
  }

  /** The endpoint to use: a fresh cached one, a newly discovered one, a stale one, or undefined for the client's. */
  async function resolve(command: Command, key: string, ids: Record<string, string>, required: boolean): Promise<URL | undefined> {
    const cached = fresh(key);
    if (cached) return cached.url;
    if (!required && !cache.get(key) && recentlyDiscovered(key)) return undefined;
    try {
      return await discover(command, key, ids);
    } catch (error) {
      const stale = cache.get(key)?.[0];
      if (stale) return stale.url;
      if (!required) return undefined;
      if (error instanceof EndpointDiscoveryError) throw error;
      throw new EndpointDiscoveryError(
        `${command.name} requires endpoint discovery, and discovering an endpoint failed: ${(error as Error)?.message ?? String(error)}`,
        {
          operation: command.name,
          cause: error,
        },
      );
    }
  }

  return (next) => async (command, request) => {
    const trait = command.operation.endpointDiscovery;
    if (!trait) return next(command, request);
    if (!configuration.enabled) {
      if (trait.required) {
        throw new EndpointDiscoveryError(
          `${command.name} requires endpoint discovery, which is disabled: enable it with the endpoint_discovery option, AWS_ENDPOINT_DISCOVERY_ENABLED or endpoint_discovery_enabled in the profile`,
          { operation: command.name },
        );
      }
      return next(command, request);
    }
    if (command.operation.isEndpointDiscoveryOperation) {
      throw new EndpointDiscoveryError(`${command.name} is marked both as using endpoint discovery and as the discovery operation; the model is wrong`, {
        operation: command.name,
      });
    }
    const ids = identifiers(command.operation, command.args);
    const key = await cacheKey(options.credentials, command, ids);
    let endpoint = await resolve(command, key, ids, trait.required);
    for (;;) {
      if (endpoint) command.context[ENDPOINT_CONTEXT_KEY] = endpoint;
      else delete command.context[ENDPOINT_CONTEXT_KEY];
      try {
        return await next(command, request);
      } catch (error) {
        if (!endpoint || !isInvalidEndpoint(error)) throw error;
        drop(key, endpoint);
        const other = fresh(key);
        if (other) endpoint = other.url;
        else if (recentlyDiscovered(key)) {
          if (trait.required) throw error;
          endpoint = undefined;
        } else endpoint = await resolve(command, key, ids, trait.required);
      }
    }
  };
}

/** The values of the operation's `endpointdiscoveryid` members that the input sets. */
function identifiers(operation: OperationModel, args: Record<string, unknown>): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const name of operation.endpointDiscoveryIdMembers) if (args[name] !== undefined && args[name] !== null) ids[name] = String(args[name]);
  return ids;
}

/** The cache key: the access key, plus the operation and its identifiers when it has any. */
async function cacheKey(credentials: CredentialProvider | null, command: Command, ids: Record<string, string>): Promise<string> {
  let accessKey = '';
  try {
    accessKey = (await credentials?.())?.key ?? '';
  } catch {
    // No credentials: the sign step reports that; discovery just keys on none.
  }
  return JSON.stringify(Object.keys(ids).length ? [accessKey, command.name, ids] : [accessKey]);
}
