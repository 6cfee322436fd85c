import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import type { ServiceModel } from '../model/service-model.js';
import { capitalize } from './operation-name.js';

/**
 * How an operation paginates, from its `paginators.json` entry: botocore's token form, or the
 * nimbus page-number form (`page_number_param`, `total_key`) that `Query` uses.
 */
export interface PaginatorConfig {
  /** The operation, as the model spells it (`ListIndices`). */
  readonly operation: string;
  /** Input members that carry the token(s); for a page-number paginator, the page number member. */
  readonly inputTokens: readonly string[];
  /** JMESPath expressions reading the next token(s) from a page (none for page numbers). */
  readonly outputTokens: readonly string[];
  /** A JMESPath expression that is false on the last page, when the service has one. */
  readonly moreResults?: string;
  /** The input member limiting the page size (`MaxResults`), if any. */
  readonly limitKey?: string;
  /** JMESPath (dotted) paths of the paged items; the first is the primary one. */
  readonly resultKeys: readonly string[];
  /** Members that do not accumulate across pages (kept from the first page in a full result). */
  readonly nonAggregateKeys: readonly string[];
  /** The page number member, for a page-number paginator. */
  readonly pageNumberParam?: string;
  /** The output member holding the total number of items, for a page-number paginator. */
  readonly totalKey?: string;
}

/**
 * The paginators of one service version (its `paginators.json`), read once when the client is
 * built; each entry is checked and normalized the first time it is used.
 */
export class PaginatorConfigs {
  private readonly entries: Record<string, unknown>;
  private readonly normalized = new Map<string, PaginatorConfig>();

  /** `data` is the provider's paginator document (null when the service has none). */
  constructor(
    private readonly model: ServiceModel,
    data: Record<string, unknown> | null,
  ) {
    const pagination = data?.pagination;
    this.entries = pagination && typeof pagination === 'object' ? (pagination as Record<string, unknown>) : {};
  }

  /** The paginator of an operation (`ListIndices` or `listIndices`, frozen), or undefined when it has none. */
  find(name: string): PaginatorConfig | undefined {
    const operation = this.model.canonicalOperationName(name) ?? capitalize(name);
    if (!this.normalized.has(operation)) {
      if (!Object.hasOwn(this.entries, operation)) return undefined;
      this.normalized.set(operation, normalize(operation, this.entries[operation]));
    }
    return this.normalized.get(operation);
  }

  /** The paginator of an operation; throws InvalidArgumentException naming the paginated operations. */
  get(name: string): PaginatorConfig {
    const config = this.find(name);
    if (!config) {
      const known = Object.keys(this.entries);
      const list = known.length ? `; paginated operations: ${known.join(', ')}` : '';
      throw new InvalidArgumentException(`The ${this.model.metadata.serviceId ?? 'service'} API has no paginator for "${name}"${list}`, { operation: name });
    }
    return config;
  }
}

function normalize(operation: string, entry: unknown): PaginatorConfig {
  const bad = (problem: string): never => {
    throw new InvalidArgumentException(`The paginator data for ${operation} is invalid: ${problem}`, { option: 'api_provider' });
  };
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) bad('expected an object');
  const raw = entry as Record<string, unknown>;
  const list = (key: string): readonly string[] => {
    const value = raw[key];
    if (value === undefined) return [];
    const values = Array.isArray(value) ? [...value] : [value];
    if (!values.every((item) => typeof item === 'string' && item !== '')) bad(`"${key}" must be a string or a list of strings`);
    return Object.freeze(values as string[]);
  };
  const single = (key: string): string | undefined => {
    const value = raw[key];
    if (value !== undefined && (typeof value !== 'string' || value === '')) bad(`"${key}" must be a string`);
    return value as string | undefined;
  };
  const pageNumberParam = single('page_number_param');
  const inputTokens = pageNumberParam ? Object.freeze([pageNumberParam]) : list('input_token');
  const outputTokens = pageNumberParam ? Object.freeze([]) : list('output_token');
  if (!pageNumberParam && (inputTokens.length === 0 || inputTokens.length !== outputTokens.length)) {
    bad('"input_token" and "output_token" must name the same number of tokens (or give "page_number_param")');
  }
  return Object.freeze({
    operation,
    inputTokens,
    outputTokens,
    moreResults: single('more_results'),
    limitKey: single('limit_key'),
    resultKeys: list('result_key'),
    nonAggregateKeys: list('non_aggregate_keys'),
    pageNumberParam,
    totalKey: single('total_key'),
  });
}
