import type { LocalResponse } from '../../types.js';
import type { SearchError } from './errors.js';

/** The content type of the JSON 1.1 protocol. */
const JSON_11 = 'application/x-amz-json-1.1';

/** A successful answer of the JSON 1.1 protocol. */
export function jsonResponse(body: Record<string, unknown>): LocalResponse {
  return { status: 200, headers: { 'content-type': JSON_11 }, body };
}

/** An error answer as the real service sends it: `__type`, `Message`, `x-amzn-ErrorType`. */
export function searchErrorResponse(error: SearchError): LocalResponse {
  return {
    status: error.status,
    headers: { 'content-type': JSON_11, 'x-amzn-errortype': error.code },
    body: { __type: error.code, Message: error.message },
  };
}
