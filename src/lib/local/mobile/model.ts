import { builtInApiProvider } from '../../client/api-provider.js';
import { ModelError } from '../../errors/model-error.js';
import { ServiceModel } from '../../model/service-model.js';
import type { ApiJson } from '../../model/types.js';
import { MOBILE_SERVICE } from '../../services/mobile/mobile-client.js';

/** The API version the local mobile service serves. */
const API_VERSION = '2017-07-01';

let cached: ServiceModel | undefined;

/** The mobile API model shipped with nimbus, read by the client's own provider (once, on first use). */
export function mobileModel(): ServiceModel {
  if (!cached) {
    const api = builtInApiProvider(MOBILE_SERVICE)('api', MOBILE_SERVICE.name, API_VERSION) as ApiJson | null;
    if (!api) throw new ModelError(`The mobile API model ${API_VERSION} is not installed with nimbus.`);
    cached = new ServiceModel(api);
  }
  return cached;
}
