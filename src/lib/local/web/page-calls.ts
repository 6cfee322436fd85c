import { randomUUID } from 'node:crypto';
import type { LocalRequest, LocalResponse } from '../types.js';

/** The search API's target prefix. */
const TARGET_PREFIX = 'AWSKendraFrontendService.';

/** A search operation the page called that failed: the service's error code and message. */
export class PageCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PageCallError';
  }
}

/**
 * Calls a search operation with a JSON input; resolves to its output in wire form, read as `Output`
 * (the model's output type; its timestamps are epoch seconds on the wire).
 */
export type OperationCall = <Output = Record<string, unknown>>(operation: string, input: Record<string, unknown>) => Promise<Output>;

/** Serves a search request as the service would a verified one (faults included). */
export type SearchHandler = (request: LocalRequest) => Promise<LocalResponse>;

function bodyOf(response: LocalResponse): Record<string, unknown> {
  const { body } = response;
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    const text = body.toString();
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  }
  return (body ?? {}) as Record<string, unknown>;
}

/**
 * The search operations as the signed-in page calls them: on the server, as the session's access
 * key in the experience's region, through the same parsing, validation and handlers as a signed
 * request (the session was checked instead of a signature, so nothing is signed again).
 */
export function searchCaller(handle: SearchHandler, who: { region: string; accountId: string; accessKey: string }): OperationCall {
  return async <Output>(operation: string, input: Record<string, unknown>): Promise<Output> => {
    const response = await handle({
      method: 'POST',
      path: '/',
      query: new URLSearchParams(),
      headers: { 'x-amz-target': `${TARGET_PREFIX}${operation}`, 'content-type': 'application/x-amz-json-1.1' },
      body: Buffer.from(JSON.stringify(input), 'utf8'),
      region: who.region,
      accountId: who.accountId,
      accessKey: who.accessKey,
      requestId: randomUUID(),
    });
    if (response.resetConnection) throw new PageCallError('ConnectionReset', `${operation} failed: the connection was reset (an injected fault)`);
    const body = bodyOf(response);
    if (response.status >= 400) {
      const code = String(body['__type'] ?? `HTTP ${response.status}`);
      throw new PageCallError(code, String(body['Message'] ?? body['message'] ?? code));
    }
    return body as Output;
  };
}
