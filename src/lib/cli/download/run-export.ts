import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { openSession, type OperationFlags } from '../operation-session.js';
import type { OperationSpec } from '../operation-spec.js';
import { toPlain } from '../output/to-plain.js';
import { runOperation } from '../run-operation.js';
import { saveDownload } from './save-download.js';

/** Said under `--local` without `--download`: the printed URLs are already dead. */
const LOCAL_URL_NOTE =
  'nimbus: --local: the download URL worked only while this command ran; add --download to save the file, or run "nimbus local start" and use --endpoint-url';

/**
 * `nimbus mobile project export` and `mobile bundle export`: the export operation, whose result
 * is printed as usual; with `--download [FILE|DIR]`, the exported file is then saved from the
 * result's `downloadUrl` (progress and the saved path on stderr: stdout keeps the result only).
 */
export async function runExport(spec: OperationSpec, flags: OperationFlags): Promise<void> {
  const destination = flags.download as string | undefined;
  if (destination === undefined || flags['generate-cli-skeleton']) {
    await runOperation(spec, flags);
    // The embedded service stops with this run, and its download URLs with it.
    if (flags.local && !flags['generate-cli-skeleton']) process.stderr.write(`${LOCAL_URL_NOTE}\n`);
    return;
  }
  if (destination === '') throw usageError('--download needs a file or directory, or no value for the current directory');
  const session = await openSession(spec, flags);
  try {
    const { client, input } = session;
    const result = await client.executeAsync(client.getCommand(spec.operation, input));
    // Printed first: the URL stays at hand if the download fails.
    await session.print(toPlain(result));
    const url = (result as { downloadUrl?: unknown }).downloadUrl;
    if (typeof url !== 'string' || url === '') throw new CliError(`${spec.operation} returned no downloadUrl: there is nothing to download`, EXIT.SERVICE);
    await saveDownload(url, destination, session.http);
    session.reportStats();
  } finally {
    await session.close();
  }
}
