import type { Readable } from 'node:stream';

/** Seconds one attempt may take in all, unless the `http` option's `attempt_timeout` says otherwise. */
export const DEFAULT_ATTEMPT_TIMEOUT = 300;

/** Bytes a response body may have, unless the `http` option's `max_response_bytes` says otherwise. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The error code of an attempt that ran past its deadline. */
export const ATTEMPT_TIMEOUT = 'ATTEMPT_TIMEOUT';

/** The error code of a response larger than the limit. */
export const RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE';

/** A limit's failure, shaped like a system error (`code`) for {@link toConnectionError}. */
function limitError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** The failure of an attempt that took more than `seconds`. */
export function attemptTimeoutError(seconds: number): NodeJS.ErrnoException {
  return limitError(ATTEMPT_TIMEOUT, `the attempt took more than ${seconds} s (http.attempt_timeout), response included`);
}

/** The failure of a response body larger than `limit` bytes. */
export function tooLarge(limit: number): NodeJS.ErrnoException {
  return limitError(RESPONSE_TOO_LARGE, `the response body is larger than ${limit} bytes (http.max_response_bytes)`);
}

/**
 * Reads a response body whole, refusing one larger than `limit` bytes: at once when its
 * `Content-Length` says so, else as soon as the bytes received pass the limit (the stream is
 * destroyed, so no more than the limit is ever held).
 */
export async function readLimitedBody(body: Readable, limit: number, contentLength: string | string[] | undefined): Promise<Uint8Array> {
  const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (declared > limit) {
    body.destroy();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}
