import { loadProfile } from '../config/profile.js';
import { isCommandLineSyntaxError } from '../errors/command-line-syntax-error.js';
import { splitCommandLine } from '../config/split-command-line.js';
import type { SharedFileOptions } from '../config/types.js';
import { CredentialProcessError } from '../errors/credential-process-error.js';
import { credentialCharacterProblem } from './credential-characters.js';
import { isProcessRunError } from '../errors/process-run-error.js';
import { runProcess } from './run-process.js';
import type { CredentialProvider, Credentials } from './types.js';

/** Options of {@link fromProcess}. */
export interface ProcessProviderOptions extends SharedFileOptions {
  /** How long the process may run; default 60 000 ms. */
  timeoutMs?: number;
  /** Which command-line rules split `credential_process` (`win32` or POSIX); default this platform. */
  platform?: string;
}

const MAX_OUTPUT_BYTES = 1024 * 1024;

/**
 * Credentials from the profile's `credential_process` (in either shared file): the command line
 * is split like the AWS CLI does (POSIX shell quoting, or Windows rules on Windows; no shell) and
 * run with the given environment; it must print
 * `{"Version": 1, "AccessKeyId", "SecretAccessKey", "SessionToken"?, "Expiration"?}` (Expiration
 * in ISO 8601; without it the credentials do not expire). Null when the profile has no
 * `credential_process`. Wrap it in `memoize` to run the process only when needed.
 * @throws ProfileNotFoundError (from the provider) when an explicitly named profile does not exist.
 * @throws CredentialProcessError (from the provider) when the command cannot be split or run,
 *   fails, times out, or prints anything else; the message never contains its standard output.
 */
export function fromProcess(profile: string, options: ProcessProviderOptions): CredentialProvider {
  return async () => {
    const command = loadProfile(profile, options).settings.credential_process;
    if (command === undefined) return null;
    const fail = (problem: string, cause?: unknown): CredentialProcessError => new CredentialProcessError(profile, problem, { cause });
    let argv: string[];
    try {
      argv = splitCommandLine(command, options.platform);
    } catch (error) {
      if (isCommandLineSyntaxError(error)) throw fail(`cannot be parsed: ${error.message}`);
      throw error;
    }
    if (argv.length === 0) throw fail('is empty');
    let stdout: string;
    try {
      stdout = await runProcess(argv, { env: options.env, timeoutMs: options.timeoutMs ?? 60_000, maxOutputBytes: MAX_OUTPUT_BYTES });
    } catch (error) {
      if (isProcessRunError(error)) throw fail(error.message, error.cause);
      throw error;
    }
    return parseProcessOutput(stdout, fail);
  };
}

function parseProcessOutput(stdout: string, fail: (problem: string) => CredentialProcessError): Credentials {
  let output: unknown;
  try {
    output = JSON.parse(stdout);
  } catch {
    throw fail('did not print valid JSON');
  }
  if (typeof output !== 'object' || output === null || Array.isArray(output)) throw fail('did not print a JSON object');
  const { Version, AccessKeyId, SecretAccessKey, SessionToken, Expiration } = output as Record<string, unknown>;
  if (Version !== 1) throw fail('must print "Version": 1');
  if (typeof AccessKeyId !== 'string' || AccessKeyId === '') throw fail('did not print AccessKeyId');
  if (typeof SecretAccessKey !== 'string' || SecretAccessKey === '') throw fail('did not print SecretAccessKey');
  const credentials: Credentials = { key: AccessKeyId, secret: SecretAccessKey, source: 'custom-process' };
  if (SessionToken !== undefined && SessionToken !== null) {
    if (typeof SessionToken !== 'string') throw fail('printed a SessionToken that is not a string');
    if (SessionToken !== '') credentials.token = SessionToken;
  }
  for (const [name, value] of [
    ['AccessKeyId', AccessKeyId],
    ['SecretAccessKey', SecretAccessKey],
    ['SessionToken', credentials.token],
  ] as const) {
    const problem = value && credentialCharacterProblem(value);
    if (problem) throw fail(`printed a ${name} that ${problem}`);
  }
  if (Expiration !== undefined && Expiration !== null) {
    const expires = typeof Expiration === 'string' ? new Date(Expiration) : undefined;
    if (!expires || Number.isNaN(expires.getTime())) throw fail('printed an Expiration that is not an ISO 8601 time');
    credentials.expires = expires;
  }
  return credentials;
}
