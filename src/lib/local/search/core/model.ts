import type { ServiceModel } from '../../../model/service-model.js';
import { SEARCH_SERVICE } from '../../../services/search/search-client.js';
import { shippedModel } from '../../protocol/shipped-model.js';

/** The search API model (2019-02-03) the local search service serves. */
export function searchModel(): ServiceModel {
  return shippedModel(SEARCH_SERVICE, '2019-02-03');
}
