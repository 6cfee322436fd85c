import type { Member, Shape } from '../model/shape.js';
import { fromBase64 } from './encoding.js';
import { toDate } from './timestamps.js';

/**
 * Compiled JSON readers: one function per shape that turns parsed JSON into output values,
 * built once and cached on the shape. Structures keep only modeled members (by wire name,
 * returned under the member name), timestamps become `Date`s, blobs `Buffer`s. The copying
 * readers leave their input alone; the in-place readers ({@link structureReaderInPlace}) reshape
 * a document just parsed, which nothing else holds, without copying it.
 */
export type JsonReader = (value: unknown) => unknown;

interface Field {
  readonly name: string;
  readonly read: JsonReader;
}

const READER = Symbol('json-reader');
const IN_PLACE_READER = Symbol('json-reader-in-place');
const identity: JsonReader = (value) => value;

const readTimestamp: JsonReader = (value) => toDate(value, true) ?? value;
const readBlob: JsonReader = (value) => (typeof value === 'string' ? fromBase64(value) : value);
const readFloat: JsonReader = (value) => {
  if (value === 'NaN') return Number.NaN;
  if (value === 'Infinity') return Number.POSITIVE_INFINITY;
  if (value === '-Infinity') return Number.NEGATIVE_INFINITY;
  return value;
};

/** The reader for values of a shape. */
export function shapeReader(shape: Shape): JsonReader {
  return shape.memo(READER, () => buildReader(shape));
}

/**
 * A reader for a structure that keeps only the members `keep` accepts (REST body members);
 * not cached: callers cache it in their per-operation plan.
 */
export function structureReader(shape: Shape, keep: (member: Member) => boolean = () => true): (value: unknown) => Record<string, unknown> {
  let fields: Map<string, Field> | undefined;
  return (value) => {
    const out: Record<string, unknown> = {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
    fields ??= buildFields(shape, keep);
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || item === null) continue;
      const field = fields.get(key);
      if (field !== undefined) out[field.name] = field.read(item);
    }
    return out;
  };
}

function buildFields(shape: Shape, keep: (member: Member) => boolean): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const member of shape.members.values()) {
    if (keep(member)) fields.set(member.wireName, { name: member.name, read: shapeReader(member.shape) });
  }
  return fields;
}

function buildReader(shape: Shape): JsonReader {
  switch (shape.type) {
    case 'structure':
      return shape.isDocument ? identity : structureReader(shape);
    case 'list':
      return listReader(shape);
    case 'map':
      return mapReader(shape);
    case 'timestamp':
      return readTimestamp;
    case 'blob':
      return readBlob;
    case 'float':
    case 'double':
      return readFloat;
    default:
      return identity;
  }
}

function listReader(shape: Shape): JsonReader {
  let read: JsonReader | undefined;
  return (value) => {
    if (!Array.isArray(value)) return value;
    read ??= shape.member ? shapeReader(shape.member.shape) : identity;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = item === null || item === undefined ? null : read(item);
    }
    return out;
  };
}

function mapReader(shape: Shape): JsonReader {
  let read: JsonReader | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    read ??= shape.value ? shapeReader(shape.value.shape) : identity;
    const out: Record<string, unknown> = {};
    for (const key in value) {
      const item = (value as Record<string, unknown>)[key];
      const parsed = item === null || item === undefined ? null : read(item);
      // A key named "__proto__" must become an own property, not the object's prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: parsed, enumerable: true, writable: true, configurable: true });
      else out[key] = parsed;
    }
    return out;
  };
}

/**
 * The reader of a structure's output that reshapes `value` itself, for a JSON document just
 * parsed that nothing else holds: the result equals what {@link structureReader} returns, but
 * members are converted where they are, unmodeled and null members are deleted, and only a
 * structure whose members have other wire names is copied. A response's objects are thus kept
 * instead of rebuilt, which saves an allocation per object of every response.
 */
export function structureReaderInPlace(shape: Shape): (value: unknown) => Record<string, unknown> {
  const read = inPlaceReader(shape);
  return (value) => (typeof value !== 'object' || value === null || Array.isArray(value) ? {} : (read(value) as Record<string, unknown>));
}

function inPlaceReader(shape: Shape): JsonReader {
  return shape.memo(IN_PLACE_READER, () => buildInPlaceReader(shape));
}

function buildInPlaceReader(shape: Shape): JsonReader {
  switch (shape.type) {
    case 'structure':
      if (shape.isDocument) return identity;
      // A member read under another name than it has on the wire needs a new object.
      for (const member of shape.members.values()) if (member.wireName !== member.name) return shapeReader(shape);
      return structureInPlace(shape);
    case 'list':
      return listInPlace(shape);
    case 'map':
      return mapInPlace(shape);
    default:
      return shapeReader(shape);
  }
}

function structureInPlace(shape: Shape): JsonReader {
  let fields: Map<string, JsonReader> | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    fields ??= new Map([...shape.members.values()].map((member) => [member.wireName, inPlaceReader(member.shape)]));
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const item = object[key];
      const read = fields.get(key);
      if (read === undefined || item === null || item === undefined) delete object[key];
      else if (read !== identity) {
        const converted = read(item);
        if (converted !== item) object[key] = converted;
      }
    }
    return object;
  };
}

function listInPlace(shape: Shape): JsonReader {
  let read: JsonReader | undefined;
  return (value) => {
    if (!Array.isArray(value)) return value;
    read ??= shape.member ? inPlaceReader(shape.member.shape) : identity;
    if (read === identity) return value;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && item !== undefined) {
        const converted = read(item);
        if (converted !== item) value[i] = converted;
      }
    }
    return value;
  };
}

function mapInPlace(shape: Shape): JsonReader {
  let read: JsonReader | undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    read ??= shape.value ? inPlaceReader(shape.value.shape) : identity;
    if (read === identity) return value;
    // JSON.parse makes a key named "__proto__" an own property, and assigning to an own property keeps it one.
    const object = value as Record<string, unknown>;
    for (const key in object) {
      const item = object[key];
      if (item !== null && item !== undefined) {
        const converted = read(item);
        if (converted !== item) object[key] = converted;
      }
    }
    return object;
  };
}
