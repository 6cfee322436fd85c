import { ServiceModel } from '../model/service-model.js';
import type { ApiJson } from '../model/types.js';
import type { ApiProvider } from './api-provider.js';
import { PaginatorConfigs } from './pagination-config.js';
import { WaiterConfigs } from './waiter-config.js';

/**
 * What a client knows about its service version, resolved once when it is built: the model,
 * the paginators and the waiters, from its `api_provider` (`api.json`, `paginators.json` and
 * `waiters.json` for the built-in services).
 */
export class ServiceData {
  /** The service model. */
  readonly model: ServiceModel;
  /** The paginators of the service (none when the provider has no paginator data). */
  readonly paginators: PaginatorConfigs;
  /** The waiters of the service (none when the provider has no waiter data). */
  readonly waiters: WaiterConfigs;

  /**
   * @param api - the API description, already fetched and checked while the options were resolved.
   * @param provider - asked for the paginator and waiter data of `service` at `version`.
   */
  constructor(api: ApiJson, provider: ApiProvider, service: string, version: string) {
    this.model = new ServiceModel(api);
    this.paginators = new PaginatorConfigs(this.model, asDocument(provider('paginator', service, version)));
    this.waiters = new WaiterConfigs(this.model, asDocument(provider('waiter', service, version)));
  }
}

function asDocument(data: unknown): Record<string, unknown> | null {
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}
