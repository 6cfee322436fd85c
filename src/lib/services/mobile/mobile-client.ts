import type { ClientOptions } from '../../client/resolve-config.js';
import type { ServiceDefinition } from '../../client/service-definition.js';
import { MobileMethods } from './mobile-methods.js';

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
export class MobileClient extends MobileMethods {
  /**
   * Creates a client; `region` and `version` are required (see `getArguments()`).
   * @param definition - the service's definition, MOBILE_SERVICE unless given; another `modelsUrl` reads
   *   the model files from that folder (the CLI reads a slice of one operation's model this way).
   */
  constructor(args: ClientOptions, definition: ServiceDefinition = MOBILE_SERVICE) {
    super(args, definition);
  }
}
