import { SidecarError } from '../errors/sidecar-error.js';
import type { ContentType, DocumentAttributeInput, DocumentAttributeValueInput, Principal } from '../services/search/types.js';

/**
 * What a `<file>.metadata.json` sidecar says about its document, in the format of the S3
 * connector's metadata files:
 * `{"DocumentId", "Title", "ContentType", "Attributes": {key: value}, "AccessControlList": [...]}`.
 */
export interface Sidecar {
  id?: string;
  title?: string;
  contentType?: ContentType;
  attributes?: DocumentAttributeInput[];
  accessControlList?: Principal[];
}

/** Reserved attributes whose string values are dates. */
export const DATE_ATTRIBUTES: ReadonlySet<string> = new Set(['_created_at', '_last_updated_at']);

const KNOWN_KEYS = new Set(['DocumentId', 'Title', 'ContentType', 'Attributes', 'AccessControlList']);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(key: string, text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new SidecarError(`attribute ${key}: "${text}" is not an ISO 8601 date`);
  return date;
}

/**
 * The typed value of one sidecar attribute: an integer is a `LongValue`, a list of strings a
 * `StringListValue`, an ISO 8601 date-time with a zone (or any date for `_created_at` and
 * `_last_updated_at`) a `DateValue`, any other string a `StringValue`.
 */
export function attributeValue(key: string, value: unknown): DocumentAttributeValueInput {
  if (typeof value === 'string') {
    const dated = DATE_ATTRIBUTES.has(key);
    if (dated && !ISO_DATE.test(value) && !ISO_DATE_TIME.test(value)) throw new SidecarError(`attribute ${key}: "${value}" is not an ISO 8601 date`);
    return dated || ISO_DATE_TIME.test(value) ? { DateValue: parseDate(key, value) } : { StringValue: value };
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new SidecarError(`attribute ${key}: ${value} is not a whole number (the service stores numbers as longs)`);
    return { LongValue: value };
  }
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) throw new SidecarError(`attribute ${key}: a list must hold strings only`);
    return { StringListValue: value as string[] };
  }
  throw new SidecarError(`attribute ${key}: expected a string, a whole number or a list of strings, not ${value === null ? 'null' : typeof value}`);
}

function optionalString(object: Record<string, unknown>, key: string): string | undefined {
  const value = object[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new SidecarError(`${key} must be a non-empty string`);
  return value;
}

/** Parses the text of a metadata sidecar; throws {@link SidecarError} for anything it cannot use. */
export function parseSidecar(text: string): Sidecar {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SidecarError(`not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SidecarError('expected a JSON object');
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!KNOWN_KEYS.has(key)) throw new SidecarError(`unknown key "${key}" (known: ${[...KNOWN_KEYS].join(', ')})`);
  }
  const sidecar: Sidecar = {};
  const id = optionalString(object, 'DocumentId');
  if (id !== undefined) sidecar.id = id;
  const title = optionalString(object, 'Title');
  if (title !== undefined) sidecar.title = title;
  const contentType = optionalString(object, 'ContentType');
  if (contentType !== undefined) sidecar.contentType = contentType as ContentType;
  if (object.Attributes !== undefined) {
    const attributes = object.Attributes;
    if (attributes === null || typeof attributes !== 'object' || Array.isArray(attributes))
      throw new SidecarError('Attributes must be an object of attribute names and values');
    sidecar.attributes = Object.entries(attributes).map(([key, item]) => ({ Key: key, Value: attributeValue(key, item) }));
  }
  if (object.AccessControlList !== undefined) {
    if (!Array.isArray(object.AccessControlList)) throw new SidecarError('AccessControlList must be a list of principals');
    sidecar.accessControlList = object.AccessControlList as Principal[];
  }
  return sidecar;
}
