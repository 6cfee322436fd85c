import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceModel } from '../../../src/lib/model/service-model.js';
import type { ApiJson } from '../../../src/lib/model/types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const SOURCES = {
  search: ['src/lib/services/search/models/2019-02-03/api.json', 'models/kendra-2019-02-03.api.json'],
  mobile: ['src/lib/services/mobile/models/2017-07-01/api.json', 'models/mobile-2017-07-01.api.json'],
} as const;

/** The model JSON of a service: the project's copy when present, else the source model in models/. */
export function loadModelJson(service: keyof typeof SOURCES): ApiJson {
  const file = SOURCES[service].map((path) => resolve(root, path)).find((path) => existsSync(path));
  if (!file) throw new Error(`No ${service} model found (looked for ${SOURCES[service].join(', ')})`);
  return JSON.parse(readFileSync(file, 'utf8')) as ApiJson;
}

/** A fresh ServiceModel for a service (fresh, so tests never share cached plans by accident). */
export function loadModel(service: keyof typeof SOURCES): ServiceModel {
  return new ServiceModel(loadModelJson(service));
}
