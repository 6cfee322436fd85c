import type { ClientOptions } from '../../client/resolve-config.js';
import type { ServiceDefinition } from '../../client/service-definition.js';
import { SearchMethods } from './search-methods.js';

/** The enterprise search service (Amazon Kendra wire protocol, API 2019-02-03). */
export const SEARCH_SERVICE: ServiceDefinition = {
  name: 'search',
  envId: 'KENDRA',
  versions: ['2019-02-03'],
  modelsUrl: new URL('./models/', import.meta.url),
};

/**
 * A client of the enterprise search service: indices, data sources and sync jobs, FAQs,
 * thesauri, documents, queries, feedback and tags. Every operation is a method:
 * `createIndexAsync(args)` returns a promise, `createIndex(args)` blocks.
 */
export class SearchClient extends SearchMethods {
  /**
   * Creates a client; `region` and `version` are required (see `getArguments()`).
   * @param definition - the service's definition, SEARCH_SERVICE unless given; another `modelsUrl` reads
   *   the model files from that folder (the CLI reads a slice of one operation's model this way).
   */
  constructor(args: ClientOptions, definition: ServiceDefinition = SEARCH_SERVICE) {
    super(args, definition);
  }
}
