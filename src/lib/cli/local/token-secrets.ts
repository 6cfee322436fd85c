import { configError } from '../errors/cli-error.js';

/** The environment variable that can hold the token secrets, one SECRET_ARN=SECRET pair per line. */
const TOKEN_SECRETS_VARIABLE = 'NIMBUS_LOCAL_TOKEN_SECRETS';
/** The environment variable that can hold other secrets (the web crawler's credentials), one SECRET_ARN=VALUE pair per line. */
export const SECRETS_VARIABLE = 'NIMBUS_LOCAL_SECRETS';

/**
 * `SECRET_ARN=SECRET` pairs → secret ARN → secret (what follows the first `=`); a malformed
 * pair is an error made by `fail`, which names the ARN at most, never the secret.
 */
export function parseTokenSecrets(pairs: readonly string[], fail: (message: string) => Error): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const arn = at < 0 ? '' : pair.slice(0, at);
    if (!/^arn:[^:\s]+:secretsmanager:[^:\s]*:[^:\s]*:secret:\S+$/.test(arn)) {
      throw fail('value: expected SECRET_ARN=SECRET, where SECRET_ARN is a secret ARN such as arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-key');
    }
    if (at === pair.length - 1) throw fail(`"${arn}=": the secret after "=" is empty`);
    secrets.set(arn, pair.slice(at + 1));
  }
  return secrets;
}

/**
 * The secrets of the environment variable `variable` ({@link TOKEN_SECRETS_VARIABLE} unless
 * given), one pair per line; undefined when it holds none. A malformed line is a configuration error.
 */
export function tokenSecretsFromEnv(env: NodeJS.ProcessEnv = process.env, variable = TOKEN_SECRETS_VARIABLE): Map<string, string> | undefined {
  const lines = (env[variable] ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  return parseTokenSecrets(lines, (message) => configError(`Invalid ${variable} line ${message}`));
}
