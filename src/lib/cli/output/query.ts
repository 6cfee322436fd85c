import { search } from '@jmespath-community/jmespath';
import { usageError } from '../errors/cli-error.js';

/** True when `text` is a JSON value. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The expression with every backtick literal that is not JSON (`` `ACTIVE` ``) written as the
 * JSON string it stands for (`` `"ACTIVE"` ``). The AWS CLI's JMESPath accepts such literals,
 * and its documentation uses them throughout; the JMESPath specification only allows JSON.
 * Quoted identifiers and raw strings are skipped, so a backtick inside them is left alone.
 */
export function normalizeLiterals(expression: string): string {
  let out = '';
  let index = 0;
  while (index < expression.length) {
    const char = expression[index]!;
    if (char === '"' || char === "'") {
      let end = index + 1;
      while (end < expression.length && expression[end] !== char) end += expression[end] === '\\' ? 2 : 1;
      out += expression.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === '`') {
      let end = index + 1;
      while (end < expression.length && expression[end] !== '`') end += expression[end] === '\\' ? 2 : 1;
      if (end >= expression.length) return out + expression.slice(index); // unterminated: the parser reports it
      const body = expression.slice(index + 1, end);
      const literal = body.replaceAll('\\`', '`');
      const legacy = `"${literal.trimStart()}"`;
      // As Python's jmespath: JSON, else the text as the body of a JSON string, else left to fail.
      out += isJson(literal) || !isJson(legacy) ? `\`${body}\`` : `\`${legacy.replaceAll('`', '\\`')}\``;
      index = end + 1;
      continue;
    }
    out += char;
    index++;
  }
  return out;
}

/**
 * Applies a `--query` JMESPath expression to plain data. Backtick literals that are not JSON
 * are read as strings, as the AWS CLI reads them.
 * @throws CliError (usage) when the expression is invalid.
 */
export function applyQuery(data: unknown, expression: string): unknown {
  try {
    return search(data as Parameters<typeof search>[0], normalizeLiterals(expression));
  } catch (error) {
    throw usageError(`Invalid --query expression: ${(error as Error).message}`, error);
  }
}
