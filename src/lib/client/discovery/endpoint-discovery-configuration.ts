import { ConfigurationError } from '../../errors/configuration-error.js';
import { resolveEndpointDiscoveryEnabled } from '../../config/endpoint-discovery-setting.js';
import type { Profile } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import { invalid } from '../../errors/option-checks.js';

/** How many cache keys the endpoint cache holds when nothing else is configured. */
export const DEFAULT_CACHE_LIMIT = 1000;

/** The key a cache object given as `endpoint_discovery` holds the resolved configuration under. */
export const ENDPOINT_DISCOVERY_CACHE_KEY = 'aws_cached_endpoint_discovery_config';

/** The array form of the `endpoint_discovery` option (`toArray()`). */
export interface EndpointDiscoveryOptions {
  enabled?: boolean;
  cache_limit?: number;
}

/** The "cache object" form: anything with `get(key)` and `set(key, value)`. */
export interface EndpointDiscoveryCache {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
}

const KEYS = new Set(['enabled', 'cache_limit']);

/**
 * An endpoint-discovery configuration: whether operations that support discovery use it, and
 * how many keys the endpoint cache holds. One of the forms the `endpoint_discovery` option takes.
 */
export class EndpointDiscoveryConfiguration {
  readonly enabled: boolean;
  readonly cacheLimit: number;

  /** @throws InvalidArgumentException (option `endpoint_discovery`) for an unknown key or an ill-typed value. */
  constructor(options: EndpointDiscoveryOptions = {}) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) invalid('endpoint_discovery', 'expected an object {enabled, cache_limit}');
    for (const key of Object.keys(options)) if (!KEYS.has(key)) invalid('endpoint_discovery', `unknown key "${key}" (known: enabled, cache_limit)`);
    const { enabled, cache_limit: cacheLimit } = options;
    if (enabled !== undefined && typeof enabled !== 'boolean') invalid('endpoint_discovery', 'enabled must be true or false');
    if (cacheLimit !== undefined && (!Number.isSafeInteger(cacheLimit) || cacheLimit < 1))
      invalid('endpoint_discovery', 'cache_limit must be a whole number of at least 1');
    this.enabled = enabled ?? false;
    this.cacheLimit = cacheLimit ?? DEFAULT_CACHE_LIMIT;
  }

  /** Whether discovery is used. */
  isEnabled(): boolean {
    return this.enabled;
  }

  /** The most keys the endpoint cache holds. */
  getCacheLimit(): number {
    return this.cacheLimit;
  }

  /** The array form (`toArray()`). */
  toArray(): Required<EndpointDiscoveryOptions> {
    return { enabled: this.enabled, cache_limit: this.cacheLimit };
  }
}

/** Where defaults come from when the option leaves them open. */
export interface EndpointDiscoverySources {
  env: Env;
  profile: Profile;
}

function configuredEnabled(sources: EndpointDiscoverySources): boolean | undefined {
  try {
    return resolveEndpointDiscoveryEnabled(sources.profile, sources.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      throw new InvalidArgumentException(`Invalid endpoint discovery setting: ${error.message}`, { option: 'endpoint_discovery', cause: error });
    }
    throw error;
  }
}

function isCache(value: unknown): value is EndpointDiscoveryCache {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EndpointDiscoveryCache).get === 'function' &&
    typeof (value as EndpointDiscoveryCache).set === 'function'
  );
}

/**
 * Parses the `endpoint_discovery` option, once, when a client is made:
 * - undefined: enabled per `AWS_ENDPOINT_DISCOVERY_ENABLED`, else the profile's
 *   `endpoint_discovery_enabled`, else disabled; 1000 cache keys;
 * - `true` / `false`: enabled or disabled, 1000 cache keys;
 * - `{enabled, cache_limit}`: those values; a missing `enabled` from the environment and profile;
 * - an {@link EndpointDiscoveryConfiguration}: as it is;
 * - a cache object (`get`/`set`): the configuration under {@link ENDPOINT_DISCOVERY_CACHE_KEY},
 *   else the default one, which is then stored there;
 * - a function returning one of the above (except a cache), called once here.
 * @throws InvalidArgumentException naming `endpoint_discovery` for anything else or a bad setting.
 */
export function resolveEndpointDiscoveryOption(value: unknown, sources: EndpointDiscoverySources): EndpointDiscoveryConfiguration {
  if (typeof value === 'function') {
    const returned: unknown = (value as () => unknown)();
    if (typeof returned === 'function' || isCache(returned)) {
      invalid('endpoint_discovery', 'an endpoint_discovery function must return true, false, {enabled, cache_limit} or an EndpointDiscoveryConfiguration');
    }
    return resolveEndpointDiscoveryOption(returned, sources);
  }
  if (value instanceof EndpointDiscoveryConfiguration) return value;
  if (typeof value === 'boolean') return new EndpointDiscoveryConfiguration({ enabled: value });
  if (value === undefined || value === null) return new EndpointDiscoveryConfiguration({ enabled: configuredEnabled(sources) });
  if (isCache(value)) {
    const cached = value.get(ENDPOINT_DISCOVERY_CACHE_KEY);
    if (cached instanceof EndpointDiscoveryConfiguration) return cached;
    if (cached !== undefined && cached !== null) {
      invalid('endpoint_discovery', `the cache holds something other than an EndpointDiscoveryConfiguration under "${ENDPOINT_DISCOVERY_CACHE_KEY}"`);
    }
    const resolved = resolveEndpointDiscoveryOption(undefined, sources);
    value.set(ENDPOINT_DISCOVERY_CACHE_KEY, resolved);
    return resolved;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const options = value as EndpointDiscoveryOptions;
    return new EndpointDiscoveryConfiguration({ ...options, enabled: options.enabled ?? configuredEnabled(sources) });
  }
  return invalid('endpoint_discovery', 'expected true, false, {enabled, cache_limit}, an EndpointDiscoveryConfiguration, a cache object or a function');
}
