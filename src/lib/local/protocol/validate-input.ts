import type { OperationModel } from '../../model/operation-model.js';
import type { Shape } from '../../model/shape.js';
import { compileWholePattern } from '../../validation/patterns.js';

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Base64 with any whitespace inside (checked in place: a blob can be tens of megabytes). */
const BASE64 = /^[A-Za-z0-9+/\s]*(?:=\s*){0,2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** How deep an input may nest (structures, lists and maps), as the real service bounds it. */
export const MAX_NESTING = 100;
/** How many problems one ValidationException lists. */
const MAX_LISTED = 10;
/** The values an integer and a long may take (a long is held exactly up to 2^53 - 1 here). */
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  integer: [-(2 ** 31), 2 ** 31 - 1],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** The depth of a free-form (document) value, counted without recursion, up to `limit + 1`. */
function documentDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item as Record<string, unknown>)) stack.push([child, depth + 1]);
  }
  return deepest;
}

interface Walk {
  errors: string[];
  /** Set once the nesting bound is hit, so that it is reported once. */
  tooDeep: boolean;
}

/**
 * Checks `value` against `shape` and returns it without the members the model
 * does not know (for structures); `depth` is the nesting of `value` in the input.
 */
function checkShape(shape: Shape, value: unknown, path: string, depth: number, walk: Walk): unknown {
  if (value === null || value === undefined) return value;
  const { errors } = walk;
  const fail = (constraint: string): void => void errors.push(`Value '${show(value)}' at '${path}' failed to satisfy constraint: ${constraint}`);
  const checkLength = (length: number, unit: string) => {
    if (shape.min !== undefined && length < shape.min) fail(`Member must have ${unit} greater than or equal to ${shape.min}`);
    if (shape.max !== undefined && length > shape.max) fail(`Member must have ${unit} less than or equal to ${shape.max}`);
  };
  const container = shape.type === 'structure' || shape.type === 'list' || shape.type === 'map';
  const nesting = shape.isDocument ? depth - 1 + documentDepth(value, MAX_NESTING) : depth;
  if (container && nesting > MAX_NESTING) {
    if (!walk.tooDeep) errors.push(`The value at '${path}' nests deeper than ${MAX_NESTING} levels, the most the service accepts`);
    walk.tooDeep = true;
    return undefined;
  }
  switch (shape.type) {
    case 'structure': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('Member must be an object');
      if (shape.isDocument) return value;
      const record = value as Record<string, unknown>;
      for (const name of shape.required) {
        if (record[name] === undefined || record[name] === null) {
          errors.push(`Value null at '${path ? `${path}.` : ''}${name}' failed to satisfy constraint: Member must not be null`);
        }
      }
      const known: Record<string, unknown> = {};
      for (const [name, member] of shape.members) {
        if (record[name] !== undefined) known[name] = checkShape(member.shape, record[name], path ? `${path}.${name}` : name, depth + 1, walk);
      }
      return known;
    }
    case 'list': {
      if (!Array.isArray(value)) return fail('Member must be a list');
      checkLength(value.length, 'length');
      return value.map((item, index) => checkShape(shape.member!.shape, item, `${path}.${index + 1}.member`, depth + 1, walk));
    }
    case 'map': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('Member must be a map');
      const entries = Object.entries(value as Record<string, unknown>);
      checkLength(entries.length, 'length');
      const kept: Record<string, unknown> = {};
      for (const [key, item] of entries) {
        checkShape(shape.key!.shape, key, `${path}.${key}.key`, depth + 1, walk);
        kept[key] = checkShape(shape.value!.shape, item, `${path}.${key}.value`, depth + 1, walk);
      }
      return kept;
    }
    case 'string': {
      if (typeof value !== 'string') return fail('Member must be a string');
      checkLength([...value].length, 'length');
      if (shape.enum && !shape.enum.includes(value)) fail(`Member must satisfy enum value set: [${shape.enum.join(', ')}]`);
      const regex = shape.pattern === undefined ? undefined : compileWholePattern(shape.pattern);
      if (regex && !regex.test(value)) fail(`Member must satisfy regular expression pattern: ${shape.pattern}`);
      return value;
    }
    case 'integer':
    case 'long': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return fail('Member must be an integer');
      const [lowest, highest] = RANGES[shape.type]!;
      const min = Math.max(shape.min ?? lowest, lowest);
      const max = Math.min(shape.max ?? highest, highest);
      if (value < min) fail(`Member must have value greater than or equal to ${min}`);
      if (value > max) fail(`Member must have value less than or equal to ${max}`);
      return value;
    }
    case 'float':
    case 'double':
      if (typeof value !== 'number' || !Number.isFinite(value)) fail('Member must be a number');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') fail('Member must be a boolean');
      return value;
    case 'timestamp':
      if (!(typeof value === 'number' && Number.isFinite(value)) && !(typeof value === 'string' && ISO_DATE.test(value))) {
        fail('Member must be a timestamp (epoch seconds or ISO 8601)');
      }
      return value;
    case 'blob':
      if (typeof value !== 'string' || !BASE64.test(value)) fail('Member must be base64-encoded data');
      return value;
    default:
      return value;
  }
}

/** The outcome of {@link checkInput}. */
export interface CheckedInput {
  /** One message per problem (at most ten are listed in an error); empty when the input is valid. */
  problems: string[];
  /** The input without the members the model does not know. */
  input: Record<string, unknown>;
}

/**
 * Checks the JSON `input` of `operation` against its input shape, as a service checks what it
 * receives: required members, types, lengths, ranges (the model's min/max, within what an
 * integer or long holds), enums and patterns (which must match the whole value), and nesting
 * (at most {@link MAX_NESTING} levels). Returns the problems in the wording of the real
 * services, and the input with the members the model does not know dropped: like the real
 * services, which ignore members they do not know (a client built from a newer model may send
 * some), the local service neither stores nor echoes them.
 */
export function checkInput(operation: OperationModel, input: Record<string, unknown>): CheckedInput {
  const walk: Walk = { errors: [], tooDeep: false };
  if (!operation.input) return { problems: [], input };
  const checked = checkShape(operation.input, input, '', 1, walk);
  return { problems: walk.errors, input: (checked ?? {}) as Record<string, unknown> };
}

/** The message of a ValidationException for `problems` (the first ten of them). */
export function validationMessage(problems: readonly string[]): string {
  const count = `${problems.length} validation error${problems.length === 1 ? '' : 's'} detected`;
  const listed = problems.slice(0, MAX_LISTED).join('; ');
  return `${count}: ${listed}${problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : ''}`;
}
