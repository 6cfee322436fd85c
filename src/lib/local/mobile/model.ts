import type { ServiceModel } from '../../model/service-model.js';
import { MOBILE_SERVICE } from '../../services/mobile/mobile-client.js';
import { shippedModel } from '../protocol/shipped-model.js';

/** The mobile API model (2017-07-01) the local mobile service serves. */
export function mobileModel(): ServiceModel {
  return shippedModel(MOBILE_SERVICE, '2017-07-01');
}
