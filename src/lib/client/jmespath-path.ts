import { compile, TreeInterpreter, type JSONValue } from '@jmespath-community/jmespath';

type Ast = ReturnType<typeof compile>;

const compiled = new Map<string, Ast>();

/**
 * Evaluates a JMESPath expression (as paginators.json and waiters.json write them) against
 * `data`; expressions are compiled once per process. Missing members give `null`.
 */
export function searchPath(data: unknown, expression: string): unknown {
  let ast = compiled.get(expression);
  if (!ast) {
    ast = compile(expression);
    compiled.set(expression, ast);
  }
  return TreeInterpreter.search(ast, data as JSONValue);
}

const DOTTED = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

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
