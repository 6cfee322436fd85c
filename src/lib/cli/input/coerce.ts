import type { ApiJson, RawShape } from '../../model/types.js';
import { usageError } from '../errors/cli-error.js';

/**
 * Where a value came from: parsed JSON keeps its types (blobs are base64 text, as on the wire),
 * shorthand has only strings, which the model turns into numbers and booleans.
 */
export type ValueSource = 'json' | 'shorthand';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function fail(path: string, expected: string, value: unknown): never {
  const shown = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  throw usageError(`Invalid value for ${path}: expected ${expected}, got ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * Gives a parsed value the types of a model shape: base64 text becomes bytes for blobs,
 * shorthand text becomes numbers and booleans, and structures, lists and maps are walked.
 * Members the shape does not have are kept, for the client's validation to report.
 * @param path - where the value is, for messages, e.g. `--tags[0].Key`.
 * @throws CliError (usage) naming the path when a value cannot have the shape's type.
 */
export function coerceValue(api: ApiJson, shapeName: string, value: unknown, source: ValueSource, path: string): unknown {
  const shape: RawShape | undefined = api.shapes[shapeName];
  if (!shape || value === null || value === undefined) return value;
  switch (shape.type) {
    case 'structure': {
      if (!isPlainObject(value)) fail(path, 'a structure', value);
      const result: Record<string, unknown> = {};
      for (const [key, member] of Object.entries(value)) {
        const ref = shape.members?.[key];
        result[key] = ref ? coerceValue(api, ref.shape, member, source, `${path}.${key}`) : member;
      }
      return result;
    }
    case 'list': {
      const items = Array.isArray(value) ? value : source === 'shorthand' ? [value] : fail(path, 'a list', value);
      return items.map((item, index) => coerceValue(api, shape.member!.shape, item, source, `${path}[${index}]`));
    }
    case 'map': {
      if (!isPlainObject(value)) fail(path, 'a map', value);
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, coerceValue(api, shape.value!.shape, item, source, `${path}.${key}`)]));
    }
    case 'integer':
    case 'long':
    case 'float':
    case 'double': {
      if (typeof value === 'number') return value;
      const integer = shape.type === 'integer' || shape.type === 'long';
      if (typeof value === 'string' && (integer ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/).test(value.trim())) return Number(value);
      return fail(path, integer ? 'a whole number' : 'a number', value);
    }
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return fail(path, 'true or false', value);
    }
    case 'blob': {
      if (value instanceof Uint8Array) return value;
      if (typeof value !== 'string' || !BASE64.test(value.replace(/\s+/g, ''))) return fail(path, 'base64 text', value);
      return new Uint8Array(Buffer.from(value, 'base64'));
    }
    case 'timestamp': {
      if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
      if (typeof value === 'number' || (typeof value === 'string' && !Number.isNaN(Date.parse(value)))) return value;
      return fail(path, 'a timestamp (ISO 8601 such as 2024-01-02T03:04:05Z, or epoch seconds)', value);
    }
    default:
      if (typeof value === 'string') return value;
      return source === 'json' && (typeof value === 'number' || typeof value === 'boolean') ? fail(path, 'a string', value) : value;
  }
}
