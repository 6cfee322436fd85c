import type { Client } from '../client/client.js';
import { type CliIO, processIO } from './cli-io.js';
import { inputSkeleton } from './input/skeleton.js';
import type { OperationSpec } from './operation-spec.js';
import { loadModel, loadService, openSession, type OperationFlags } from './operation-session.js';
import { formatJson } from './output/json.js';
import { toPlain } from './output/to-plain.js';

/** Calls the operation: every page merged (the default for paginated operations), or one request. */
async function call(client: Client, spec: OperationSpec, input: Record<string, unknown>, flags: OperationFlags): Promise<Record<string, unknown>> {
  const pagination = spec.paginated ? client.getPaginatorConfig(spec.operation) : undefined;
  if (pagination && !flags['no-paginate']) {
    const config: Record<string, unknown> = {};
    if (flags['max-items'] !== undefined) config.MaxItems = flags['max-items'];
    if (flags['page-size'] !== undefined) config.PageSize = flags['page-size'];
    if (flags['starting-token'] !== undefined) config.StartingToken = flags['starting-token'];
    return client.getPaginator(spec.operation, { ...input, PaginationConfig: config }).buildFullResult();
  }
  const args = { ...input };
  if (pagination) {
    // One page: the pagination flags become the operation's own token and page size members.
    if (flags['page-size'] !== undefined && pagination.limitKey) args[pagination.limitKey] = flags['page-size'];
    if (flags['starting-token'] !== undefined && pagination.inputTokens[0]) args[pagination.inputTokens[0]] = flags['starting-token'];
  }
  return client.executeAsync(client.getCommand(spec.operation, args));
}

/** Prints the operation's input skeleton (`--generate-cli-skeleton`) on stdout. */
export async function printSkeleton(spec: OperationSpec, flags: OperationFlags, io: CliIO = processIO()): Promise<void> {
  const service = await loadService(spec.service);
  const api = loadModel(service.definition, flags['api-version'] ?? 'latest');
  io.stdout.write(formatJson(inputSkeleton(api, spec.operation)));
}

/**
 * Runs an operation command: resolves the settings (prompting when allowed), builds the input
 * from `--cli-input-json` and the flags, calls the service (all pages, one page, or waits for
 * the resource), and prints the result in the chosen format, after `--query`.
 * @param modelSlice - a folder of the service's model files cut down to this operation (the fast
 *   path's, see fast/model-slice.ts), read instead of the whole model.
 */
export async function runOperation(spec: OperationSpec, flags: OperationFlags, io: CliIO = processIO(), modelSlice?: URL): Promise<void> {
  if (flags['generate-cli-skeleton']) return printSkeleton(spec, flags, io);
  const session = await openSession(spec, flags, { io, ...(modelSlice ? { modelSlice } : {}) });
  try {
    const { client, input } = session;
    const result = await call(client, spec, input, flags);
    // Printed before any wait: the result (a new id, say) stays at hand if the wait is cut short.
    await session.print(toPlain(result));
    if (flags.wait && spec.wait) {
      const { waitFor, waiterArgs } = await import('./wait-for.js');
      await waitFor(client, spec.wait, waiterArgs(spec.wait, input, result), { localS3Dir: session.localS3Dir, input, stderr: io.stderr });
    }
    session.reportStats();
  } finally {
    await session.close();
  }
}
