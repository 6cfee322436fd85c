import type { Member, Shape } from '../model/shape.js';
import { compilePattern, compileWholePattern } from './patterns.js';

/**
 * One step of the path from the input's root to a value: a structure member's name, a list
 * item's index (from 0), or a map entry's key or value.
 */
export type PathSegment = string | { readonly index: number } | { readonly key: string; readonly part: 'key' | 'value' };

/** What a size or value bound measures: list items, map entries, string characters, blob bytes, or a number's value. */
export type SizeUnit = 'items' | 'entries' | 'characters' | 'bytes' | 'value';

/** A problem the walk found in a value, for a {@link ValidationPolicy} to word (or to ignore). */
export type Problem =
  /** The value is not of the shape's type (or not in a form the policy accepts for it). */
  | { readonly kind: 'type'; readonly shape: Shape; readonly value: unknown }
  /** A list item or map value is null or absent; `shape` is the element's shape. */
  | { readonly kind: 'null-entry'; readonly shape: Shape | undefined }
  /** A required member is absent or null (the path ends at the member). */
  | { readonly kind: 'required' }
  /** A member the structure `shape` does not have. */
  | { readonly kind: 'unknown'; readonly shape: Shape }
  /** A tagged union with `set` members set instead of one. */
  | { readonly kind: 'union'; readonly set: number }
  /** A size, length or value outside the bound `limit` (`min` or `max`). */
  | { readonly kind: 'bound'; readonly bound: 'min' | 'max'; readonly limit: number; readonly actual: number; readonly unit: SizeUnit; readonly value: unknown }
  /** A string outside the shape's enum. */
  | { readonly kind: 'enum'; readonly shape: Shape; readonly value: string }
  /** A string that does not match the shape's pattern. */
  | { readonly kind: 'pattern'; readonly shape: Shape; readonly value: string }
  /** A document holding something that is not JSON (`found` names it). */
  | { readonly kind: 'document'; readonly found: string }
  /** Structures, lists and maps nested deeper than `limit` (reported once per walk). */
  | { readonly kind: 'too-deep'; readonly limit: number };

/**
 * How one side checks values against a model: the forms it accepts for timestamps, blobs and
 * documents, what it does with unknown members, its bounds, and the wording of its problems.
 * The client words problems as botocore does; the local service as the real service does.
 */
export interface ValidationPolicy {
  /** The key the checks compiled for this policy are cached under on each shape. */
  readonly key: symbol;
  /** What a structure's member the model does not know gets: a problem (`report`) or left out of the checked value (`drop`). */
  readonly unknownMembers: 'report' | 'drop';
  /** Whether a pattern must match the whole string (as a service checks) or be found in it (botocore). */
  readonly wholePatterns: boolean;
  /** Whether numbers must be finite and integers and longs within what they hold, besides the model's bounds. */
  readonly boundedNumbers: boolean;
  /** The deepest nesting of structures, lists and maps accepted (the root is level 1); unbounded when absent. */
  readonly maxDepth?: number;
  /** Whether `value` is a timestamp in a form this side accepts. */
  isTimestamp(value: unknown): boolean;
  /** The byte size of a blob in a form this side accepts, or undefined for anything else. */
  blobSize(value: unknown): number | undefined;
  /** The problem of a document (free-form) value of the shape `shape`, if any. */
  documentProblem(shape: Shape, value: unknown): Problem | undefined;
  /** The text of `problem` found at `path`, or undefined when this side does not count it as a problem. */
  describe(problem: Problem, path: readonly PathSegment[]): string | undefined;
}

/** Where problems are collected, and the path of the value being checked. */
export interface ValidationContext {
  readonly problems: string[];
  /** The steps from the input's root to the current value. */
  readonly path: PathSegment[];
  /** Set once the nesting bound is hit, so that it is reported once. */
  tooDeep?: boolean;
}

/**
 * Checks one value (never `undefined`/`null`) and records its problems; returns the value as
 * checked (without unknown members when the policy drops them, undefined when too deep).
 */
export type Check = (value: unknown, ctx: ValidationContext) => unknown;

/**
 * Checks `value` against `shape` under `policy`, starting at `path`; returns the problems and
 * the checked value (see {@link Check}).
 */
export function checkValue(shape: Shape, value: unknown, policy: ValidationPolicy, path: PathSegment[] = []): { problems: string[]; value: unknown } {
  const ctx: ValidationContext = { problems: [], path };
  const checked = shapeCheck(shape, policy)(value, ctx);
  return { problems: ctx.problems, value: checked };
}

/** True for a value that can be a structure or a map: a non-array, non-null object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !ArrayBuffer.isView(value);
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

/** The check of `shape` under `policy`, built once and cached on the shape. */
export function shapeCheck(shape: Shape, policy: ValidationPolicy): Check {
  return shape.memo(policy.key, () => buildCheck(shape, policy));
}

