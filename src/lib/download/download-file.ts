import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, interceptors, request, type Dispatcher } from 'undici';
import { DownloadError } from '../errors/download-error.js';
import type { DownloadProgressListener, DownloadResult } from './download-progress.js';
import { downloadFileName, redactedUrl } from './target-path.js';

/** Options of {@link downloadToFile}. */
export interface DownloadOptions {
  /** The URL to fetch (a presigned `downloadUrl`); its query string never appears in errors. */
  url: string;
  /** The file to write, or an existing directory to write into under the server's file name. */
  destination: string;
  signal?: AbortSignal;
  progress?: DownloadProgressListener;
  /** The undici dispatcher (proxy, TLS settings); the global one unless given. */
  dispatcher?: Dispatcher;
}

const MAX_REDIRECTIONS = 5;
const MAX_ERROR_TEXT = 200;

/** The error code of an error answer: S3's `<Code>`, or a JSON `__type`/`code`. */
function errorCodeOf(text: string): string | undefined {
  const xml = /<Code>([^<]{1,100})<\/Code>/.exec(text);
  if (xml) return xml[1];
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const code = body.__type ?? body.code ?? body.Code;
    return typeof code === 'string' ? code.split('#').at(-1) : undefined;
  } catch {
    return undefined;
  }
}

async function resolveTarget(destination: string, url: string, disposition: string | undefined): Promise<string> {
  const info = await stat(destination).catch(() => undefined);
  return info?.isDirectory() ? join(destination, downloadFileName(url, disposition)) : destination;
}

let agent: Agent | undefined;
/**
 * This undici's own agent, made once. Not undici's global dispatcher: once Node's built-in
 * `fetch` ran, that is the Agent of the undici bundled with Node, whose handler interface this
 * undici's requests do not speak ("invalid onError method").
 */
function defaultAgent(): Agent {
  return (agent ??= new Agent());
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Streams a URL to a file: written to a temporary file in the same directory, flushed to disk,
 * its length checked against `Content-Length`, then renamed over the destination, so the
 * destination is either the complete download or untouched. Follows up to 5 redirects.
 * @throws DownloadError for an error status, a short body, a write failure or an abort (the temporary file is removed).
 */
export async function downloadToFile(options: DownloadOptions): Promise<DownloadResult> {
  const started = performance.now();
  const where = redactedUrl(options.url);
  const dispatcher = (options.dispatcher ?? defaultAgent()).compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTIONS }));
  let temporary: string | undefined;
  let result: DownloadResult | undefined;
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(options.url, { method: 'GET', dispatcher, signal: options.signal });
    } catch (error) {
      throw transportError(error, where, options.signal);
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      const text = (await response.body.text().catch(() => '')).slice(0, 4096);
      const code = errorCodeOf(text);
      const detail = code ?? text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_TEXT);
      throw new DownloadError(`download failed: HTTP ${response.statusCode} from ${where}${detail ? ` (${detail})` : ''}`, {
        code: 'HttpError',
        statusCode: response.statusCode,
      });
    }
    const lengthHeader = header(response.headers, 'content-length');
    const expected = lengthHeader === undefined ? undefined : Number(lengthHeader);
    const target = await resolveTarget(options.destination, options.url, header(response.headers, 'content-disposition'));
    temporary = join(dirname(target), `.${randomBytes(6).toString('hex')}.nimbus-download.part`);
    options.progress?.start(expected, target);
    let written = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        options.progress?.update(written);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(response.body, counter, createWriteStream(temporary, { flags: 'wx' }), { signal: options.signal });
    } catch (error) {
      const cause = error as NodeJS.ErrnoException;
      if (!options.signal?.aborted && cause?.syscall) throw new DownloadError(`cannot write ${target}: ${cause.message}`, { code: 'WriteError', cause: error });
      throw transportError(error, where, options.signal);
    }
    if (expected !== undefined && written !== expected) {
      throw new DownloadError(`download of ${where} incomplete: got ${written} of ${expected} bytes`, { code: 'IncompleteDownload' });
    }
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    temporary = undefined;
    result = { path: target, bytes: written, elapsedMs: performance.now() - started };
    return result;
  } finally {
    if (temporary !== undefined) await unlink(temporary).catch(() => undefined);
    options.progress?.finish(result);
  }
}

function transportError(error: unknown, where: string, signal: AbortSignal | undefined): DownloadError {
  if (signal?.aborted) return new DownloadError(`download of ${where} interrupted`, { code: 'Aborted', cause: error });
  const cause = error as { code?: string; message?: string };
  return new DownloadError(`download of ${where} failed: ${cause?.message ?? String(error)}`, { code: cause?.code ?? 'ConnectionError', cause: error });
}
