import { readFileSync } from 'node:fs';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';

/** The seed's `http` option: request options applied to every request. */
export interface HttpOptions {
  /** `false` skips TLS certificate checks; a string is the path of a CA bundle (PEM). Default true. */
  verify?: boolean | string;
  /** A proxy URL, e.g. `http://proxy.local:3128`. */
  proxy?: string;
  /** Seconds to wait for a connection. */
  connect_timeout?: number;
  /** Seconds to wait for the response (headers and body, each). */
  timeout?: number;
  /** Called after every attempt with the transfer statistics of that attempt (see `stats`). */
  http_stats_receiver?: (stats: Record<string, number | string>) => void;
}

const KNOWN = new Set(['verify', 'proxy', 'connect_timeout', 'timeout', 'http_stats_receiver']);

/** Checks the `http` option and returns it typed; throws InvalidArgumentException naming the key at fault. */
export function parseHttpOptions(value: unknown): HttpOptions {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentException('The "http" option must be an object of request options', { option: 'http' });
  }
  const options = value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) {
      throw new InvalidArgumentException(`The "http" option has an unknown key "${key}" (known: ${[...KNOWN].join(', ')})`, { option: 'http' });
    }
  }
  const { verify, proxy, connect_timeout: connectTimeout, timeout, http_stats_receiver: receiver } = options;
  if (verify !== undefined && typeof verify !== 'boolean' && typeof verify !== 'string') {
    throw new InvalidArgumentException('http.verify must be true, false or the path of a CA bundle', { option: 'http' });
  }
  if (typeof verify === 'string') {
    try {
      readFileSync(verify);
    } catch {
      throw new InvalidArgumentException(`http.verify: the CA bundle "${verify}" cannot be read`, { option: 'http' });
    }
  }
  if (proxy !== undefined && (typeof proxy !== 'string' || !URL.canParse(proxy))) {
    throw new InvalidArgumentException('http.proxy must be a URL such as http://proxy.local:3128', { option: 'http' });
  }
  for (const [key, seconds] of [['connect_timeout', connectTimeout], ['timeout', timeout]] as const) {
    if (seconds !== undefined && (typeof seconds !== 'number' || !(seconds > 0) || !Number.isFinite(seconds))) {
      throw new InvalidArgumentException(`http.${key} must be a positive number of seconds`, { option: 'http' });
    }
  }
  if (receiver !== undefined && typeof receiver !== 'function') {
    throw new InvalidArgumentException('http.http_stats_receiver must be a function', { option: 'http' });
  }
  return options as HttpOptions;
}
