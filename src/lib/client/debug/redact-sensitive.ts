import type { Shape } from '../../model/shape.js';
import { PLACEHOLDERS } from './scrubber.js';

/**
 * A copy of `value` in which every value of a shape the model marks `sensitive` is replaced by
 * a placeholder. Structure members are matched by member name or wire name, so this works on
 * input and output objects as well as on a JSON body. Values the shape does not describe are
 * kept as they are.
 */
export function redactSensitive(shape: Shape | undefined, value: unknown): unknown {
  if (!shape || value === undefined || value === null) return value;
  if (shape.sensitive) return PLACEHOLDERS.sensitive;
  if (shape.type === 'structure' && typeof value === 'object' && !Array.isArray(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
      const ref = shape.members.get(key) ?? [...shape.members.values()].find((candidate) => candidate.wireName === key);
      copy[key] = redactSensitive(ref?.shape, member);
    }
    return copy;
  }
  if (shape.type === 'list' && Array.isArray(value)) return value.map((item) => redactSensitive(shape.member?.shape, item));
  if (shape.type === 'map' && typeof value === 'object' && !Array.isArray(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) copy[key] = redactSensitive(shape.value?.shape, item);
    return copy;
  }
  return value;
}
