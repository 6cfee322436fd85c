import { failureResponse } from '../protocol/error-response.js';
import { readJsonBody } from '../protocol/json-body.js';
import { wireOutput } from '../protocol/json-output.js';
import { checkInput, validationMessage } from '../protocol/validate-input.js';
import type { LocalContext, LocalRequest, LocalResponse, LocalServiceModule } from '../types.js';
import { searchCounts, resetSearch } from './admin.js';
import { searchError } from './core/errors.js';
import { allIndexTables } from './core/fts-tables.js';
import { searchModel } from './core/model.js';
import { searchMigrations } from './core/schema.js';
import { jsonResponse, SEARCH_ERRORS } from './core/wire.js';
import { rebuildIndexText } from './maintenance/rebuild-text.js';
import { isOperation, runOperation, writesInWindow } from './operations.js';
import { searchGauges } from './gauges.js';
import { releaseSyncJobs } from './maintenance/sync-runner.js';
import { closeSemanticService } from './semantic/background-embedding.js';
import { searchTick } from './tick.js';

const TARGET_PREFIX = 'AWSKendraFrontendService.';

/** Runs the request's operation; resolves to the body of its answer, the output in its wire form. */
async function run(context: LocalContext, request: LocalRequest): Promise<unknown> {
  if (request.method !== 'POST') throw searchError('UnknownOperationException', `The search API is served on POST, not ${request.method}.`);
  const operation = request.headers['x-amz-target']!.slice(TARGET_PREFIX.length);
  // exact names only: the model also knows an operation by its camel-case name
  const model = searchModel().operation(operation);
  if (model?.name !== operation || !isOperation(operation))
    throw searchError('UnknownOperationException', `${operation} is not an operation of the search API.`);
  const { problems, input } = checkInput(model, readJsonBody(request));
  if (problems.length > 0) throw searchError('ValidationException', validationMessage(problems));
  const run = () =>
    runOperation(
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
  const output = writesInWindow(operation) ? await context.writes.window(run) : await run();
  return wireOutput(model, output);
}

/** The local search service: the Kendra JSON 1.1 API, routed by `X-Amz-Target`. */
export const searchModule: LocalServiceModule = {
  name: 'search',
  signingNames: ['kendra'],
  matches(_method, _path, headers) {
    return headers['x-amz-target']?.startsWith(TARGET_PREFIX) ?? false;
  },
  migrations: searchMigrations,
  requiredTables: allIndexTables,
  rebuild: rebuildIndexText,
  async handle(context, request): Promise<LocalResponse> {
    try {
      return jsonResponse(await run(context, request));
    } catch (error) {
      context.storage.noteFailure(error, context.now());
      return failureResponse(error, request.requestId, SEARCH_ERRORS, (failure, requestId) => context.reportError(failure, requestId));
    }
  },
  tick: searchTick,
  release(context) {
    releaseSyncJobs(context.db);
  },
  gauges: searchGauges,
  operationName(_method, _path, headers) {
    return headers['x-amz-target']?.slice(TARGET_PREFIX.length);
  },
  counts: searchCounts,
  reset: resetSearch,
  close: closeSemanticService,
};
