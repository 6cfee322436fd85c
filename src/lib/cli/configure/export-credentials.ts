import { resolveProfileName } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import type { Credentials } from '../../credentials/types.js';
import { configError } from '../errors/cli-error.js';
import type { ExportFormat } from './export-formats.js';
import { resolveCliCredentials } from './resolve-credentials.js';

/** The variable that carries the profiles already being exported, shared with the AWS CLI to stop `credential_process` loops. */
const CHAIN_VARIABLE = '_AWS_CLI_PROFILE_CHAIN';
const MAX_DEPTH = 4;

const LINE_FORMATS: Record<Exclude<ExportFormat, 'process'>, (name: string, value: string) => string> = {
  env: (name, value) => `export ${name}=${value}`,
  'env-no-export': (name, value) => `${name}=${value}`,
  powershell: (name, value) => `$Env:${name}="${value}"`,
  'windows-cmd': (name, value) => `set ${name}=${value}`,
  fish: (name, value) => `set -gx ${name} ${value}`,
};

/** An expiry as Python's `datetime.isoformat()` writes it in UTC: `2024-05-06T07:08:09+00:00`. */
export function isoformat(date: Date): string {
  const ms = date.getUTCMilliseconds();
  return date.toISOString().replace(/\.\d{3}Z$/, ms ? `.${String(ms * 1000).padStart(6, '0')}+00:00` : '+00:00');
}

/** Credentials in one of the formats, exactly as the AWS CLI v2 prints them (fish: `set -gx NAME value`). */
export function formatCredentials(credentials: Credentials, format: ExportFormat): string {
  const expiration = credentials.expires ? isoformat(credentials.expires) : undefined;
  if (format === 'process') {
    const output: Record<string, unknown> = { Version: 1, AccessKeyId: credentials.key, SecretAccessKey: credentials.secret };
    if (credentials.token !== undefined) output.SessionToken = credentials.token;
    if (expiration !== undefined) output.Expiration = expiration;
    return `${JSON.stringify(output, null, 2)}\n`;
  }
  const line = LINE_FORMATS[format];
  const pairs: Array<[string, string | undefined]> = [
    ['AWS_ACCESS_KEY_ID', credentials.key],
    ['AWS_SECRET_ACCESS_KEY', credentials.secret],
    ['AWS_SESSION_TOKEN', credentials.token],
    ['AWS_CREDENTIAL_EXPIRATION', expiration],
  ];
  return pairs
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${line(name, value!)}\n`)
    .join('');
}

/**
 * `nimbus configure export-credentials`: resolves the credentials a command would use and prints
 * them for another tool. Refuses to run inside a loop of `credential_process` commands that
 * export the same profile again.
 * @throws CliError (configuration) when no credentials can be had.
 */
export async function exportCredentials(profileFlag: string | undefined, format: ExportFormat, env: NodeJS.ProcessEnv): Promise<string> {
  const profile = resolveProfileName({ profile: profileFlag, env: env as Env });
  const seen = (env[CHAIN_VARIABLE] ?? '').split(',').filter(Boolean);
  if (seen.length >= MAX_DEPTH)
    throw configError(`Maximum recursive credential process resolution reached (${MAX_DEPTH}). Profiles seen: ${seen.join(' -> ')}`);
  if (seen.includes(profile)) throw configError(`Credential process resolution detected an infinite loop, profile cycle: ${[...seen, profile].join(' -> ')}`);
  // Passed on to any credential_process this run starts.
  env[CHAIN_VARIABLE] = [...seen, profile].join(',');
  let credentials: Credentials;
  try {
    credentials = await resolveCliCredentials(profileFlag, env as Env);
  } catch (error) {
    throw configError(`Unable to retrieve credentials: ${error instanceof Error ? error.message : String(error)}`, error);
  }
  return formatCredentials(credentials, format);
}
