import { failureResponse } from '../protocol/error-response.js';
import { checkInput, validationMessage } from '../protocol/validate-input.js';
import { collectGarbage } from '../server/collect-garbage.js';
import type { LocalContext, LocalRequest, LocalResponse, LocalServiceModule } from '../types.js';
import { searchCounts, resetSearch } from './admin.js';
import { searchError } from './core/errors.js';
import { searchModel } from './core/model.js';
import { searchMigrations } from './core/schema.js';
import { jsonResponse, SEARCH_ERRORS } from './core/wire.js';
import { isImplemented, runOperation } from './operations.js';
import { searchTick } from './tick.js';

const TARGET_PREFIX = 'AWSKendraFrontendService.';
const EMPTY = Buffer.alloc(0);
/** A body this large is freed at once, in steps, while it is parsed (see collectGarbage). */
const COLLECT_AFTER_BODY = 16 * 1024 * 1024;
const CONTENT_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

function parseInput(request: LocalRequest): Record<string, unknown> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES.has(contentType)) {
    throw searchError(
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
    throw searchError('SerializationException', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw searchError('SerializationException', 'The request body must be a JSON object.');
  }
  return input as Record<string, unknown>;
}

async function run(context: LocalContext, request: LocalRequest): Promise<Record<string, unknown>> {
  if (request.method !== 'POST') throw searchError('UnknownOperationException', `The search API is served on POST, not ${request.method}.`);
  const operation = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
  // exact names only: the model also knows an operation by its camel-case name
  const model = searchModel().operation(operation);
  if (model?.name !== operation) throw searchError('UnknownOperationException', `${operation} is not an operation of the search API.`);
  if (!isImplemented(operation)) throw searchError('UnsupportedOperationException', `The local search service does not implement ${operation}.`);
  const { problems, input } = checkInput(model, parseInput(request));
  if (problems.length > 0) throw searchError('ValidationException', validationMessage(problems));
  return runOperation(
    operation,
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
      return failureResponse(error, request.requestId, SEARCH_ERRORS, (failure, requestId) => context.reportError(failure, requestId));
    }
  },
  tick: searchTick,
  operationName(_method, _path, headers) {
    return headers['x-amz-target']?.slice(TARGET_PREFIX.length);
  },
  counts: searchCounts,
  reset: resetSearch,
};
