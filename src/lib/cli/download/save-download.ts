import * as undici from 'undici';
import { createDownloadProgress, DownloadError, downloadToFile, type DownloadResult } from '../../download/index.js';
import type { HttpOptions } from '../../http/http-options.js';
import { dispatcherForUrl } from '../../http/undici-dispatcher.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';

/**
 * Saves `url` to `destination` (a file, or a directory to save into under the server's file
 * name) with a progress display on stderr, atomically and with its length checked. Ctrl-C
 * stops the download and removes the partial file before the run exits.
 * @throws CliError (exit 254) when the server answers with an error; DownloadError otherwise.
 */
export async function saveDownload(url: string, destination: string, http: HttpOptions): Promise<DownloadResult> {
  const controller = new AbortController();
  // The run's TLS settings and proxy apply to the download as to the service's requests.
  const dispatcher = dispatcherForUrl(undici, http, new URL(url), process.env);
  const download = downloadToFile({ url, destination, signal: controller.signal, progress: createDownloadProgress(), dispatcher });
  const dispose = onInterrupt(async () => {
    controller.abort();
    await download.catch(() => undefined);
  });
  try {
    return await download;
  } catch (error) {
    if (error instanceof DownloadError && error.code === 'HttpError') throw new CliError(error.message, EXIT.SERVICE, { cause: error });
    throw error;
  } finally {
    dispose();
  }
}
