import { builtInApiProvider } from '../../client/api-provider.js';
import type { ServiceDefinition } from '../../client/service-definition.js';
import { ModelError } from '../../errors/model-error.js';
import { ServiceModel } from '../../model/service-model.js';
import type { ApiJson } from '../../model/types.js';

const cache = new Map<string, ServiceModel>();

/**
 * The API model of `version` of a service shipped with nimbus, read by the client's own provider
 * (once per service and version, on first use): what a local service validates requests against.
 */
export function shippedModel(service: ServiceDefinition, version: string): ServiceModel {
  const key = `${service.name}@${version}`;
  let model = cache.get(key);
  if (!model) {
    const api = builtInApiProvider(service)('api', service.name, version) as ApiJson | null;
    if (!api) throw new ModelError(`The ${service.name} API model ${version} is not installed with nimbus.`);
    model = new ServiceModel(api);
    cache.set(key, model);
  }
  return model;
}
