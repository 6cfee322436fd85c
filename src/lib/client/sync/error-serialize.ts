/**
 * Errors crossing from the sync worker to the calling thread. Structured clone keeps only an
 * error's message, so the worker sends every own property (that can be cloned) with the names
 * of the error's classes, nearest first, and the caller rebuilds an instance of the nearest
 * class it knows (see error-rebuild.ts). This file imports nothing: the worker's bootstrap uses
 * it before anything else has loaded.
 */

/** An error (or any thrown value) in a form structured clone carries whole. */
export interface SerializedError {
  /** Constructor names up the prototype chain, e.g. `['ServiceException', 'NimbusError', 'Error']`. */
  classes: string[];
  /** Own properties (message, stack, name, code, $metadata …) except `cause`. */
  props: Record<string, unknown>;
  cause?: SerializedError;
  /** A thrown value that is not an Error, when it can be cloned. */
  value?: unknown;
}

const MAX_DEPTH = 5;

/** Serializes a thrown value for the trip to the calling thread. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { classes: [], props: {}, value: cloneable(error) ? error : String(error) };
  }
  const classes: string[] = [];
  for (let proto = Object.getPrototypeOf(error); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    const name = (proto.constructor as { name?: string } | undefined)?.name;
    if (name) classes.push(name);
  }
  const props: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'cause') continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value !== 'function' && cloneable(value)) props[key] = value;
  }
  const serialized: SerializedError = { classes, props };
  if ('cause' in error && error.cause !== undefined && depth < MAX_DEPTH) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

function cloneable(value: unknown): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return typeof value !== 'symbol';
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}
