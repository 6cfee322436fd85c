import { Client } from '../../client/client.js';
import type { OperationMethods } from '../../client/operation-types.js';
import type { ClientOptions } from '../../client/resolve-config.js';
import type { ServiceDefinition } from '../../client/service-definition.js';
import type { MobileOperations } from './types.js';

/** The mobile project service (AWS Mobile Hub wire protocol, API 2017-07-01). */
export const MOBILE_SERVICE: ServiceDefinition = {
  name: 'mobile',
  envId: 'MOBILE',
  versions: ['2017-07-01'],
  modelsUrl: new URL('./models/', import.meta.url),
};

/**
 * A client of the mobile project service: projects (create, describe, update, delete, list,
 * export) and bundles (describe, list, export).
 */
export class MobileClient extends Client {
  /** Creates a client; `region` and `version` are required (see `getArguments()`). */
  constructor(args: ClientOptions) {
    super(args, MOBILE_SERVICE);
  }
}

// The operation methods are installed at construction from the model; this types them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface MobileClient extends OperationMethods<MobileOperations> {}
