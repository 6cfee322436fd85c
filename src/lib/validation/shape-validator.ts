import type { Member, Shape } from '../model/shape.js';
import { describeType } from '../protocols/encoding.js';
import { toDate } from '../protocols/timestamps.js';
import { compilePattern } from './patterns.js';

/** Where problems are collected, and the path of the value being checked. */
export interface ValidationContext {
  readonly problems: string[];
  /** Member names and list indices from the input root to the current value. */
  readonly path: (string | number)[];
}

/** Checks one value (never `undefined`/`null` except inside lists) and records its problems. */
export type Check = (value: unknown, ctx: ValidationContext) => void;

const CHECK = Symbol('validator');
const MAX_ECHO = 60;

/** `Facets[0].DocumentAttributeKey` for the current path. */
export function pathText(path: readonly (string | number)[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  }
  return text === '' ? 'input' : text;
}

function report(ctx: ValidationContext, problem: string): void {
  ctx.problems.push(problem.replace('%s', () => pathText(ctx.path)));
}

function typeProblem(ctx: ValidationContext, expected: string, value: unknown): void {
  report(ctx, `Invalid type for parameter %s: expected ${expected}, got ${describeType(value)}`);
}

/** True for a value that can be a structure or a map: a non-array, non-null object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !ArrayBuffer.isView(value);
}

/** The check for values of a member (a `jsonvalue` string member takes any JSON value). */
export function memberCheck(member: Member): Check {
  return member.jsonValue ? checkDocument : shapeCheck(member.shape);
}

/** The check for values of a shape, built once and cached on the shape. */
export function shapeCheck(shape: Shape): Check {
  return shape.memo(CHECK, () => buildCheck(shape));
}

function buildCheck(shape: Shape): Check {
  switch (shape.type) {
    case 'structure':
      return shape.isDocument ? checkDocument : structureCheck(shape);
    case 'list':
      return listCheck(shape);
    case 'map':
      return mapCheck(shape);
    case 'string':
      return stringCheck(shape);
    case 'integer':
    case 'long':
      return numberCheck(shape, true);
    case 'float':
    case 'double':
      return numberCheck(shape, false);
    case 'boolean':
      return (value, ctx) => {
        if (typeof value !== 'boolean') typeProblem(ctx, 'boolean', value);
      };
    case 'timestamp':
      return (value, ctx) => {
        if (!toDate(value)) typeProblem(ctx, 'a timestamp (Date, ISO 8601 string or epoch seconds)', value);
      };
    case 'blob':
      return blobCheck(shape);
    default:
      return () => undefined;
  }
}

interface StructurePlan {
  readonly members: ReadonlyMap<string, Check>;
  readonly required: readonly string[];
  readonly names: string;
}

/** Checks a structure: required members, unknown members, then each member. */
function structureCheck(shape: Shape): Check {
  let plan: StructurePlan | undefined;
  return (value, ctx) => {
    if (!isRecord(value)) return typeProblem(ctx, 'an object', value);
    plan ??= {
      members: new Map([...shape.members.values()].map((member) => [member.name, memberCheck(member)])),
      required: [...shape.required],
      names: [...shape.members.keys()].join(', '),
    };
    for (const name of plan.required) {
      if (value[name] === undefined || value[name] === null) {
        ctx.path.push(name);
        report(ctx, 'Missing required parameter %s');
        ctx.path.pop();
      }
    }
    let set = 0;
    for (const name in value) {
      const check = plan.members.get(name);
      ctx.path.push(name);
      if (check === undefined) {
        report(ctx, `Unknown parameter %s, must be one of: ${plan.names || '(none)'}`);
      } else if (value[name] !== undefined && value[name] !== null) {
        set++;
        check(value[name], ctx);
      }
      ctx.path.pop();
    }
    if (shape.raw.union && set !== 1) report(ctx, `Invalid parameter %s: exactly one member must be set, found ${set}`);
  };
}

function listCheck(shape: Shape): Check {
  let item: Check | undefined;
  return (value, ctx) => {
    if (!Array.isArray(value)) return typeProblem(ctx, 'an array', value);
    sizeCheck(shape, value.length, 'items', ctx);
    item ??= shape.member ? memberCheck(shape.member) : checkDocument;
    for (let i = 0; i < value.length; i++) {
      ctx.path.push(i);
      const entry: unknown = value[i];
      if (entry === undefined || entry === null) typeProblem(ctx, shape.member?.shape.type ?? 'a value', entry);
      else item(entry, ctx);
      ctx.path.pop();
    }
  };
}

