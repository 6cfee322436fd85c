import type { Member, Shape } from '../model/shape.js';
import { toBase64 } from './encoding.js';
import { ProtocolError } from '../errors/protocol-error.js';
import { formatTimestamp, toDate } from './timestamps.js';

/**
 * Compiled JSON writers: one function per shape that turns an input value straight into JSON
 * text, built once and cached on the shape. Structures drop `undefined`/`null` and unknown
 * members, blobs become base64, timestamps epoch seconds (or the member's `timestampFormat`).
 */
export type JsonWriter = (value: unknown) => string;

interface Field {
  readonly prefix: string;
  readonly write: JsonWriter;
}

const WRITER = Symbol('json-writer');
const anyJson: JsonWriter = (value) => JSON.stringify(value) ?? 'null';
const writeFloat: JsonWriter = (value) =>
  typeof value === 'number' && !Number.isFinite(value) ? (Number.isNaN(value) ? '"NaN"' : value > 0 ? '"Infinity"' : '"-Infinity"') : anyJson(value);

/** The writer for values of a member (its shape, with the member's timestamp format). */
export function memberWriter(member: Member): JsonWriter {
  if (member.shape.type === 'timestamp') {
    return member.memo(WRITER, () => timestampWriter(member.timestampFormat ?? 'unixTimestamp', member.name));
  }
  return shapeWriter(member.shape);
}

/** The writer for values of a shape. */
export function shapeWriter(shape: Shape): JsonWriter {
  return shape.memo(WRITER, () => buildWriter(shape));
}

/**
 * A writer for a structure that keeps only the members `keep` accepts (REST body members);
 * not cached: callers cache it in their per-operation plan.
 */
export function structureWriter(shape: Shape, keep: (member: Member) => boolean = () => true): JsonWriter {
  let fields: Map<string, Field> | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return anyJson(value);
    fields ??= buildFields(shape, keep);
    let out = '{';
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || item === null) continue;
      const field = fields.get(key);
      if (field === undefined) continue;
      if (out.length > 1) out += ',';
      out += field.prefix + field.write(item);
    }
    return out + '}';
  };
}

function buildFields(shape: Shape, keep: (member: Member) => boolean): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const member of shape.members.values()) {
    if (keep(member)) fields.set(member.name, { prefix: `${JSON.stringify(member.wireName)}:`, write: memberWriter(member) });
  }
  return fields;
}

function buildWriter(shape: Shape): JsonWriter {
  switch (shape.type) {
    case 'structure':
      return shape.isDocument ? anyJson : structureWriter(shape);
    case 'list':
      return listWriter(shape);
    case 'map':
      return mapWriter(shape);
    case 'blob':
      return (value) => `"${blobBase64(value, shape.name)}"`;
    case 'timestamp':
      return timestampWriter(shape.raw.timestampFormat ?? 'unixTimestamp', shape.name);
    case 'float':
    case 'double':
      return writeFloat;
    default:
      return anyJson;
  }
}

function listWriter(shape: Shape): JsonWriter {
  let write: JsonWriter | undefined;
  return (value) => {
    if (!Array.isArray(value)) return anyJson(value);
    write ??= shape.member ? memberWriter(shape.member) : anyJson;
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined || item === null ? 'null' : write(item);
    }
    return out + ']';
  };
}

function mapWriter(shape: Shape): JsonWriter {
  let write: JsonWriter | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return anyJson(value);
    write ??= shape.value ? memberWriter(shape.value) : anyJson;
    let out = '{';
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || item === null) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${write(item)}`;
    }
    return out + '}';
  };
}

function timestampWriter(format: string, name: string): JsonWriter {
  return (value) => {
    const date = toDate(value, true);
    if (!date) throw new ProtocolError(`Invalid timestamp for ${name}: expected a Date, an ISO 8601 string or epoch seconds`);
    return JSON.stringify(formatTimestamp(date, format));
  };
}

function blobBase64(value: unknown, name: string): string {
  try {
    return toBase64(value);
  } catch (error) {
    throw new ProtocolError(`Invalid blob for ${name}: ${(error as Error).message}`);
  }
}
