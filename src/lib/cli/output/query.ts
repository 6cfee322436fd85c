import { search } from '@jmespath-community/jmespath';
import { usageError } from '../errors/cli-error.js';

/**
 * Applies a `--query` JMESPath expression to plain data.
 * @throws CliError (usage) when the expression is invalid.
 */
export function applyQuery(data: unknown, expression: string): unknown {
  try {
    return search(data as Parameters<typeof search>[0], expression);
  } catch (error) {
    throw usageError(`Invalid --query expression: ${(error as Error).message}`, error);
  }
}
