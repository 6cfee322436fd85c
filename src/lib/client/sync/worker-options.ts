import type { ApiDataType } from '../api-provider.js';
import type { ClientConfig, ClientOptions } from '../resolve-config.js';

/** What the sync worker needs to build a client equivalent to the caller's (all structured-cloneable). */
export interface WorkerRegistration {
  /** The caller's constructor options, minus those carried below. */
  options: Record<string, unknown>;
  /** The service definition, with `modelsUrl` as a string. */
  definition: { name: string; envId?: string; versions: string[]; modelsUrl?: string };
  /** The data a custom `api_provider` returned (the worker answers from it). */
  apiData?: Record<ApiDataType, Record<string, unknown> | null>;
  /** The endpoint a custom `endpoint_provider` returned (the worker's provider answers it). */
  providedEndpoint?: string;
}

/** An option the worker cannot honour: its path (`debug.logfn`) and what it is. */
export interface UntransferableOption {
  option: string;
  path: string;
  what: string;
}

/**
 * The registration of a client in the sync worker, or the first option that cannot cross the
 * thread boundary. Functions cannot cross, except where their output is data fixed at
 * construction: `api_provider` (its model, paginator and waiter data are sent instead) and
 * `endpoint_provider` (its endpoint is sent). A credentials function is ignored by the client
 * when `profile` is set, so it is not sent then. Configuration objects cross in their array form.
 */
export function workerRegistration(raw: ClientOptions, config: ClientConfig): WorkerRegistration | UntransferableOption {
  const options: Record<string, unknown> = {};
  const registration: WorkerRegistration = {
    options,
    definition: {
      name: config.service.name,
      ...(config.service.envId === undefined ? {} : { envId: config.service.envId }),
      versions: [...config.service.versions],
      ...(config.service.modelsUrl === undefined ? {} : { modelsUrl: config.service.modelsUrl.href }),
    },
  };
  for (const [option, value] of Object.entries(raw as unknown as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (option === 'api_provider') {
      const version = config.version;
      registration.apiData = {
        api: { ...config.api },
        paginator: config.api_provider('paginator', config.service.name, version),
        waiter: config.api_provider('waiter', config.service.name, version),
      };
      const data = transferable(registration.apiData, option, 'api_provider data');
      if ('path' in data) return data;
      continue;
    }
    if (option === 'endpoint_provider') {
      registration.providedEndpoint = config.endpoint.href;
      continue;
    }
    if (option === 'credentials' && raw.profile !== undefined) continue;
    const checked = transferable(value, option, option);
    if ('path' in checked) return checked;
    options[option] = checked.value;
  }
  return registration;
}

/** A value ready to cross, or why it cannot. */
type Transferable = { value: unknown } | UntransferableOption;

/**
 * The value as it can cross to the worker: plain data as is; a configuration object (a class
 * instance with a `toArray()`, e.g. RetryConfiguration or CsmConfiguration) as its
 * array form when none of its own data is a function; anything else is a problem.
 */
function transferable(value: unknown, option: string, path: string): Transferable {
  if (typeof value === 'function') return { option, path, what: 'a function' };
  if (typeof value === 'symbol') return { option, path, what: 'a symbol' };
  if (value === null || typeof value !== 'object') return { value };
  if (value instanceof Date || ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return { value };
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (let index = 0; index < value.length; index++) {
      const item = transferable(value[index], option, `${path}[${index}]`);
      if ('path' in item) return item;
      items.push(item.value);
    }
    return { value: items };
  }
  const proto = Object.getPrototypeOf(value);
  const isPlain = proto === Object.prototype || proto === null;
  const toArray = (value as { toArray?: unknown }).toArray;
  if (!isPlain && typeof toArray !== 'function') {
    return { option, path, what: `a ${(proto.constructor as { name?: string } | undefined)?.name || 'class'} object` };
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const checked = transferable(item, option, `${path}.${key}`);
    if ('path' in checked) return checked;
    copy[key] = checked.value;
  }
  return isPlain ? { value: copy } : transferable((toArray as () => unknown).call(value), option, path);
}