function report(ctx: ValidationContext, policy: ValidationPolicy, problem: Problem): void {
  const text = policy.describe(problem, ctx.path);
  if (text !== undefined) ctx.problems.push(text);
}

/** The check for values of a member: a `jsonvalue` member holds a document. */
function memberCheck(member: Member, policy: ValidationPolicy): Check {
  return member.jsonValue ? documentCheck(member.shape, policy) : shapeCheck(member.shape, policy);
}

/** The depth of a free-form value, counted without recursion, up to `limit + 1`. */
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

/** Whether a container value nests deeper than the policy allows (reported once per walk). */
function tooDeep(value: unknown, ctx: ValidationContext, policy: ValidationPolicy, isDocument: boolean): boolean {
  const limit = policy.maxDepth;
  if (limit === undefined) return false;
  const depth = ctx.path.length + 1;
  const nesting = isDocument ? depth - 1 + documentDepth(value, limit) : depth;
  if (nesting <= limit) return false;
  if (!ctx.tooDeep) report(ctx, policy, { kind: 'too-deep', limit });
  ctx.tooDeep = true;
  return true;
}

function buildCheck(shape: Shape, policy: ValidationPolicy): Check {
  switch (shape.type) {
    case 'structure':
      return shape.isDocument ? documentCheck(shape, policy) : structureCheck(shape, policy);
    case 'list':
      return listCheck(shape, policy);
    case 'map':
      return mapCheck(shape, policy);
    case 'string':
      return stringCheck(shape, policy);
    case 'integer':
    case 'long':
      return numberCheck(shape, policy, true);
    case 'float':
    case 'double':
      return numberCheck(shape, policy, false);
    case 'boolean':
      return (value, ctx) => {
        if (typeof value !== 'boolean') report(ctx, policy, { kind: 'type', shape, value });
        return value;
      };
    case 'timestamp':
      return (value, ctx) => {
        if (!policy.isTimestamp(value)) report(ctx, policy, { kind: 'type', shape, value });
        return value;
      };
    case 'blob':
      return blobCheck(shape, policy);
    default:
      return (value) => value;
  }
}

function documentCheck(shape: Shape, policy: ValidationPolicy): Check {
  return (value, ctx) => {
    if (tooDeep(value, ctx, policy, true)) return undefined;
    const problem = policy.documentProblem(shape, value);
    if (problem) report(ctx, policy, problem);
    return value;
  };
}

interface StructurePlan {
  readonly members: ReadonlyMap<string, Check>;
  readonly required: readonly string[];
}

/** Checks a structure: required members, then each member (in the input's order), unknown ones reported or dropped. */
function structureCheck(shape: Shape, policy: ValidationPolicy): Check {
  let plan: StructurePlan | undefined;
  const drop = policy.unknownMembers === 'drop';
  return (value, ctx) => {
    if (!isRecord(value)) return void report(ctx, policy, { kind: 'type', shape, value });
    if (tooDeep(value, ctx, policy, false)) return undefined;
    plan ??= {
      members: new Map([...shape.members.values()].map((member) => [member.name, memberCheck(member, policy)])),
      required: [...shape.required],
    };
    for (const name of plan.required) {
      if (value[name] === undefined || value[name] === null) {
        ctx.path.push(name);
        report(ctx, policy, { kind: 'required' });
        ctx.path.pop();
      }
    }
    const known: Record<string, unknown> | undefined = drop ? {} : undefined;
    let set = 0;
    for (const name in value) {
      const check = plan.members.get(name);
      const item = value[name];
      if (check === undefined) {
        if (drop) continue;
        ctx.path.push(name);
        report(ctx, policy, { kind: 'unknown', shape });
        ctx.path.pop();
      } else if (item !== undefined && item !== null) {
        set++;
        ctx.path.push(name);
        const checked = check(item, ctx);
        ctx.path.pop();
        if (known) known[name] = checked;
      } else if (known && item !== undefined) {
        known[name] = item;
      }
    }
    if (shape.raw.union && set !== 1) report(ctx, policy, { kind: 'union', set });
    return known ?? value;
  };
}

function sizeCheck(shape: Shape, policy: ValidationPolicy, actual: number, unit: SizeUnit, value: unknown, ctx: ValidationContext): void {
  if (shape.min !== undefined && actual < shape.min) report(ctx, policy, { kind: 'bound', bound: 'min', limit: shape.min, actual, unit, value });
  if (shape.max !== undefined && actual > shape.max) report(ctx, policy, { kind: 'bound', bound: 'max', limit: shape.max, actual, unit, value });
}

