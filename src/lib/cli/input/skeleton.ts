import type { ApiJson } from '../../model/types.js';

/** An example value of a shape for the skeleton; recursive shapes stop at their second visit. */
function example(api: ApiJson, shapeName: string, seen: ReadonlySet<string>): unknown {
  const shape = api.shapes[shapeName];
  if (!shape) return '';
  if (seen.has(shapeName)) return shape.type === 'list' ? [] : {};
  const inner = new Set(seen).add(shapeName);
  switch (shape.type) {
    case 'structure':
      return Object.fromEntries(Object.entries(shape.members ?? {}).map(([name, ref]) => [name, example(api, ref.shape, inner)]));
    case 'list':
      return [example(api, shape.member!.shape, inner)];
    case 'map':
      return { KeyName: example(api, shape.value!.shape, inner) };
    case 'integer':
    case 'long':
    case 'float':
    case 'double':
      return 0;
    case 'boolean':
      return true;
    case 'timestamp':
      return '1970-01-01T00:00:00Z';
    default:
      return shape.enum ? shape.enum[0] : '';
  }
}

/**
 * A JSON skeleton of an operation's input: every member with a placeholder of its type, ready
 * to fill in and pass back with `--cli-input-json file://…`.
 */
export function inputSkeleton(api: ApiJson, operation: string): Record<string, unknown> {
  const inputShape = api.operations[operation]?.input?.shape;
  return inputShape ? (example(api, inputShape, new Set()) as Record<string, unknown>) : {};
}
