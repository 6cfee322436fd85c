import { builtInApiProvider } from '../../../client/api-provider.js';
import { ModelError } from '../../../errors/model-error.js';
import { ServiceModel } from '../../../model/service-model.js';
import type { ApiJson } from '../../../model/types.js';
import { SEARCH_SERVICE } from '../../../services/search/search-client.js';

/** The API version the local search service serves. */
const API_VERSION = '2019-02-03';

let cached: ServiceModel | undefined;

/** The search API model shipped with nimbus, read by the client's own provider (once, on first use). */
export function searchModel(): ServiceModel {
  if (!cached) {
    const api = builtInApiProvider(SEARCH_SERVICE)('api', SEARCH_SERVICE.name, API_VERSION) as ApiJson | null;
    if (!api) throw new ModelError(`The search API model ${API_VERSION} is not installed with nimbus.`);
    cached = new ServiceModel(api);
  }
  return cached;
}
