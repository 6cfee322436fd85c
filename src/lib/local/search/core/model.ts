import { readFileSync } from 'node:fs';
import { ServiceModel } from '../../../model/service-model.js';
import type { ApiJson } from '../../../model/types.js';

let cached: ServiceModel | undefined;

/** The search API model shipped with nimbus, the one its client uses (read once, on first use). */
export function searchModel(): ServiceModel {
  cached ??= new ServiceModel(
    JSON.parse(readFileSync(new URL('../../../services/search/models/2019-02-03/api.json', import.meta.url), 'utf8')) as ApiJson,
  );
  return cached;
}
