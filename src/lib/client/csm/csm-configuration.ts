import { ConfigurationError } from '../../errors/configuration-error.js';
import { resolveCsmSettings, type ConfiguredCsm } from '../../config/csm-settings.js';
import type { Profile } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import { InvalidArgumentException } from '../../errors/invalid-argument-exception.js';
import { invalid } from '../../errors/option-checks.js';

/** The monitoring agent's address when nothing else is configured. */
export const DEFAULT_CSM_HOST = '127.0.0.1';
/** The monitoring agent's port when nothing else is configured. */
export const DEFAULT_CSM_PORT = 31000;

/** The array form of the `csm` option (`toArray()`). */
export interface CsmOptions {
  enabled?: boolean;
  host?: string;
  port?: number;
  client_id?: string;
}

const KEYS = new Set(['enabled', 'host', 'port', 'client_id']);

/**
 * A client-side monitoring configuration: whether to send monitoring datagrams, to which UDP
 * host and port, and the client id they carry. One of the forms the `csm` option takes:
 * `new SearchClient({…, csm: new CsmConfiguration({ enabled: true, port: 31001 })})`.
 */
export class CsmConfiguration {
  readonly enabled: boolean;
  readonly host: string;
  readonly port: number;
  readonly clientId: string;

  /** @throws InvalidArgumentException (option `csm`) for an unknown key or an ill-typed value. */
  constructor(options: CsmOptions = {}) {
    if (options === null || typeof options !== 'object' || Array.isArray(options)) invalid('csm', 'expected an object {enabled, host, port, client_id}');
    for (const key of Object.keys(options)) if (!KEYS.has(key)) invalid('csm', `unknown key "${key}" (known: ${[...KEYS].join(', ')})`);
    const { enabled, host, port, client_id: clientId } = options;
    if (enabled !== undefined && typeof enabled !== 'boolean') invalid('csm', 'enabled must be true or false');
    if (host !== undefined && (typeof host !== 'string' || host === '')) invalid('csm', 'host must be a non-empty string');
    if (port !== undefined && (!Number.isSafeInteger(port) || port < 1 || port > 65535)) invalid('csm', 'port must be a whole number from 1 to 65535');
    if (clientId !== undefined && typeof clientId !== 'string') invalid('csm', 'client_id must be a string');
    this.enabled = enabled ?? false;
    this.host = host ?? DEFAULT_CSM_HOST;
    this.port = port ?? DEFAULT_CSM_PORT;
    this.clientId = clientId ?? '';
  }

  /** Whether monitoring datagrams are sent. */
  isEnabled(): boolean {
    return this.enabled;
  }

  /** The agent's host. */
  getHost(): string {
    return this.host;
  }

  /** The agent's UDP port. */
  getPort(): number {
    return this.port;
  }

  /** The client id every datagram carries. */
  getClientId(): string {
    return this.clientId;
  }

  /** The array form (`toArray()`). */
  toArray(): Required<CsmOptions> {
    return { enabled: this.enabled, host: this.host, port: this.port, client_id: this.clientId };
  }
}

/** Where defaults come from when the option leaves them open. */
export interface CsmSources {
  env: Env;
  profile: Profile;
}

function configured(sources: CsmSources): ConfiguredCsm {
  try {
    return resolveCsmSettings(sources.profile, sources.env);
  } catch (error) {
    if (error instanceof ConfigurationError)
      throw new InvalidArgumentException(`Invalid client-side monitoring setting: ${error.message}`, { option: 'csm', cause: error });
    throw error;
  }
}

/**
 * Parses the `csm` option, once, when a client is made:
 * - undefined: `AWS_CSM_ENABLED`, `AWS_CSM_HOST`, `AWS_CSM_PORT`, `AWS_CSM_CLIENT_ID`, else the
 *   profile's `csm_enabled`, `csm_host`, `csm_port`, `csm_client_id`, else disabled;
 * - `false`: disabled; `true`: enabled, the rest from the environment and profile as above;
 * - `{enabled, host, port, client_id}`: those values, the missing ones from the environment and
 *   profile, else `enabled: false`, 127.0.0.1, 31000 and '';
 * - a {@link CsmConfiguration}: as it is;
 * - a function returning one of the above, called once here.
 * @throws InvalidArgumentException naming `csm` for anything else or a bad setting.
 */
export function resolveCsmOption(value: unknown, sources: CsmSources): CsmConfiguration {
  if (typeof value === 'function') {
    const returned: unknown = (value as () => unknown)();
    if (typeof returned === 'function' || (typeof returned === 'object' && returned !== null && typeof (returned as { then?: unknown }).then === 'function')) {
      invalid('csm', 'a csm function must return false, true, {enabled, host, port, client_id} or a CsmConfiguration');
    }
    return resolveCsmOption(returned, sources);
  }
  if (value instanceof CsmConfiguration) return value;
  if (value === false) return new CsmConfiguration({ enabled: false });
  if (value === undefined || value === null || value === true) {
    const settings = configured(sources);
    return new CsmConfiguration(value === true ? { ...settings, enabled: true } : settings);
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const given = Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
    return new CsmConfiguration({ ...configured(sources), ...given });
  }
  return invalid('csm', 'expected false, true, {enabled, host, port, client_id}, a CsmConfiguration or a function');
}
