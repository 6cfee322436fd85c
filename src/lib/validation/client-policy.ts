import type { Shape } from '../model/shape.js';
import { describeType } from '../protocols/encoding.js';
import { toDate } from '../protocols/timestamps.js';
import { isRecord, type PathSegment, type Problem, type ValidationPolicy } from './shape-validator.js';

const MAX_ECHO = 60;

/** What a value of each shape type is called in a type problem. */
const EXPECTED: Readonly<Record<string, string>> = {
  structure: 'an object',
  list: 'an array',
  map: 'an object (map)',
  string: 'string',
  integer: 'an integer',
  long: 'an integer',
  float: 'a number',
  double: 'a number',
  boolean: 'boolean',
  timestamp: 'a timestamp (Date, ISO 8601 string or epoch seconds)',
  blob: 'bytes (Uint8Array, Buffer or string)',
};

/** `Facets[0].DocumentAttributeKey` for a path (`input` for the root). */
export function pathText(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'object' && 'index' in segment) text += `[${segment.index}]`;
    else {
      const name = typeof segment === 'string' ? segment : segment.key;
      text += text === '' ? name : `.${name}`;
    }
  }
  return text === '' ? 'input' : text;
}

function echo(text: string): string {
  return JSON.stringify(text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
}

/** The words of a size problem: what is measured and how it is phrased. */
function boundText(problem: Extract<Problem, { kind: 'bound' }>): string {
  const { bound, limit, actual, unit } = problem;
  if (unit === 'value') return `Invalid value for parameter %s: ${actual} is ${bound === 'min' ? 'below the minimum' : 'above the maximum'} ${limit}`;
  const measure = unit === 'items' || unit === 'entries' ? 'size' : 'length';
  return `Invalid ${measure} for parameter %s: ${actual} ${unit}, the ${bound === 'min' ? 'minimum' : 'maximum'} is ${limit}`;
}

function problemText(problem: Problem): string {
  switch (problem.kind) {
    case 'type':
      return `Invalid type for parameter %s: expected ${EXPECTED[problem.shape.type] ?? problem.shape.type}, got ${describeType(problem.value)}`;
    case 'null-entry':
      return `Invalid type for parameter %s: expected ${problem.shape?.type ?? 'a value'}, got null`;
    case 'required':
      return 'Missing required parameter %s';
    case 'unknown':
      return `Unknown parameter %s, must be one of: ${[...problem.shape.members.keys()].join(', ') || '(none)'}`;
    case 'union':
      return `Invalid parameter %s: exactly one member must be set, found ${problem.set}`;
    case 'bound':
      return boundText(problem);
    case 'enum':
      return `Invalid value for parameter %s: ${echo(problem.value)} is not one of: ${problem.shape.enum!.join(', ')}`;
    case 'pattern':
      return `Invalid value for parameter %s: it does not match the pattern ${problem.shape.pattern}`;
    case 'document':
      return `Invalid type for parameter %s: a document holds only JSON values, found ${problem.found}`;
    case 'too-deep':
      return `Invalid value for parameter %s: it nests deeper than ${problem.limit} levels`;
  }
}

/** What in a document is not a JSON value (null, boolean, finite number, string, array, object), if anything. */
function nonJson(value: unknown, depth: number): string | undefined {
  if (depth > 100) return 'nesting deeper than 100 levels';
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = nonJson(item, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  if (isRecord(value)) {
    for (const key in value) {
      const bad = nonJson(value[key], depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  return describeType(value);
}

/**
 * How the client checks its input, as botocore's parameter validation does: every problem is
 * reported (unknown members too), patterns are searched rather than anchored, timestamps may be
 * Dates, ISO 8601 strings or epoch seconds, blobs bytes or strings, and documents any JSON value.
 */
export const CLIENT_POLICY: ValidationPolicy = {
  key: Symbol('client-validator'),
  unknownMembers: 'report',
  wholePatterns: false,
  boundedNumbers: false,
  isTimestamp: (value) => toDate(value) !== undefined,
  blobSize(value) {
    if (value instanceof Uint8Array) return value.byteLength;
    return typeof value === 'string' ? Buffer.byteLength(value, 'utf8') : undefined;
  },
  documentProblem(_shape: Shape, value) {
    const found = nonJson(value, 0);
    return found === undefined ? undefined : { kind: 'document', found };
  },
  describe: (problem, path) => problemText(problem).replace('%s', () => pathText(path)),
};
