import type { OperationModel } from '../../model/operation-model.js';
import type { Shape } from '../../model/shape.js';
import { checkValue, type PathSegment, type Problem, type ValidationPolicy } from '../../validation/shape-validator.js';

/** Base64 with any whitespace inside (checked in place: a blob can be tens of megabytes). */
const BASE64 = /^[A-Za-z0-9+/\s]*(?:=\s*){0,2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** How deep an input may nest (structures, lists and maps), as the real service bounds it. */
export const MAX_NESTING = 100;
/** How many problems one ValidationException lists. */
const MAX_LISTED = 10;

/** What a value of each shape type must be, in a type problem. */
const EXPECTED: Readonly<Record<string, string>> = {
  structure: 'an object',
  list: 'a list',
  map: 'a map',
  string: 'a string',
  integer: 'an integer',
  long: 'an integer',
  float: 'a number',
  double: 'a number',
  boolean: 'a boolean',
  timestamp: 'a timestamp (epoch seconds or ISO 8601)',
  blob: 'base64-encoded data',
};

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `Documents.1.member.Id`, as the real service writes a path (list items from 1, map entries as `key`/`value`). */
function servicePath(path: readonly PathSegment[]): string {
  return path
    .map((segment) => {
      if (typeof segment === 'string') return segment;
      return 'index' in segment ? `${segment.index + 1}.member` : `${segment.key}.${segment.part}`;
    })
    .join('.');
}

/** The constraint a problem breaks, in the service's words (undefined for what the service lets through). */
function constraint(problem: Problem): string | undefined {
  switch (problem.kind) {
    case 'type':
      return `Member must be ${EXPECTED[problem.shape.type] ?? problem.shape.type}`;
    case 'bound': {
      const measure = problem.unit === 'value' ? 'value' : 'length';
      return `Member must have ${measure} ${problem.bound === 'min' ? 'greater' : 'less'} than or equal to ${problem.limit}`;
    }
    case 'enum':
      return `Member must satisfy enum value set: [${problem.shape.enum!.join(', ')}]`;
    case 'pattern':
      return `Member must satisfy regular expression pattern: ${problem.shape.pattern}`;
    case 'union':
      return `Member must have exactly one member set, found ${problem.set}`;
    default:
      return undefined;
  }
}

function describe(problem: Problem, path: readonly PathSegment[]): string | undefined {
  const at = servicePath(path);
  if (problem.kind === 'required') return `Value null at '${at}' failed to satisfy constraint: Member must not be null`;
  if (problem.kind === 'too-deep') return `The value at '${at}' nests deeper than ${problem.limit} levels, the most the service accepts`;
  const text = constraint(problem);
  if (text === undefined) return undefined;
  const value = 'value' in problem ? problem.value : null;
  return `Value '${show(value)}' at '${at}' failed to satisfy constraint: ${text}`;
}

/**
 * How the local service checks what it receives, as the real services do: members it does not
 * know are left out (a client built from a newer model may send some), patterns must match the
 * whole value, integers and longs must fit what they hold, input nests at most
 * {@link MAX_NESTING} levels, timestamps are epoch seconds or ISO 8601 text, blobs base64 text.
 */
const SERVICE_POLICY: ValidationPolicy = {
  key: Symbol('service-validator'),
  unknownMembers: 'drop',
  wholePatterns: true,
  boundedNumbers: true,
  maxDepth: MAX_NESTING,
  isTimestamp: (value) => (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && ISO_DATE.test(value)),
  blobSize: (value) => (typeof value === 'string' && BASE64.test(value) ? Buffer.byteLength(value, 'base64') : undefined),
  documentProblem: (shape: Shape, value) =>
    shape.type === 'structure' && (typeof value !== 'object' || value === null || Array.isArray(value)) ? { kind: 'type', shape, value } : undefined,
  describe,
};

/** The outcome of {@link checkInput}. */
export interface CheckedInput {
  /** One message per problem (at most ten are listed in an error); empty when the input is valid. */
  problems: string[];
  /** The input without the members the model does not know. */
  input: Record<string, unknown>;
}

/**
 * Checks the JSON `input` of `operation` against its input shape, as a service checks what it
 * receives (see the service's validation policy above): required members, types, lengths,
 * ranges, enums, patterns and nesting. Returns the problems in the wording of the real
 * services, and the input with the members the model does not know dropped, so the local
 * service neither stores nor echoes them.
 */
export function checkInput(operation: OperationModel, input: Record<string, unknown>): CheckedInput {
  if (!operation.input) return { problems: [], input };
  const { problems, value } = checkValue(operation.input, input, SERVICE_POLICY);
  return { problems, input: (value ?? {}) as Record<string, unknown> };
}

/** The message of a ValidationException for `problems` (the first ten of them). */
export function validationMessage(problems: readonly string[]): string {
  const count = `${problems.length} validation error${problems.length === 1 ? '' : 's'} detected`;
  const listed = problems.slice(0, MAX_LISTED).join('; ');
  return `${count}: ${listed}${problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : ''}`;
}
