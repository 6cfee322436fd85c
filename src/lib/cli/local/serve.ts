import { FileRefusal, readBoundedFile, SMALL_FILE_LIMIT } from '../../config/bounded-file.js';
import { CliError, configError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';
import type { ServeFlags } from './serve-flags.js';
import { parseTokenSecrets, SECRETS_VARIABLE, tokenSecretsFromEnv } from './token-secrets.js';
import { pemCertificates } from '../../http/pem.js';
import { dataDirStartError } from './start-errors.js';
import { printUpgradeNotice } from './upgrade-notice.js';

/** The environment variable that can hold the accepted key pairs. */
const CREDENTIALS_VARIABLE = 'NIMBUS_LOCAL_CREDENTIALS';

/** Accepted credentials: a key pair, and the session token of temporary credentials. */
type AcceptedCredentials = { key: string; secret: string; token?: string };

/**
 * `KEY:SECRET` pairs, or `KEY:SECRET:TOKEN` for temporary credentials (an assumed role's, SSO's),
 * → the service's credentials; a malformed one is an error made by `fail` (given what the pairs
 * came from), which never shows the secret or the token.
 */
export function parseCredentialPairs(
  pairs: readonly string[],
  fail: (message: string) => Error = (message) => usageError(`Invalid --credentials ${message}`),
): AcceptedCredentials[] {
  return pairs.map((pair) => {
    const at = pair.indexOf(':');
    // The value may be a secret typed alone: only a key before a colon is ever echoed.
    if (at < 0) throw fail('value: no ":" in it; expected KEY:SECRET, an access key id and its secret such as test:test');
    if (at === 0) throw fail('value: the access key id before ":" is empty; expected KEY:SECRET such as test:test');
    const key = pair.slice(0, at);
    const rest = pair.slice(at + 1);
    const tokenAt = rest.indexOf(':');
    const secret = tokenAt < 0 ? rest : rest.slice(0, tokenAt);
    if (secret === '') throw fail(`"${key}:": the secret after ":" is empty; expected KEY:SECRET such as test:test`);
    if (tokenAt < 0) return { key, secret };
    const token = rest.slice(tokenAt + 1);
    if (token === '') throw fail(`"${key}:…:": the session token after the second ":" is empty; expected KEY:SECRET:TOKEN for temporary credentials`);
    return { key, secret, token };
  });
}

async function credentialsFromFile(path: string): Promise<AcceptedCredentials[]> {
  let text: string;
  try {
    text = readBoundedFile(path, SMALL_FILE_LIMIT, 'a credentials file').toString('utf8');
  } catch (error) {
    const reason = error instanceof FileRefusal ? (error.code ?? `it ${error.problem}`) : (error as Error).message;
    throw configError(`Cannot read --credentials-file ${path}: ${reason}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  if (lines.length === 0) throw configError(`--credentials-file ${path} holds no KEY:SECRET (or KEY:SECRET:TOKEN) line`);
  return parseCredentialPairs(lines, (message) => configError(`Invalid line in --credentials-file ${path}: ${message}`));
}

/**
 * The key pairs the service accepts: those of `--credentials` and `--credentials-file`
 * together; else those of {@link CREDENTIALS_VARIABLE} (pairs separated by commas or
 * whitespace); else undefined (the service's default, test/test).
 */
async function resolveCredentials(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): Promise<AcceptedCredentials[] | undefined> {
  const given = [
    ...(flags.credentials?.length ? parseCredentialPairs(flags.credentials) : []),
    ...(flags['credentials-file'] !== undefined ? await credentialsFromFile(flags['credentials-file']) : []),
  ];
  if (given.length > 0) return given;
  const fromEnv = (env[CREDENTIALS_VARIABLE] ?? '').split(/[\s,]+/).filter(Boolean);
  if (fromEnv.length === 0) return undefined;
  return parseCredentialPairs(fromEnv, (message) => configError(`Invalid ${CREDENTIALS_VARIABLE} pair ${message}`));
}

/**
 * The secrets standing for Secrets Manager: those of `--token-secret` (else of its variable)
 * and those of `--secret` (else of {@link SECRETS_VARIABLE}), in one map; undefined when none is given.
 */
function resolveTokenSecrets(flags: ServeFlags): Map<string, string> | undefined {
  const tokens = flags['token-secret']?.length
    ? parseTokenSecrets(flags['token-secret'], (message) => usageError(`Invalid --token-secret ${message}`))
    : tokenSecretsFromEnv();
  const others = flags.secret?.length
    ? parseTokenSecrets(flags.secret, (message) => usageError(`Invalid --secret ${message}`))
    : tokenSecretsFromEnv(process.env, SECRETS_VARIABLE);
  if (!tokens && !others) return undefined;
  return new Map([...(tokens ?? []), ...(others ?? [])]);
}

/** The CA bundle of `--ca-bundle`, else of `AWS_CA_BUNDLE`, checked readable and holding certificates; undefined when neither is set. */
function resolveCaBundle(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = flags['ca-bundle'] ?? (env.AWS_CA_BUNDLE || undefined);
  if (path === undefined) return undefined;
  const origin = flags['ca-bundle'] !== undefined ? '--ca-bundle' : 'AWS_CA_BUNDLE';
  let text: string;
  try {
    text = readBoundedFile(path, SMALL_FILE_LIMIT, 'a CA bundle').toString('utf8');
  } catch (error) {
    throw configError(`Cannot read ${origin} ${path}: ${error instanceof FileRefusal ? (error.code ?? `it ${error.problem}`) : (error as Error).message}`);
  }
  if (pemCertificates(text).length === 0) throw configError(`${origin} ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return path;
}

/** The `--faults` specification, parsed; a bad one is a usage error. */
async function parseFaults(spec: string | undefined) {
  if (spec === undefined) return undefined;
  const { parseFaultSpec } = await import('../../local/server/fault-spec.js');
  try {
    return parseFaultSpec(spec);
  } catch (error) {
    throw usageError(`Invalid --faults: ${(error as Error).message}`);
  }
}

/** Seconds from `--create-delay`; anything but a number ≥ 0 is a usage error. */
export function parseDelay(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!(seconds >= 0)) throw usageError(`Invalid --create-delay "${text}": expected a number of seconds, 0 or more`);
  return seconds;
}

/**
 * Starts the local service and keeps it running: prints its endpoint on stdout (and a note on
 * stderr), then waits. Ctrl-C closes it and the run exits 130; SIGTERM closes it and returns
 * (exit 0), as service managers expect of a clean stop.
 */
export async function serveLocal(flags: ServeFlags): Promise<void> {
  if (!/^\d{12}$/.test(flags['account-id'])) throw usageError(`Invalid --account-id "${flags['account-id']}": expected 12 digits`);
  const credentials = await resolveCredentials(flags);
  const createDelay = parseDelay(flags['create-delay']);
  const faults = await parseFaults(flags.faults);
  const tokenSecrets = resolveTokenSecrets(flags);
  const caBundle = resolveCaBundle(flags);
  const { startLocalService } = await import('../../local/server.js');
  const service = await startLocalService({
    host: flags.host,
    port: flags.port,
    ...(flags['data-dir'] !== undefined ? { dataDir: flags['data-dir'] } : {}),
    ...(flags['s3-dir'] !== undefined ? { s3Dir: flags['s3-dir'] } : {}),
    ...(credentials ? { credentials } : {}),
    ...(createDelay !== undefined ? { createDelay } : {}),
    ...(faults ? { faults } : {}),
    ...(tokenSecrets ? { tokenSecrets } : {}),
    ...(caBundle !== undefined ? { caBundle } : {}),
    ...(flags['allow-http-crawl'] ? { allowHttpCrawl: true } : {}),
    accountId: flags['account-id'],
    onUpgradeNotice: printUpgradeNotice,
  }).catch((error: NodeJS.ErrnoException) => {
    const dataDirError = dataDirStartError(error);
    if (dataDirError) throw dataDirError;
    if (error?.code !== 'EADDRINUSE') throw error;
    throw new CliError(
      `Port ${flags.port} on ${flags.host} is in use (another "nimbus local start"?): pick another with --port, or --port 0 for any free one`,
      EXIT.OTHER,
      { cause: error },
    );
  });
  const stopped = new Promise<void>((resolve) => {
    const dispose = onInterrupt(() => service.close());
    process.once('SIGTERM', () => {
      dispose();
      void service.close().then(resolve);
    });
  });
  process.stdout.write(`${service.endpoint}\n`);
  process.stderr.write(`nimbus: local service listening on ${service.endpoint} (Ctrl-C to stop)\n`);
  await stopped;
}
