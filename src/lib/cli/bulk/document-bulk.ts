import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { runBulkDelete } from '../../bulk/bulk-delete.js';
import { runBulkPut } from '../../bulk/bulk-put.js';
import { BulkInputError } from '../../errors/bulk-input-error.js';
import type { Client } from '../../client/client.js';
import { invalidInput } from '../../client/middleware/validate.js';
import type { SearchClient } from '../../services/search/search-client.js';
import type { BatchDeleteDocumentRequest, BatchPutDocumentRequest } from '../../services/search/types.js';
import { validateInput } from '../../validation/validate-input.js';
import { usageError } from '../errors/cli-error.js';
import { openSession, type OperationFlags } from '../operation-session.js';
import type { OperationSpec } from '../operation-spec.js';
import { runOperation } from '../run-operation.js';
import { runBulk } from './bulk-run.js';

/** Flags that only mean something in a bulk run. */
const BULK_ONLY = ['concurrency', 'failures', 'max-retries', 'retry-deadline', 'state'];

/** Refuses the bulk-only flags in a one-batch run: they would be accepted and ignored. */
function rejectBulkOnly(flags: OperationFlags, sources: string): void {
  const given = BULK_ONLY.filter((flag) => flags[flag] !== undefined);
  if (given.length) throw usageError(`${given.map((flag) => `--${flag}`).join(' and ')} ${given.length > 1 ? 'go' : 'goes'} with ${sources} (a bulk run)`);
}

/** Checks that an input path exists (and, unless `directories`, is not a directory): a bad path is a usage error, before any call. */
function checkInput(path: string, flag: string, directories = false): void {
  if (path === '-') return;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`--${flag} ${path}: ${code === 'ENOENT' ? 'no such file or directory' : (error as Error).message}`, error);
  }
  if (isDirectory && !directories) throw usageError(`--${flag} ${path}: is a directory, not a file`);
}

/** True for a directory, false for anything else or nothing. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Checks that the failures file can be created and does not overwrite an input. */
function checkFailuresFile(path: string | undefined, inputs: readonly string[]): void {
  if (path === undefined) return;
  if (!isDirectory(dirname(path))) throw usageError(`--failures ${path}: the directory ${dirname(path)} does not exist`);
  if (isDirectory(path)) throw usageError(`--failures ${path}: is a directory, not a file`);
  if (inputs.some((input) => input !== '-' && resolve(input) === resolve(path)))
    throw usageError(`--failures ${path} is also an input: it would be overwritten`);
}

/**
 * Checks the members every call of a bulk run shares (`IndexId`…), with a placeholder in the
 * list member, so that a bad value is a usage error before anything is read, as it is for one call.
 */
function checkSharedArgs(client: Client, operation: string, input: Record<string, unknown>): void {
  const model = client.getConfig('validate') === false ? undefined : client.getApi().operation(operation);
  if (!model) return;
  const problems = validateInput(model, input);
  if (problems.length) throw invalidInput(operation, problems);
}

/** The clashes (or files) a {@link BulkInputError} lists shown on stderr; the rest are counted. */
const SHOWN_DETAILS = 20;

/** Runs a bulk put, turning a refused input into a usage error (exit 252) after its details on stderr. */
async function refusingBadInput<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BulkInputError)) throw error;
    const shown = error.details.slice(0, SHOWN_DETAILS).map((detail) => `  ${detail}\n`);
    if (error.details.length > SHOWN_DETAILS) shown.push(`  … and ${error.details.length - SHOWN_DETAILS} more\n`);
    process.stderr.write(shown.join(''));
    throw usageError(error.message, error);
  }
}

/** Checks the flags that go with --from only, and the state file's place. */
function checkPutFlags(flags: OperationFlags, from: readonly string[] | undefined, inputs: readonly string[]): void {
  const idBase = flags['id-base'] as string | undefined;
  if (idBase !== undefined) {
    if (from === undefined) throw usageError('--id-base goes with --from');
    if (!isDirectory(idBase)) throw usageError(`--id-base ${idBase}: not a directory`);
  }
  const state = flags.state as string | undefined;
  if (state === undefined) return;
  if (!isDirectory(dirname(state))) throw usageError(`--state ${state}: the directory ${dirname(state)} does not exist`);
  if (isDirectory(state)) throw usageError(`--state ${state}: is a directory, not a file`);
  const failures = flags.failures as string | undefined;
  if ([...inputs, ...(failures === undefined ? [] : [failures])].some((path) => path !== '-' && resolve(path) === resolve(state)))
    throw usageError(`--state ${state} is also an input or the failures file`);
}