function mapCheck(shape: Shape): Check {
  let key: Check | undefined;
  let item: Check | undefined;
  return (value, ctx) => {
    if (!isRecord(value)) return typeProblem(ctx, 'an object (map)', value);
    const keys = Object.keys(value);
    sizeCheck(shape, keys.length, 'entries', ctx);
    key ??= shape.key ? memberCheck(shape.key) : () => undefined;
    item ??= shape.value ? memberCheck(shape.value) : checkDocument;
    for (const name of keys) {
      ctx.path.push(name);
      key(name, ctx);
      const entry = value[name];
      if (entry === undefined || entry === null) typeProblem(ctx, shape.value?.shape.type ?? 'a value', entry);
      else item(entry, ctx);
      ctx.path.pop();
    }
  };
}

function sizeCheck(shape: Shape, size: number, unit: string, ctx: ValidationContext): void {
  if (shape.min !== undefined && size < shape.min) report(ctx, `Invalid size for parameter %s: ${size} ${unit}, the minimum is ${shape.min}`);
  if (shape.max !== undefined && size > shape.max) report(ctx, `Invalid size for parameter %s: ${size} ${unit}, the maximum is ${shape.max}`);
}

/** The length of a string in Unicode code points (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) length--;
  }
  return length;
}

function stringCheck(shape: Shape): Check {
  const { min, max } = shape;
  const allowed = shape.enum ? new Set(shape.enum) : undefined;
  const allowedText = shape.enum?.join(', ');
  const regex = shape.pattern === undefined ? undefined : compilePattern(shape.pattern);
  return (value, ctx) => {
    if (typeof value !== 'string') return typeProblem(ctx, 'string', value);
    // UTF-16 length bounds the code-point length from above (and from below by half).
    const mayBeShort = min !== undefined && value.length < min * 2;
    const mayBeLong = max !== undefined && value.length > max;
    if (mayBeShort || mayBeLong) {
      const length = codePointLength(value);
      if (min !== undefined && length < min) report(ctx, `Invalid length for parameter %s: ${length} characters, the minimum is ${min}`);
      if (max !== undefined && length > max) report(ctx, `Invalid length for parameter %s: ${length} characters, the maximum is ${max}`);
    }
    if (allowed && !allowed.has(value)) report(ctx, `Invalid value for parameter %s: ${echo(value)} is not one of: ${allowedText}`);
    if (regex && !regex.test(value)) report(ctx, `Invalid value for parameter %s: it does not match the pattern ${shape.pattern}`);
  };
}

function echo(text: string): string {
  return JSON.stringify(text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO)}…` : text);
}

function numberCheck(shape: Shape, integer: boolean): Check {
  const { min, max } = shape;
  return (value, ctx) => {
    if (typeof value !== 'number' || (integer && !Number.isInteger(value))) return typeProblem(ctx, integer ? 'an integer' : 'a number', value);
    if (min !== undefined && value < min) report(ctx, `Invalid value for parameter %s: ${value} is below the minimum ${min}`);
    if (max !== undefined && value > max) report(ctx, `Invalid value for parameter %s: ${value} is above the maximum ${max}`);
  };
}

function blobCheck(shape: Shape): Check {
  const { min, max } = shape;
  return (value, ctx) => {
    let size: number;
    if (value instanceof Uint8Array) size = value.byteLength;
    else if (typeof value === 'string') size = Buffer.byteLength(value, 'utf8');
    else return typeProblem(ctx, 'bytes (Uint8Array, Buffer or string)', value);
    if (min !== undefined && size < min) report(ctx, `Invalid length for parameter %s: ${size} bytes, the minimum is ${min}`);
    if (max !== undefined && size > max) report(ctx, `Invalid length for parameter %s: ${size} bytes, the maximum is ${max}`);
  };
}

/** Checks that a document holds only JSON values: null, booleans, finite numbers, strings, arrays, objects. */
export const checkDocument: Check = (value, ctx) => {
  const bad = nonJson(value, 0);
  if (bad !== undefined) report(ctx, `Invalid type for parameter %s: a document holds only JSON values, found ${bad}`);
};

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
