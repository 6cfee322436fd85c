import { collectGarbage } from '../server/collect-garbage.js';
import type { LocalRequest } from '../types.js';
import { ServiceError } from './errors.js';

const EMPTY = Buffer.alloc(0);
/** A body this large is freed at once, in steps, while it is parsed (see collectGarbage). */
const COLLECT_AFTER_BODY = 16 * 1024 * 1024;
const CONTENT_TYPES = new Set(['application/x-amz-json-1.1', 'application/x-amz-json-1.0', 'application/json']);

/**
 * The input of a JSON protocol request: its body, a JSON object (`{}` when empty). Another
 * content type is a 415 `UnsupportedMediaTypeException`; a body that is not a JSON object a
 * `SerializationException`. The request's body is released while it is parsed (a large one is
 * collected at once), so the caller must not read `request.body` afterwards.
 */
export function readJsonBody(request: LocalRequest): Record<string, unknown> {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES.has(contentType)) {
    throw new ServiceError(
      'UnsupportedMediaTypeException',
      `The content type ${contentType ? `'${contentType}'` : '(none)'} is not supported; send application/x-amz-json-1.1.`,
      415,
    );
  }
  if (request.body.length === 0) return {};
  let input: unknown;
  try {
    const large = request.body.length >= COLLECT_AFTER_BODY;
    let text: string | undefined = request.body.toString('utf8');
    // free a large body's bytes before its text is parsed, and its text before its documents are decoded
    request.body = EMPTY;
    if (large) collectGarbage();
    input = JSON.parse(text);
    text = undefined;
    if (large) collectGarbage();
  } catch (error) {
    throw new ServiceError('SerializationException', `The request body is not valid JSON: ${(error as Error).message}`, 400);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ServiceError('SerializationException', 'The request body must be a JSON object.', 400);
  }
  return input as Record<string, unknown>;
}
