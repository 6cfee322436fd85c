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
    if (request.body.length < COLLECT_AFTER_BODY) input = JSON.parse(takeText(request));
    else {
      input = parseLarge(request);
      // the text is garbage now that parseLarge's frame is gone: free it before the documents are decoded
      collectGarbage();
    }
  } catch (error) {
    throw new ServiceError('SerializationException', `The request body is not valid JSON: ${(error as Error).message}`, 400);
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ServiceError('SerializationException', 'The request body must be a JSON object.', 400);
  }
  return input as Record<string, unknown>;
}

/**
 * Parses a large body, its bytes collected before the text is parsed. Each step runs in a frame
 * of its own because V8 keeps every register of a running function's frame alive: a register that
 * held the bytes (or the text) while it was converted would keep 50 MB alive through the parse.
 */
function parseLarge(request: LocalRequest): unknown {
  const text = takeText(request);
  collectGarbage();
  return JSON.parse(text);
}

/** The request's body as text, with the request's hold on its bytes released. */
function takeText(request: LocalRequest): string {
  const text = request.body.toString('utf8');
  request.body = EMPTY;
  return text;
}
