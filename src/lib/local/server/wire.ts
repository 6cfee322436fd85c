import type { ServerResponse } from 'node:http';
import { errorResponse as writeError, REST_JSON_ERRORS } from '../protocol/error-response.js';
import { ServiceError } from '../protocol/errors.js';
import type { LocalResponse } from '../types.js';

/**
 * An error answer in the wire format the AWS JSON and REST-JSON protocols share: the code in
 * `__type` and in the `x-amzn-ErrorType` header, the text in `message`.
 */
export function errorResponse(status: number, code: string, message: string): LocalResponse {
  return writeError(new ServiceError(code, message, status), REST_JSON_ERRORS);
}

/**
 * Writes a module's answer: a Buffer is sent as is, a string as UTF-8, any other value as
 * JSON (with a JSON content type unless the module set one). Every answer carries
 * `x-amzn-RequestId`.
 */
export function sendResponse(res: ServerResponse, requestId: string, response: LocalResponse): void {
  const headers: Record<string, string> = { ...(response.headers ?? {}) };
  let payload: Buffer;
  if (response.body === undefined) payload = Buffer.alloc(0);
  else if (Buffer.isBuffer(response.body)) payload = response.body;
  else if (typeof response.body === 'string') payload = Buffer.from(response.body, 'utf8');
  else {
    payload = Buffer.from(JSON.stringify(response.body), 'utf8');
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  }
  headers['x-amzn-requestid'] = requestId;
  headers['content-length'] = String(payload.length);
  // set one by one (not through writeHead) so that the request log can read content-length back
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(response.status);
  res.end(payload);
}
