import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { badRequest } from './mobile-error.js';
import { MAX_YAML_DEPTH, MAX_YAML_NODES } from './limits.js';

/** The prefix of the tags a Mobile Hub project definition uses, e.g. `!com.amazonaws.mobilehub.v0.SignIn`. */
export const MOBILE_HUB_TAG_PREFIX = '!com.amazonaws.mobilehub.';

const TYPE = Symbol('mobile-hub-type');

/** A value of a project definition: YAML turned into plain data. */
export type TreeValue = string | number | boolean | null | TreeValue[] | TreeMap;

/** A YAML mapping; {@link typeOf} tells the Mobile Hub type its tag named. */
export interface TreeMap {
  [key: string]: TreeValue;
}

/**
 * The Mobile Hub type of a value: the part of its tag after the version, e.g. `SignIn` for
 * `!com.amazonaws.mobilehub.v0.SignIn`, `ConvertibleMap` for `!com.amazonaws.mobilehub.ConvertibleMap`.
 */
export function typeOf(value: TreeValue | undefined): string | undefined {
  return isTreeMap(value) ? (value as { [TYPE]?: string })[TYPE] : undefined;
}

/** Whether a value is a mapping. */
export function isTreeMap(value: TreeValue | undefined): value is TreeMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns a parsed document into plain data, recording the Mobile Hub type of tagged mappings.
 * Aliases are expanded within a node budget, so that an alias bomb is refused, not expanded.
 */
export function documentToTree(doc: Document): TreeValue {
  const budget = { nodes: 0 };
  return convert(doc, doc.contents as Node | null, budget, 0);
}

function convert(doc: Document, node: Node | null, budget: { nodes: number }, depth: number): TreeValue {
  if (++budget.nodes > MAX_YAML_NODES) {
    throw badRequest(`mobile-hub-project.yml expands to more than ${MAX_YAML_NODES} values`);
  }
  if (depth > MAX_YAML_DEPTH) throw badRequest(`mobile-hub-project.yml nests deeper than ${MAX_YAML_DEPTH} levels`);
  if (node === null) return null;
  if (isAlias(node)) return convert(doc, node.resolve(doc) ?? null, budget, depth + 1);
  if (isScalar(node)) return scalarValue(node.value);
  if (isSeq(node)) return node.items.map((item) => convert(doc, item as Node | null, budget, depth + 1));
  if (isMap(node)) {
    const entries: [string, TreeValue][] = [];
    for (const pair of node.items) {
      const key = pair.key;
      if (!isScalar(key)) throw badRequest('mobile-hub-project.yml uses a mapping key that is not a scalar');
      entries.push([String(key.value), convert(doc, pair.value as Node | null, budget, depth + 1)]);
    }
    const map: TreeMap = Object.fromEntries(entries);
    const type = mobileHubType(node.tag);
    if (type !== undefined) Object.defineProperty(map, TYPE, { value: type, enumerable: false });
    return map;
  }
  throw badRequest('mobile-hub-project.yml holds a value of an unknown kind');
}

function scalarValue(value: unknown): TreeValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return String(value);
}

function mobileHubType(tag: string | undefined): string | undefined {
  if (tag === undefined || !tag.startsWith(MOBILE_HUB_TAG_PREFIX)) return undefined;
  const rest = tag.slice(MOBILE_HUB_TAG_PREFIX.length);
  return rest.slice(rest.lastIndexOf('.') + 1).replace(/^:/, '');
}
