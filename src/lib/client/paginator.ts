import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import { preparePaths, searchPath, setPath } from './jmespath-path.js';
import type { PaginatorConfig } from './pagination-config.js';
import { PaginationError } from '../errors/pagination-error.js';
import { decodeToken, encodeToken, type StartingPoint, type TokenValues } from './pagination-token.js';
import type { Result } from './result.js';

/** Runs one operation call: how a paginator or waiter reaches the service. */
export type OperationRunner = (operation: string, args: Record<string, unknown>) => Promise<Result>;

/** botocore's `PaginationConfig`, given in the args as `PaginationConfig: {…}`. */
export interface PaginationOptions {
  /** Stop after this many items of the primary result key (a resume token is then set). */
  MaxItems?: number;
  /** Ask the service for pages of this size (sent as the paginator's limit key). */
  PageSize?: number;
  /** Resume where a previous walk stopped (its `resumeToken`), or start at a service token. */
  StartingToken?: string;
}

const PAGINATION_KEYS = new Set(['MaxItems', 'PageSize', 'StartingToken']);

/**
 * An async iterable of the result pages of a paginated operation, following its tokens (or page
 * numbers) until the last page, or until `PaginationConfig.MaxItems` items. Each iteration walks
 * from the start again. A token seen twice is a {@link PaginationError}, not an endless loop.
 */
export class Paginator implements AsyncIterable<Result> {
  /** How the operation paginates. */
  readonly config: PaginatorConfig;
  /** Set when MaxItems stopped the walk: pass it as `StartingToken` to continue. */
  resumeToken: string | undefined;
  private readonly run: OperationRunner;
  private readonly args: Record<string, unknown>;
  private readonly maxItems?: number;
  private readonly pageSize?: number;
  private readonly startingToken?: string;

  constructor(run: OperationRunner, config: PaginatorConfig, args: Record<string, unknown> = {}) {
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new InvalidArgumentException(`The arguments of ${config.operation} must be an object`, { operation: config.operation });
    }
    const { PaginationConfig: options, ...rest } = args;
    this.run = run;
    this.config = config;
    this.args = rest;
    const parsed = parseOptions(config, options);
    this.maxItems = parsed.MaxItems;
    this.pageSize = parsed.PageSize;
    this.startingToken = parsed.StartingToken;
  }

  /** Walks the pages; MaxItems truncates the last page returned and sets {@link resumeToken}. */
  async *[Symbol.asyncIterator](): AsyncIterator<Result> {
    const { config } = this;
    const primary = config.resultKeys[0];
    this.resumeToken = undefined;
    await preparePaths([...config.resultKeys, ...config.outputTokens, ...config.nonAggregateKeys, config.moreResults, config.totalKey]);
    const args = { ...this.args };
    if (this.pageSize !== undefined) args[config.limitKey!] = this.pageSize;
    const start = this.startingPoint(args);
    let current = start.tokens;
    inject(args, current);
    const seen = new Set<string>();
    if (Object.values(current).some((value) => value !== null)) seen.add(JSON.stringify(current));
    let total = 0;
    let skip = start.skip;
    const limit = config.limitKey === undefined ? undefined : args[config.limitKey];
    let pageSize = typeof limit === 'number' ? limit : undefined;
    for (;;) {
      const page = await this.run(config.operation, { ...args });
      const fullCount = primary === undefined ? 0 : itemsOf(page, primary).length;
      if (skip > 0 && primary !== undefined) dropFirst(page, config.resultKeys, skip);
      const startingTruncation = skip;
      skip = 0;
      pageSize ??= fullCount;
      const next = this.nextTokens(page, current, fullCount, pageSize);
      const count = primary === undefined ? 0 : itemsOf(page, primary).length;
      if (this.maxItems !== undefined && total + count > this.maxItems) {
        const keep = this.maxItems - total;
        setPath(page, primary!, itemsOf(page, primary!).slice(0, keep));
        this.resumeToken = encodeToken(current, keep + startingTruncation);
        yield page;
        return;
      }
      yield page;
      total += count;
      if (next === null) return;
      if (this.maxItems !== undefined && total === this.maxItems) {
        this.resumeToken = encodeToken(next);
        return;
      }
      const key = JSON.stringify(next);
      if (seen.has(key)) {
        throw new PaginationError(
          `The ${config.operation} paginator received the same ${config.inputTokens.join('/')} twice (${preview(next)}); stopping instead of looping forever`,
          { operation: config.operation },
        );
      }
      seen.add(key);
      inject(args, next);
      current = next;
    }
  }

  /** The values of a JMESPath expression across pages; list values are flattened into items. */
  async *search(expression: string): AsyncGenerator<unknown> {
    await preparePaths([expression]);
    for await (const page of this) {
      const value = searchPath(page, expression);
      if (Array.isArray(value)) yield* value;
      else if (value !== null && value !== undefined) yield value;
    }
  }

  /** The items of the primary result key across pages. */
  items(): AsyncGenerator<unknown> {
    const primary = this.config.resultKeys[0];
    if (primary === undefined) {
      throw new InvalidArgumentException(`The ${this.config.operation} paginator has no result key to iterate`, { operation: this.config.operation });
    }
    return this.search(primary);
  }

  /**
   * All pages merged into one result, as botocore's `build_full_result`: result keys
   * concatenated, non-aggregate keys from the first page, and `NextToken` when MaxItems stopped.
   */
  async buildFullResult(): Promise<Record<string, unknown>> {
    const full: Record<string, unknown> = {};
    const fixed: Record<string, unknown> = {};
    let first = true;
    for await (const page of this) {
      if (first) {
        for (const key of this.config.nonAggregateKeys) setPath(fixed, key, searchPath(page, key));
        first = false;
      }
      for (const key of this.config.resultKeys) {
        const value = searchPath(page, key);
        if (value === null || value === undefined) continue;
        const existing = searchPath(full, key);
        if (existing === null || existing === undefined) setPath(full, key, Array.isArray(value) ? [...value] : value);
        else if (Array.isArray(existing) && Array.isArray(value)) existing.push(...value);
        else if (typeof existing === typeof value && (typeof value === 'number' || typeof value === 'string')) {
          setPath(full, key, (existing as number) + (value as number));
        }
      }
    }
    Object.assign(full, fixed);
    if (this.resumeToken !== undefined) full.NextToken = this.resumeToken;
    return full;
  }

  private startingPoint(args: Record<string, unknown>): StartingPoint {
    const { inputTokens, pageNumberParam, operation } = this.config;
    if (this.startingToken === undefined) {
      const tokens: TokenValues = {};
      for (const name of inputTokens) tokens[name] = args[name] ?? null;
      return { tokens, skip: 0 };
    }
    let start: StartingPoint;
    try {
      start = decodeToken(this.startingToken, inputTokens);
    } catch (error) {
      throw new PaginationError(`Invalid StartingToken for the ${operation} paginator: ${(error as Error).message}`, { operation, cause: error });
    }
    if (pageNumberParam !== undefined) {
      const page = start.tokens[pageNumberParam] === null ? 1 : Number(start.tokens[pageNumberParam]);
      if (!Number.isInteger(page) || page < 1)
        throw new PaginationError(`Invalid StartingToken for the ${operation} paginator: not a page number`, { operation });
      start.tokens[pageNumberParam] = page;
    }
    return start;
  }

  private nextTokens(page: Result, current: TokenValues, count: number, pageSize: number): TokenValues | null {
    const { pageNumberParam, totalKey, moreResults, outputTokens, inputTokens } = this.config;
    if (pageNumberParam !== undefined) {
      const number = typeof current[pageNumberParam] === 'number' ? (current[pageNumberParam] as number) : 1;
      const total = totalKey === undefined ? null : searchPath(page, totalKey);
      if (count === 0 || count < pageSize) return null;
      if (typeof total === 'number' && number * pageSize >= total) return null;
      return { [pageNumberParam]: number + 1 };
    }
    if (moreResults !== undefined && !searchPath(page, moreResults)) return null;
    const next: TokenValues = {};
    outputTokens.forEach((expression, index) => {
      const value = searchPath(page, expression);
      next[inputTokens[index]] = isPresent(value) ? value : null;
    });
    return Object.values(next).every((value) => value === null) ? null : next;
  }
}

