import type { ApiDataType } from './api-provider.js';
import type { Client } from './client.js';
import type { ServiceDefinition } from './service-definition.js';
import type { ApiProvider } from './api-provider.js';

const cache = new WeakMap<Client, Map<ApiDataType, Record<string, unknown> | null>>();

/**
 * The paginator or waiter data of a client's service and version, from its `api_provider`
 * (`paginators.json` / `waiters.json` for the built-in services); asked once per client.
 */
export function serviceData(client: Client, type: Exclude<ApiDataType, 'api'>): Record<string, unknown> | null {
  let byType = cache.get(client);
  if (!byType) {
    byType = new Map();
    cache.set(client, byType);
  }
  if (!byType.has(type)) {
    const provider = client.getConfig('api_provider') as ApiProvider;
    const service = client.getConfig('service') as ServiceDefinition;
    const data = provider(type, service.name, client.getConfig('version') as string);
    byType.set(type, data && typeof data === 'object' ? data : null);
  }
  return byType.get(type)!;
}

/** `IndexActive` or `indexActive` → `IndexActive`. */
export function capitalize(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
