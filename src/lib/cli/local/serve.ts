import { readFile } from 'node:fs/promises';
import { CliError, configError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';
import type { ServeFlags } from './serve-flags.js';
import { parseTokenSecrets, tokenSecretsFromEnv } from './token-secrets.js';
import { embeddingProgressPrinter, resolveEmbeddings } from './embeddings-setting.js';
import { printUpgradeNotice } from './upgrade-notice.js';

/** The environment variable that can hold the accepted key pairs. */
const CREDENTIALS_VARIABLE = 'NIMBUS_LOCAL_CREDENTIALS';

/**
 * `KEY:SECRET` pairs → the service's credentials; a malformed pair is an error made by
 * `fail` (given what the pairs came from), which never shows the secret.
 */
export function parseCredentialPairs(
  pairs: readonly string[],
  fail: (message: string) => Error = (message) => usageError(`Invalid --credentials ${message}`),
): Array<{ key: string; secret: string }> {
  return pairs.map((pair) => {
    const at = pair.indexOf(':');
    // The value may be a secret typed alone: only a key before a colon is ever echoed.
    if (at < 0) throw fail('value: no ":" in it; expected KEY:SECRET, an access key id and its secret such as test:test');
    if (at === 0) throw fail('value: the access key id before ":" is empty; expected KEY:SECRET such as test:test');
    if (at === pair.length - 1) throw fail(`"${pair.slice(0, at)}:": the secret after ":" is empty; expected KEY:SECRET such as test:test`);
    return { key: pair.slice(0, at), secret: pair.slice(at + 1) };
  });
}

async function credentialsFromFile(path: string): Promise<Array<{ key: string; secret: string }>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw configError(`Cannot read --credentials-file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
  if (lines.length === 0) throw configError(`--credentials-file ${path} holds no KEY:SECRET line`);
  return parseCredentialPairs(lines, (message) => configError(`Invalid line in --credentials-file ${path}: ${message}`));
}

/**
 * The key pairs the service accepts: those of `--credentials` and `--credentials-file`
 * together; else those of {@link CREDENTIALS_VARIABLE} (pairs separated by commas or
 * whitespace); else undefined (the service's default, test/test).
 */
async function resolveCredentials(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): Promise<Array<{ key: string; secret: string }> | undefined> {
  const given = [
    ...(flags.credentials?.length ? parseCredentialPairs(flags.credentials) : []),
    ...(flags['credentials-file'] !== undefined ? await credentialsFromFile(flags['credentials-file']) : []),
  ];
  if (given.length > 0) return given;
  const fromEnv = (env[CREDENTIALS_VARIABLE] ?? '').split(/[\s,]+/).filter(Boolean);
  if (fromEnv.length === 0) return undefined;
  return parseCredentialPairs(fromEnv, (message) => configError(`Invalid ${CREDENTIALS_VARIABLE} pair ${message}`));
}

/** The token secrets of `--token-secret`, else of the environment; undefined when neither gives any. */
function resolveTokenSecrets(flags: ServeFlags): Map<string, string> | undefined {
  if (flags['token-secret']?.length) return parseTokenSecrets(flags['token-secret'], (message) => usageError(`Invalid --token-secret ${message}`));
  return tokenSecretsFromEnv();
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
  const embeddings = resolveEmbeddings(flags.embeddings);
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
    accountId: flags['account-id'],
    onUpgradeNotice: printUpgradeNotice,
    embeddings,
    onEmbeddingProgress: embeddingProgressPrinter(),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error?.name === 'EmbeddingError') throw usageError(`Invalid --embeddings: ${error.message}`);
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
  if (embeddings.trim() === 'builtin') {
    const { missingModelPackages } = await import('../../local/search/semantic/builtin-model.js');
    const missing = missingModelPackages();
    if (missing.length > 0)
      process.stderr.write(
        `nimbus: semantic search needs the optional packages ${missing.join(' and ')}: npm install ${missing.join(' ')} beside nimbus, or start with --embeddings off; keywords only until then\n`,
      );
  }
  process.stdout.write(`${service.endpoint}\n`);
  process.stderr.write(`nimbus: local service listening on ${service.endpoint} (Ctrl-C to stop)\n`);
  await stopped;
}
