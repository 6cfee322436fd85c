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
function tooLarge(limit: number): NodeJS.ErrnoException {
  return limitError(RESPONSE_TOO_LARGE, `the response body is larger than ${limit} bytes (http.max_response_bytes)`);
}

/**
 * A response body collected as its bytes arrive, refusing more than `limit` bytes: by its
 * `Content-Length` before any byte ({@link declared}), else as soon as the bytes received pass
 * the limit ({@link push}), so that no more than the limit is ever held.
 */
export class LimitedBody {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  /** The failure for a body whose `Content-Length` is over the limit; undefined when it is not. */
  declared(contentLength: string | string[] | undefined): NodeJS.ErrnoException | undefined {
    const first = Array.isArray(contentLength) ? contentLength[0] : contentLength?.split(',')[0];
    return Number(first) > this.limit ? tooLarge(this.limit) : undefined;
  }

  /** Adds a chunk; the failure, and the chunk left out, when the body is now over the limit. */
  push(chunk: Buffer): NodeJS.ErrnoException | undefined {
    this.size += chunk.length;
    if (this.size > this.limit) return tooLarge(this.limit);
    this.chunks.push(chunk);
    return undefined;
  }

  /** The body received, as one byte array. */
  bytes(): Uint8Array {
    const whole = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
  }
}

/**
 * Reads a response body whole, refusing one larger than `limit` bytes (see {@link LimitedBody}); the
 * stream is destroyed when refused. It listens to the stream's events rather than iterating it
 * asynchronously: a CLI run then compiles none of Node's async-iterator and end-of-stream code.
 * A body that closes before its end fails as the iterator would, with `ERR_STREAM_PREMATURE_CLOSE`.
 */
export function readLimitedBody(body: Readable, limit: number, contentLength: string | string[] | undefined): Promise<Uint8Array> {
  const collected = new LimitedBody(limit);
  const declaredFailure = collected.declared(contentLength);
  if (declaredFailure) {
    body.destroy();
    return Promise.reject(declaredFailure);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      const failure = collected.push(chunk);
      if (!failure) return;
      fail(failure);
      body.destroy();
    });
    body.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(collected.bytes());
    });
    body.on('error', fail);
    body.on('close', () => fail(limitError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close')));
  });
}
