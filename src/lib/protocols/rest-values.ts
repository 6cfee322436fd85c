import type { Member } from '../model/shape.js';
import { fromBase64, toBase64 } from './encoding.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { formatTimestamp, toDate } from './timestamps.js';

/**
 * Conversions between input/output values and the text of URI labels, query parameters and
 * headers in REST protocols, following botocore: booleans `true`/`false`, timestamps ISO 8601
 * in the URI and query and RFC 822 in headers (unless the member says otherwise), lists in a
 * header joined with `,`, `jsonvalue` headers as base64 JSON.
 */

function timestampText(member: Member, value: unknown, defaultFormat: string): string {
  const date = toDate(value, true);
  if (!date) throw new ProtocolError(`Invalid timestamp for ${member.name}: expected a Date, an ISO 8601 string or epoch seconds`);
  return String(formatTimestamp(date, member.timestampFormat ?? defaultFormat));
}

function floatText(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  return String(value);
}

/** The text of a scalar in a URI label or a query parameter. */
export function uriValue(member: Member, value: unknown): string {
  switch (member.shape.type) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'timestamp':
      return timestampText(member, value, 'iso8601');
    case 'float':
    case 'double':
      return floatText(value);
    default:
      return String(value);
  }
}

function quoteListItem(text: string): string {
  return text.includes('"') || text.includes(',') ? `"${text.replace(/"/g, '\\"')}"` : text;
}

/** The text of a header-bound value; undefined for an empty list (which sends no header). */
export function headerValue(member: Member, value: unknown): string | undefined {
  const shape = member.shape;
  switch (shape.type) {
    case 'timestamp':
      return timestampText(member, value, 'rfc822');
    case 'list': {
      const item = shape.member;
      if (!Array.isArray(value) || !item) return String(value);
      const parts: string[] = [];
      for (const entry of value) {
        if (entry === null || entry === undefined) continue;
        parts.push(item.shape.type === 'string' ? quoteListItem(String(entry)) : (headerValue(item, entry) ?? ''));
      }
      return parts.length > 0 ? parts.join(',') : undefined;
    }
    case 'boolean':
      return value ? 'true' : 'false';
    case 'float':
    case 'double':
      return floatText(value);
    case 'blob':
      return toBase64(value);
    case 'string':
      return member.jsonValue ? toBase64(JSON.stringify(value)) : String(value);
    default:
      return String(value);
  }
}

/** The output value of a header-bound member. */
export function parseHeaderValue(member: Member, text: string): unknown {
  const shape = member.shape;
  switch (shape.type) {
    case 'integer':
    case 'long':
      return Number.parseInt(text, 10);
    case 'float':
    case 'double':
      return Number(text);
    case 'boolean':
      return text.trim().toLowerCase() === 'true';
    case 'timestamp':
      return toDate(text, true) ?? text;
    case 'blob':
      return fromBase64(text);
    case 'list': {
      const item = shape.member;
      const parts = text.split(',').map((part) => part.trim());
      return item ? parts.map((part) => parseHeaderValue(item, part)) : parts;
    }
    case 'string':
      return member.jsonValue ? parseJsonHeader(member, text) : text;
    default:
      return text;
  }
}

function parseJsonHeader(member: Member, text: string): unknown {
  try {
    return JSON.parse(fromBase64(text).toString('utf8'));
  } catch {
    throw new ProtocolError(`The ${member.wireName} header is not base64-encoded JSON`);
  }
}
