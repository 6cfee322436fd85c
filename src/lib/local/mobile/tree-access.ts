import { badRequest } from './mobile-error.js';
import { PROJECT_FILE_NAME } from './project-yaml.js';
import { isTreeMap, type TreeMap, type TreeValue } from './yaml-tree.js';

/** A value as an attribute string: lists are joined with commas, mappings written as JSON. */
export function text(value: TreeValue | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => text(item) ?? '').join(',');
  if (isTreeMap(value)) return JSON.stringify(value);
  return String(value);
}

/** A member that must be a mapping when present; `where` names it in the error. */
export function mapAt(parent: TreeMap, key: string, where: string): TreeMap {
  const value = parent[key];
  if (value === undefined || value === null) return {};
  if (!isTreeMap(value)) throw badRequest(`${PROJECT_FILE_NAME}: ${where}.${key} must be a mapping`);
  return value;
}

/** A member that must be a list when present. */
export function listAt(parent: TreeMap, key: string, where: string): TreeValue[] {
  const value = parent[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw badRequest(`${PROJECT_FILE_NAME}: ${where}.${key} must be a list`);
  return value;
}

/** The mappings of a mapping's entries, e.g. a feature's components. */
export function mapEntries(parent: TreeMap, key: string, where: string): [string, TreeMap][] {
  return Object.entries(mapAt(parent, key, where)).map(([name, value]) => {
    if (value === null) return [name, {}];
    if (!isTreeMap(value)) throw badRequest(`${PROJECT_FILE_NAME}: ${where}.${key}.${name} must be a mapping`);
    return [name, value];
  });
}

/** Whether a feature or component is switched on (`attributes.enabled` is not false). */
export function isEnabled(node: TreeMap, where: string): boolean {
  const enabled = mapAt(node, 'attributes', where)['enabled'];
  return enabled !== false && enabled !== 'false';
}

/** Attribute strings from chosen members, skipping absent and empty ones. */
export function pick(source: TreeMap, keys: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(keys)) {
    const value = text(source[from]);
    if (value !== undefined && value !== '') out[to] = value;
  }
  return out;
}
