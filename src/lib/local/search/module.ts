import { collectGarbage } from '../server/collect-garbage.js';
import type { LocalContext, LocalRequest, LocalResponse, LocalServiceModule } from '../types.js';
import { searchCounts, resetSearch } from './admin.js';
import { SearchError } from './core/errors.js';
import { searchModel } from './core/model.js';
import { searchMigrations } from './core/schema.js';
import { validateSearchInput, validationMessage } from './core/validate-input.js';
import { jsonResponse, searchErrorResponse } from './core/wire.js';
import { operations } from './operations.js';
import { searchTick } from './tick.js';

const TARGET_PREFIX = 'AWSKendraFrontendService.';
const EMPTY = Buffer.alloc(0);
/** A body this large is freed at once, in steps, while it is parsed (see collectGarbage). */
const COLLECT_AFTER_BODY = 16 * 1024 * 1024;
const CONTENT_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

function parseInput(request: LocalRequest): Record<string, unknown> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES.has(contentType)) {
    throw new SearchError(
      'UnsupportedMediaTypeException',
      `The content type ${contentType ? `'${contentType}'` : '(none)'} is not supported; send application/x-amz-json-1.1.`,
      415,
    );
  }
  if (request.body.length === 0) return {};
  let input: unknown;
  try {
    const large = request.body.length >= COLLECT_AFTER_BODY;
    let text: string | undefined = request.body.toString('utf8');
    // free a large body's bytes before its text is parsed, and its text before its documents are decoded
    request.body = EMPTY;
    if (large) collectGarbage();
    input = JSON.parse(text);
    text = undefined;
    if (large) collectGarbage();
  } catch (error) {
    throw new SearchError('SerializationException', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new SearchError('SerializationException', 'The request body must be a JSON object.');
  }
  return input as Record<string, unknown>;
}

function fromSqlite(error: unknown): SearchError | undefined {
  const code = (error as { code?: unknown })?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new SearchError('ThrottlingException', 'The local data dir is busy with another process; retry the request.');
  }
  return undefined;
}

async function run(context: LocalContext, request: LocalRequest): Promise<Record<string, unknown>> {
  if (request.method !== 'POST') throw new SearchError('UnknownOperationException', `The search API is served on POST, not ${request.method}.`);
  const operation = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
  const handler = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
  if (!handler) {
    if (Object.hasOwn(searchModel().operations, operation)) {
      throw new SearchError('UnsupportedOperationException', `The local search service does not implement ${operation}.`);
    }
    throw new SearchError('UnknownOperationException', `${operation} is not an operation of the search API.`);
  }
  const { problems, input } = validateSearchInput(operation, parseInput(request));
  if (problems.length > 0) throw new SearchError('ValidationException', validationMessage(problems));
  return handler(
    {
      db: context.db,
      local: context,
      request,
      region: request.region,
      nowMs: context.now().getTime(),
      delayMs: Math.round(context.createDelay * 1000),
    },
    input,
  );
}

/** The local search service: the Kendra JSON 1.1 API, routed by `X-Amz-Target`. */
export const searchModule: LocalServiceModule = {
  name: 'search',
  signingNames: ['kendra'],
  matches(_method, _path, headers) {
    return headers['x-amz-target']?.startsWith(TARGET_PREFIX) ?? false;
  },
  migrations: searchMigrations,
  async handle(context, request): Promise<LocalResponse> {
    try {
      return jsonResponse(await run(context, request));
    } catch (error) {
      if (error instanceof SearchError) return searchErrorResponse(error);
      const busy = fromSqlite(error);
      if (busy) return searchErrorResponse(busy);
      context.reportError(error, request.requestId);
      return searchErrorResponse(
        new SearchError('InternalServerException', `The local service failed to process the request ${request.requestId}; its log has the cause.`),
      );
    }
  },
  tick: searchTick,
  operationName(_method, _path, headers) {
    return headers['x-amz-target']?.slice(TARGET_PREFIX.length);
  },
  counts: searchCounts,
  reset: resetSearch,
};
