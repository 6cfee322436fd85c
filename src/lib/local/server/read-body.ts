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

/**
 * Reads the whole body of `request`, refusing (with a 413 `RequestRejection`) a body larger
 * than `limit` bytes, whether announced by `content-length` or found while reading. What is
 * left of a refused body is discarded by node once the response ends, so the connection
 * stays usable.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new RequestRejection(413, 'RequestEntityTooLargeException', `the request body exceeds the limit of ${limit} bytes`);
  const announced = request.headers['content-length'];
  if (announced !== undefined && Number(announced) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        request.off('data', onData);
        request.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    request.on('error', (error) => {
      if (!failed) reject(new RequestRejection(400, 'BadRequestException', `the request body could not be read: ${error.message}`));
    });
  });
}