/** Tells a terminal user that the run waits for lines typed on standard input. */
function hintStdin(path: string, what: string): void {
  if (path === '-' && process.stdin.isTTY) process.stderr.write(`Reading ${what} from standard input, one a line; end with Ctrl-D.\n`);
}

/**
 * `nimbus search document put`: one BatchPutDocument call with `--documents`, or a bulk load
 * (see `runBulkPut`) with `--from PATH…` or `--jsonl FILE|-`.
 */
export async function runDocumentPut(spec: OperationSpec, flags: OperationFlags): Promise<void> {
  const from = flags.from as string[] | undefined;
  const jsonl = flags.jsonl as string | undefined;
  if ((from === undefined && jsonl === undefined) || flags['generate-cli-skeleton']) {
    rejectBulkOnly(flags, '--from or --jsonl');
    if (flags['id-base'] !== undefined) throw usageError('--id-base goes with --from');
    return runOperation(spec, flags);
  }
  const inputs = from ?? [jsonl!];
  for (const path of inputs) checkInput(path, from ? 'from' : 'jsonl', Boolean(from));
  checkFailuresFile(flags.failures as string | undefined, inputs);
  checkPutFlags(flags, from, inputs);
  const idBase = flags['id-base'] as string | undefined;
  const stateFile = flags.state as string | undefined;
  const session = await openSession(spec, flags, { optional: ['documents'] });
  try {
    const { Documents, ...args } = session.input as unknown as BatchPutDocumentRequest;
    if (Documents !== undefined)
      throw usageError(`--cli-input-json gives Documents: load documents from there or from ${from ? '--from' : '--jsonl'}, not both`);
    checkSharedArgs(session.client, spec.operation, { ...args, Documents: [{ Id: 'placeholder' }] });
    if (jsonl !== undefined) hintStdin(jsonl, 'documents (JSON)');
    await runBulk(session, flags, {
      wording: { one: 'document', noun: 'documents', verb: 'sent' },
      start: (options) =>
        refusingBadInput(() =>
          runBulkPut({
            ...options,
            client: session.client as SearchClient,
            args,
            source: from ? { from, ...(idBase === undefined ? {} : { idBase }) } : { jsonl: jsonl! },
            ...(stateFile === undefined ? {} : { stateFile }),
          }),
        ),
    });
  } finally {
    await session.close();
  }
}

/**
 * `nimbus search document delete`: one BatchDeleteDocument call with `--document-id-list`, or a
 * bulk delete (see `runBulkDelete`) of the ids in `--ids-from FILE|-`.
 */
export async function runDocumentDelete(spec: OperationSpec, flags: OperationFlags): Promise<void> {
  const idsFrom = flags['ids-from'] as string | undefined;
  if (idsFrom === undefined || flags['generate-cli-skeleton']) {
    rejectBulkOnly(flags, '--ids-from');
    return runOperation(spec, flags);
  }
  checkInput(idsFrom, 'ids-from');
  checkFailuresFile(flags.failures as string | undefined, [idsFrom]);
  const session = await openSession(spec, flags, { optional: ['document-id-list'] });
  try {
    const { DocumentIdList, ...args } = session.input as unknown as BatchDeleteDocumentRequest;
    if (DocumentIdList !== undefined) throw usageError('--cli-input-json gives DocumentIdList: delete the ids from there or from --ids-from, not both');
    checkSharedArgs(session.client, spec.operation, { ...args, DocumentIdList: ['placeholder'] });
    hintStdin(idsFrom, 'document ids');
    await runBulk(session, flags, {
      wording: { one: 'document', noun: 'documents', verb: 'deleted' },
      start: (options) => runBulkDelete({ ...options, client: session.client as SearchClient, args, source: { idsFrom } }),
    });
  } finally {
    await session.close();
  }
}