/** Checks a list or map entry at the current path: a null one is a problem for the policy to word. */
function entryCheck(entry: unknown, element: Member | undefined, check: Check, policy: ValidationPolicy, ctx: ValidationContext): unknown {
  if (entry !== undefined && entry !== null) return check(entry, ctx);
  report(ctx, policy, { kind: 'null-entry', shape: element?.shape });
  return entry;
}

function listCheck(shape: Shape, policy: ValidationPolicy): Check {
  let item: Check | undefined;
  return (value, ctx) => {
    if (!Array.isArray(value)) return void report(ctx, policy, { kind: 'type', shape, value });
    if (tooDeep(value, ctx, policy, false)) return undefined;
    sizeCheck(shape, policy, value.length, 'items', value, ctx);
    item ??= shape.member ? memberCheck(shape.member, policy) : documentCheck(shape, policy);
    // a copy is made only where unknown members are dropped from the items
    const checked: unknown[] | undefined = policy.unknownMembers === 'drop' ? [] : undefined;
    for (let index = 0; index < value.length; index++) {
      ctx.path.push({ index });
      const entry = entryCheck(value[index], shape.member, item, policy, ctx);
      checked?.push(entry);
      ctx.path.pop();
    }
    return checked ?? value;
  };
}

function mapCheck(shape: Shape, policy: ValidationPolicy): Check {
  let key: Check | undefined;
  let item: Check | undefined;
  return (value, ctx) => {
    if (!isRecord(value)) return void report(ctx, policy, { kind: 'type', shape, value });
    if (tooDeep(value, ctx, policy, false)) return undefined;
    const keys = Object.keys(value);
    sizeCheck(shape, policy, keys.length, 'entries', value, ctx);
    key ??= shape.key ? memberCheck(shape.key, policy) : (name) => name;
    item ??= shape.value ? memberCheck(shape.value, policy) : documentCheck(shape, policy);
    const checked: Record<string, unknown> | undefined = policy.unknownMembers === 'drop' ? {} : undefined;
    for (const name of keys) {
      ctx.path.push({ key: name, part: 'key' });
      key(name, ctx);
      ctx.path.pop();
      ctx.path.push({ key: name, part: 'value' });
      const entry = entryCheck(value[name], shape.value, item, policy, ctx);
      // defined, not assigned: a `__proto__` key stays an entry of the map
      if (checked) Object.defineProperty(checked, name, { value: entry, enumerable: true, writable: true, configurable: true });
      ctx.path.pop();
    }
    return checked ?? value;
  };
}

function stringCheck(shape: Shape, policy: ValidationPolicy): Check {
  const { min, max } = shape;
  const allowed = shape.enum ? new Set(shape.enum) : undefined;
  const regex = shape.pattern === undefined ? undefined : (policy.wholePatterns ? compileWholePattern : compilePattern)(shape.pattern);
  return (value, ctx) => {
    if (typeof value !== 'string') return void report(ctx, policy, { kind: 'type', shape, value });
    // UTF-16 length bounds the code-point length from above (and from below by half).
    const mayBeShort = min !== undefined && value.length < min * 2;
    const mayBeLong = max !== undefined && value.length > max;
    if (mayBeShort || mayBeLong) sizeCheck(shape, policy, codePointLength(value), 'characters', value, ctx);
    if (allowed && !allowed.has(value)) report(ctx, policy, { kind: 'enum', shape, value });
    if (regex && !regex.test(value)) report(ctx, policy, { kind: 'pattern', shape, value });
    return value;
  };
}

/** The values an integer and a long hold (a long is held exactly up to 2^53 - 1 in JavaScript). */
const HELD: Readonly<Record<string, readonly [number, number]>> = {
  integer: [-(2 ** 31), 2 ** 31 - 1],
  long: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function numberCheck(shape: Shape, policy: ValidationPolicy, integer: boolean): Check {
  const held = policy.boundedNumbers && integer ? HELD[shape.type] : undefined;
  const min = held ? Math.max(shape.min ?? held[0], held[0]) : shape.min;
  const max = held ? Math.min(shape.max ?? held[1], held[1]) : shape.max;
  return (value, ctx) => {
    const number = typeof value === 'number' && (integer ? Number.isInteger(value) : !policy.boundedNumbers || Number.isFinite(value));
    if (!number) return void report(ctx, policy, { kind: 'type', shape, value });
    if (min !== undefined && value < min) report(ctx, policy, { kind: 'bound', bound: 'min', limit: min, actual: value, unit: 'value', value });
    if (max !== undefined && value > max) report(ctx, policy, { kind: 'bound', bound: 'max', limit: max, actual: value, unit: 'value', value });
    return value;
  };
}

function blobCheck(shape: Shape, policy: ValidationPolicy): Check {
  return (value, ctx) => {
    const size = policy.blobSize(value);
    if (size === undefined) report(ctx, policy, { kind: 'type', shape, value });
    else sizeCheck(shape, policy, size, 'bytes', value, ctx);
    return value;
  };
}
