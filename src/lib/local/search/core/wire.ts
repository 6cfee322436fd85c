import type { ErrorDialect } from '../../protocol/error-response.js';
import type { LocalResponse } from '../../types.js';
import { searchError } from './errors.js';

/** The content type of the JSON 1.1 protocol. */
const JSON_11 = 'application/x-amz-json-1.1';

/** A successful answer of the JSON 1.1 protocol, whose body is the output in its wire form. */
export function jsonResponse(body: unknown): LocalResponse {
  return { status: 200, headers: { 'content-type': JSON_11 }, body };
}

/** How the search API answers errors, as the real service does: `__type`, `Message`, `x-amzn-ErrorType`. */
export const SEARCH_ERRORS: ErrorDialect = {
  contentType: JSON_11,
  messageMember: 'Message',
  busy: () => searchError('ThrottlingException', 'The local data dir is busy with another process; retry the request.'),
  // InternalServerException: the model's server fault, a 500 that the SDKs retry (with backoff, not as throttling)
  full: () => searchError('InternalServerException', 'The storage of the local data dir is full, so nothing was written; free disk space and retry.'),
  internal: (requestId) => searchError('InternalServerException', `The local service failed to process the request ${requestId}; its log has the cause.`),
};
