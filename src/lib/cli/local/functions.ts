import { configError, usageError } from '../errors/cli-error.js';

/** The environment variable that can hold the function stand-ins, one ARN=COMMAND or ARN=URL pair per line. */
const FUNCTIONS_VARIABLE = 'NIMBUS_LOCAL_FUNCTIONS';

const LAMBDA_ARN = /^arn:[^:\s]+:lambda:[^:\s]+:\d{12}:function:[^\s=]+$/;

function parsePairs(pairs: readonly string[], fail: (message: string) => Error): Map<string, string> {
  const functions = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const arn = at < 0 ? '' : pair.slice(0, at);
    if (!LAMBDA_ARN.test(arn)) {
      throw fail('value: expected ARN=COMMAND or ARN=URL, where ARN is a Lambda function ARN such as arn:aws:lambda:us-east-1:000000000000:function:enrich');
    }
    const target = pair.slice(at + 1).trim();
    if (target === '') throw fail(`"${arn}=": the command or URL after "=" is empty`);
    functions.set(arn, target);
  }
  return functions;
}

/**
 * The functions that stand in for Lambda ARNs in Custom Document Enrichment hooks: those of
 * `--function` (ARN=COMMAND or ARN=URL), else those of the NIMBUS_LOCAL_FUNCTIONS environment
 * variable (one pair per line); undefined when neither gives any. A malformed pair is a usage
 * (flag) or configuration (variable) error.
 */
export function resolveFunctions(flagValues: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): Map<string, string> | undefined {
  if (flagValues?.length) return parsePairs(flagValues, (message) => usageError(`Invalid --function ${message}`));
  const lines = (env[FUNCTIONS_VARIABLE] ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  return parsePairs(lines, (message) => configError(`Invalid ${FUNCTIONS_VARIABLE} line ${message}`));
}
