import { readFileSync } from 'node:fs';
import { Agent, type Dispatcher } from 'undici';
import { createDownloadProgress, DownloadError, downloadToFile, type DownloadResult } from '../../download/index.js';
import type { HttpOptions } from '../../http/http-options.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';

/** A connection pool that applies `--no-verify-ssl` / `--ca-bundle`, or undefined for the default one. */
function dispatcherFor(http: HttpOptions): Dispatcher | undefined {
  if (http.verify === undefined || http.verify === true) return undefined;
  return new Agent({ connect: http.verify === false ? { rejectUnauthorized: false } : { ca: readFileSync(http.verify) } });
}

/**
 * Saves `url` to `destination` (a file, or a directory to save into under the server's file
 * name) with a progress display on stderr, atomically and with its length checked. Ctrl-C
 * stops the download and removes the partial file before the run exits.
 * @throws CliError (exit 254) when the server answers with an error; DownloadError otherwise.
 */
export async function saveDownload(url: string, destination: string, http: HttpOptions): Promise<DownloadResult> {
  const controller = new AbortController();
  const dispatcher = dispatcherFor(http);
  const download = downloadToFile({
    url,
    destination,
    signal: controller.signal,
    progress: createDownloadProgress(),
    ...(dispatcher ? { dispatcher } : {}),
  });
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
    await dispatcher?.close();
  }
}