function parseOptions(config: PaginatorConfig, options: unknown): PaginationOptions {
  if (options === undefined) return {};
  const fail = (problem: string): never => {
    throw new InvalidArgumentException(`Invalid PaginationConfig for ${config.operation}: ${problem}`, { operation: config.operation });
  };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail('expected an object with MaxItems, PageSize or StartingToken');
  const raw = options as Record<string, unknown>;
  for (const key of Object.keys(raw)) if (!PAGINATION_KEYS.has(key)) fail(`unknown key "${key}" (expected MaxItems, PageSize or StartingToken)`);
  const count = (key: string): number | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) fail(`${key} must be a positive integer`);
    return number as number;
  };
  const parsed: PaginationOptions = { MaxItems: count('MaxItems'), PageSize: count('PageSize') };
  if (parsed.PageSize !== undefined && config.limitKey === undefined) fail('PageSize is not supported: the operation has no page size parameter');
  if (raw.StartingToken !== undefined) {
    if (typeof raw.StartingToken !== 'string' || raw.StartingToken === '') fail('StartingToken must be a non-empty string');
    parsed.StartingToken = raw.StartingToken as string;
  }
  return parsed;
}

function inject(args: Record<string, unknown>, tokens: TokenValues): void {
  for (const [name, value] of Object.entries(tokens)) {
    if (value !== null && value !== 'None') args[name] = value;
    else delete args[name];
  }
}

function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false || value === 0) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function itemsOf(page: Result, key: string): unknown[] {
  const value = searchPath(page, key);
  return Array.isArray(value) ? value : [];
}

/** Resuming inside a page: drop the items already returned, and the secondary keys (botocore). */
function dropFirst(page: Result, resultKeys: readonly string[], skip: number): void {
  const [primary, ...secondary] = resultKeys;
  setPath(page, primary, itemsOf(page, primary).slice(skip));
  for (const key of secondary) {
    const sample = searchPath(page, key);
    const empty = Array.isArray(sample) ? [] : typeof sample === 'string' ? '' : typeof sample === 'number' ? 0 : null;
    setPath(page, key, empty);
  }
}

function preview(tokens: TokenValues): string {
  const text = JSON.stringify(Object.values(tokens).length === 1 ? Object.values(tokens)[0] : tokens);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
