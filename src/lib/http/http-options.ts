import { FileRefusal, readBoundedFile } from '../config/bounded-file.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { pemCertificates } from './pem.js';

/** The `http` client option: request options applied to every request. */
export interface HttpOptions {
  /**
   * `false` skips TLS certificate checks; a string is the path of a CA bundle (PEM, one or more
   * certificates) trusted instead of the default authorities. Default true: Node's bundled
   * authorities and the system's trust store.
   */
  verify?: boolean | string;
  /**
   * A proxy URL for every request, e.g. `http://user:password@proxy.local:3128`. Without it,
   * `HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY` (either case) decide.
   */
  proxy?: string;
  /** Seconds to wait for a connection. */
  connect_timeout?: number;
  /** Seconds the connection may stay idle while waiting for the response (headers, then each part of the body). */
  timeout?: number;
  /** Seconds one attempt may take in all, from connecting to the end of the response body. Default 300. */
  attempt_timeout?: number;
  /** The largest response body accepted, in bytes. Default 64 MiB. */
  max_response_bytes?: number;
  /** Called after every attempt with the transfer statistics of that attempt (see `stats`). */
  http_stats_receiver?: (stats: Record<string, number | string>) => void;
}

const KNOWN = new Set(['verify', 'proxy', 'connect_timeout', 'timeout', 'attempt_timeout', 'max_response_bytes', 'http_stats_receiver']);

/**
 * Checks that `file` is a readable PEM file of at most 4 MiB with at least one certificate;
 * returns the problem in words (e.g. `cannot be read (ENOENT)`, `is a FIFO (named pipe), not a
 * regular file`), or undefined when it is fine.
 */
export function caBundleProblem(file: string): string | undefined {
  let text: string;
  try {
    text = readBoundedFile(file, undefined, 'a CA bundle').toString('utf8');
  } catch (error) {
    if (error instanceof FileRefusal) return error.problem;
    throw error;
  }
  return pemCertificates(text).length ? undefined : 'has no PEM certificate (-----BEGIN CERTIFICATE-----)';
}

function invalid(message: string): never {
  throw new InvalidArgumentException(message, { option: 'http' });
}

/** Checks the `http` option and returns it typed; throws InvalidArgumentException naming the key at fault. */
export function parseHttpOptions(value: unknown): HttpOptions {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) invalid('The "http" option must be an object of request options');
  const options = value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) invalid(`The "http" option has an unknown key "${key}" (known: ${[...KNOWN].join(', ')})`);
  }
  const { verify, proxy, http_stats_receiver: receiver, max_response_bytes: maxBytes } = options;
  if (verify !== undefined && typeof verify !== 'boolean' && typeof verify !== 'string') {
    invalid('http.verify must be true, false or the path of a CA bundle');
  }
  if (typeof verify === 'string') {
    const problem = caBundleProblem(verify);
    if (problem) invalid(`http.verify: the CA bundle "${verify}" ${problem}`);
  }
  if (proxy !== undefined && (typeof proxy !== 'string' || !URL.canParse(proxy) || !/^https?:$/.test(new URL(proxy).protocol))) {
    invalid('http.proxy must be an http:// or https:// URL such as http://proxy.local:3128');
  }
  for (const key of ['connect_timeout', 'timeout', 'attempt_timeout'] as const) {
    const seconds = options[key];
    if (seconds !== undefined && (typeof seconds !== 'number' || !(seconds > 0) || !Number.isFinite(seconds))) {
      invalid(`http.${key} must be a positive number of seconds`);
    }
  }
  if (maxBytes !== undefined && (typeof maxBytes !== 'number' || !Number.isSafeInteger(maxBytes) || maxBytes < 1)) {
    invalid('http.max_response_bytes must be a positive whole number of bytes');
  }
  if (receiver !== undefined && typeof receiver !== 'function') invalid('http.http_stats_receiver must be a function');
  return options as HttpOptions;
}

/**
 * The `http` option with the CA bundle of the configuration when it names none (as boto3 does):
 * `AWS_CA_BUNDLE`, else the profile's `ca_bundle`. Throws InvalidArgumentException when that
 * bundle cannot be used.
 */
export function withConfiguredCaBundle(options: HttpOptions, env: NodeJS.ProcessEnv, profileCaBundle: string | undefined): HttpOptions {
  if (options.verify !== undefined) return options;
  const [file, origin] = env.AWS_CA_BUNDLE ? [env.AWS_CA_BUNDLE, 'AWS_CA_BUNDLE'] : [profileCaBundle, "the profile's ca_bundle"];
  if (!file) return options;
  const problem = caBundleProblem(file);
  if (problem) invalid(`The CA bundle "${file}" (${origin}) ${problem}`);
  return { ...options, verify: file };
}
