import { STATUS_CODES } from 'node:http';
import type { HttpResponse } from '../http/types.js';
import type { OperationModel } from '../model/operation-model.js';
import type { Shape } from '../model/shape.js';
import { utf8 } from './encoding.js';
import type { ServiceErrorData } from './types.js';
import { RETRYABLE_STATUS_CODES, THROTTLING_CODES, TRANSIENT_CODES } from '../errors/error-codes.js';

/** Reads the modeled members of an error shape (other than its message) from a response. */
export type ErrorFieldReader = (shape: Shape, body: Record<string, unknown>, response: HttpResponse) => Record<string, unknown>;

const MAX_TEXT_MESSAGE = 300;

/**
 * Reads a JSON-protocol error (JSON 1.1 or REST-JSON). The code comes from the
 * `x-amzn-errortype` header, else the body's `__type`, `code` or `Code` (a `namespace#` prefix
 * and a `:…` suffix are stripped); the message from `message`, `Message` or `errorMessage`.
 * A body that is not a JSON object (an HTML 502 page) gives the status code as the code.
 */
export function parseServiceError(op: OperationModel, response: HttpResponse, readFields: ErrorFieldReader): ServiceErrorData {
  const { statusCode, headers } = response;
  const text = response.body.byteLength > 0 ? utf8(response.body) : '';
  const body = parseJsonObject(text);
  let code = cleanCode(headers['x-amzn-errortype']) ?? (body ? cleanCode(body.__type ?? body.code ?? body.Code) : undefined);
  let message = body ? firstString(body.message, body.Message, body.errorMessage) : undefined;
  if (code === undefined) code = String(statusCode);
  if (message === undefined) message = body ? '' : textMessage(text, statusCode);

  const shape = op.errorShape(code);
  const trait = shape?.retryable;
  const throttling = trait?.throttling === true || THROTTLING_CODES.has(code);
  const requestId = headers['x-amzn-requestid'] ?? headers['x-amz-request-id'];
  return {
    code,
    message,
    statusCode,
    ...(requestId === undefined ? {} : { requestId }),
    retryable: trait !== undefined || throttling || TRANSIENT_CODES.has(code) || RETRYABLE_STATUS_CODES.has(statusCode),
    throttling,
    fault: shape ? (shape.isFault ? 'server' : 'client') : statusCode >= 500 ? 'server' : 'client',
    fields: shape ? withoutMessage(readFields(shape, body ?? {}, response)) : {},
  };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const start = text.trimStart();
  if (!start.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(start);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function cleanCode(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  let code = raw;
  const colon = code.indexOf(':');
  if (colon >= 0) code = code.slice(0, colon);
  const hash = code.lastIndexOf('#');
  if (hash >= 0) code = code.slice(hash + 1);
  return code.trim() || undefined;
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string') return value;
  return undefined;
}

/** The message of a non-JSON body: its text on one line, or the status reason for HTML and empty bodies. */
function textMessage(text: string, statusCode: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '' || /^<(!doctype|html|\?xml)/i.test(line)) return STATUS_CODES[statusCode] ?? `HTTP status ${statusCode}`;
  return line.length > MAX_TEXT_MESSAGE ? `${line.slice(0, MAX_TEXT_MESSAGE)}…` : line;
}

function withoutMessage(fields: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(fields)) {
    if (key.toLowerCase() === 'message' || key === 'errorMessage') delete fields[key];
  }
  return fields;
}
