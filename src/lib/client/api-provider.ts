import { readFileSync } from 'node:fs';
import type { ServiceDefinition } from './service-definition.js';

/** The kinds of data an API provider supplies. */
export type ApiDataType = 'api' | 'paginator' | 'waiter';

/** The `api_provider` client option: (type, service, version) → the data, or null when it has none. */
export type ApiProvider = (type: ApiDataType, service: string, version: string) => Record<string, unknown> | null;

const FILE_BY_TYPE: Record<ApiDataType, string> = { api: 'api.json', paginator: 'paginators.json', waiter: 'waiters.json' };
const cache = new Map<string, Record<string, unknown> | null>();

/**
 * The built-in provider: the JSON files shipped beside each service, read once per process.
 * Answers null for a service or version nimbus does not ship.
 */
export function builtInApiProvider(definition: ServiceDefinition): ApiProvider {
  return (type, service, version) => {
    if (service !== definition.name || !definition.modelsUrl) return null;
    const resolved = version === 'latest' ? definition.versions.at(-1) : version;
    if (!resolved || !definition.versions.includes(resolved)) return null;
    const url = new URL(`${resolved}/${FILE_BY_TYPE[type]}`, definition.modelsUrl);
    const key = url.href;
    if (!cache.has(key)) {
      try {
        cache.set(key, JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        cache.set(key, null);
      }
    }
    return cache.get(key) ?? null;
  };
}
