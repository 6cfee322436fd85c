import type * as JmesPath from '@jmespath-community/jmespath';

type Ast = ReturnType<typeof JmesPath.compile>;

const compiled = new Map<string, Ast>();

/** A member path such as `Contents` or `Summary.Items`: read without the JMESPath engine. */
const DOTTED = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
/** The JMESPath engine, once {@link preparePaths} has loaded it (a paginator of member paths never needs it). */
let engine: typeof JmesPath | undefined;

/**
 * Loads the JMESPath engine, once per process, if any of `expressions` is more than a member
 * path; {@link searchPath} needs it for those. Call it, and await it, before searching them.
 */
export async function preparePaths(expressions: Iterable<string | undefined>): Promise<void> {
  if (engine) return;
  for (const expression of expressions) {
    if (expression !== undefined && !DOTTED.test(expression)) {
      engine = await import('@jmespath-community/jmespath');
      return;
    }
  }
}

/**
 * Evaluates a JMESPath expression (as paginators.json and waiters.json write them) against
 * `data`; expressions are compiled once per process. Missing members give `null`. A member
 * path is read directly, as JMESPath reads it (a member of an object, else `null`); any other
 * expression needs {@link preparePaths} first.
 */
export function searchPath(data: unknown, expression: string): unknown {
  if (DOTTED.test(expression)) {
    let value = data;
    for (const key of expression.split('.')) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
      value = (value as Record<string, unknown>)[key] ?? null;
    }
    return value;
  }
  if (!engine) throw new Error(`The JMESPath expression "${expression}" was searched before preparePaths() loaded the engine`);
  let ast = compiled.get(expression);
  if (!ast) {
    ast = engine.compile(expression);
    compiled.set(expression, ast);
  }
  return engine.TreeInterpreter.search(ast, data as JmesPath.JSONValue);
}

/**
 * Sets the member named by a dotted path (`Contents` or `Summary.Items`, the only form botocore
 * can set), creating intermediate objects. Throws a TypeError for any other expression.
 */
export function setPath(target: Record<string, unknown>, expression: string, value: unknown): void {
  if (!DOTTED.test(expression)) throw new TypeError(`Cannot set a value through the JMESPath expression "${expression}": only dotted member paths can be set`);
  const keys = expression.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (child === null || typeof child !== 'object' || Array.isArray(child)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}
