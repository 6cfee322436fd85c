import type { IncomingMessage } from 'node:http';

/** A request that cannot be served because of its framing; answered with `status`. */
export class RequestRejection extends Error {
  /**
   * @param status the HTTP status to answer with
   * @param code the error code sent as `__type`
   */
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRejection';
  }
}

/** Errors of a request whose body was read already (a reset connection) have nobody to tell. */
function ignore(): void {}

/**
 * Reads the whole body of `request`, refusing (with a 413 `RequestRejection`) a body larger
 * than `limit` bytes, whether announced by `content-length` or found while reading. What is
 * left of a refused body is discarded by node once the response ends, so the connection
 * stays usable. A connection that closes before the body ends rejects it (400).
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new RequestRejection(413, 'RequestEntityTooLargeException', `the request body exceeds the limit of ${limit} bytes`);
  const announced = request.headers['content-length'];
  if (announced !== undefined && Number(announced) > limit) return Promise.reject(tooLarge());
  if (request.destroyed) return Promise.reject(new RequestRejection(400, 'BadRequestException', 'the connection closed before the request body was read'));
  return new Promise((resolve, reject) => {
    // with the size announced, the bytes go straight into one buffer (no list of chunks to join)
    const expected = announced === undefined ? NaN : Number(announced);
    let whole = Number.isSafeInteger(expected) && expected > 0 ? Buffer.allocUnsafe(expected) : undefined;
    let chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // every listener goes once settled: a kept-alive connection keeps this request until its
    // next one, and a listener would keep the body alive through the promise it settles
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('close', onClose);
      request.off('error', onError);
      request.on('error', ignore);
      outcome();
      whole = undefined;
      chunks = [];
    };
    const fail = (error: RequestRejection) => settle(() => reject(error));
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) {
        request.resume();
        return fail(tooLarge());
      }
      if (whole && size + chunk.length > whole.length) {
        request.resume();
        return fail(new RequestRejection(400, 'BadRequestException', 'the request body is longer than its content-length'));
      }
      if (whole) chunk.copy(whole, size);
      else chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      if (whole && size !== whole.length) return fail(new RequestRejection(400, 'BadRequestException', 'the request body is shorter than its content-length'));
      const body = whole ?? Buffer.concat(chunks, size);
      settle(() => resolve(body));
    };
    const onClose = () => fail(new RequestRejection(400, 'BadRequestException', 'the connection closed before the request body was read'));
    const onError = (error: Error) => fail(new RequestRejection(400, 'BadRequestException', `the request body could not be read: ${error.message}`));
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('close', onClose);
    request.on('error', onError);
  });
}
