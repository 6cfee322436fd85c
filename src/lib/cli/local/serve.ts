import { FileRefusal, readBoundedFile, SMALL_FILE_LIMIT } from '../../config/bounded-file.js';
import { availableParallelism } from 'node:os';
import type { LocalService, LocalServiceOptions } from '../../local/server.js';
import type { FaultInjection } from '../../local/server/faults.js';
import { WORKER_FAULTS_VARIABLE, type ClusterMessage } from '../../local/server/peers.js';
import { CliError, configError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { onInterrupt } from '../interrupt.js';
import type { ServeFlags } from './serve-flags.js';
import { resolveFunctions } from './functions.js';
import { parseTokenSecrets, tokenSecretsFromEnv } from './token-secrets.js';
import { requestLog, type LogLevel } from './request-log.js';
import { SECRETS_VARIABLE } from './token-secrets.js';
import { pemCertificates } from '../../http/pem.js';
import { dataDirStartError } from './start-errors.js';
import { embeddingProgressPrinter, resolveEmbeddings } from './embeddings-setting.js';
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

/** Seconds from `--shutdown-timeout` (30 unless given); anything but a number ≥ 0 is a usage error. */
function parseShutdownTimeout(text: string | undefined): number {
  if (text === undefined) return 30;
  const seconds = /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : NaN;
  if (!(seconds >= 0)) throw usageError(`Invalid --shutdown-timeout "${text}": expected a number of seconds, 0 or more`);
  return seconds;
}

/** The service's options from the flags (checked), and how `local start` runs it. */
async function serviceOptions(flags: ServeFlags): Promise<{ options: LocalServiceOptions; graceMs: number }> {
  if (!/^\d{12}$/.test(flags['account-id'])) throw usageError(`Invalid --account-id "${flags['account-id']}": expected 12 digits`);
  if ((flags['tls-cert'] === undefined) !== (flags['tls-key'] === undefined))
    throw usageError('--tls-cert and --tls-key go together: give both, or neither for plain HTTP');
  const credentials = await resolveCredentials(flags);
  const createDelay = parseDelay(flags['create-delay']);
  const graceMs = parseShutdownTimeout(flags['shutdown-timeout']) * 1000;
  const handedFaults = process.env[WORKER_FAULTS_VARIABLE];
  const faults = handedFaults !== undefined ? ((JSON.parse(handedFaults) as FaultInjection | null) ?? undefined) : await parseFaults(flags.faults);
  const tokenSecrets = resolveTokenSecrets(flags);
  const embeddings = resolveEmbeddings(flags.embeddings);
  const caBundle = resolveCaBundle(flags);
  const functions = resolveFunctions(flags.function);
  const level = flags['log-level'] ?? (flags['log-file'] !== undefined ? 'info' : undefined);
  const onRequest = level !== undefined ? requestLog(level as LogLevel, flags['log-file']) : undefined;
  const options: LocalServiceOptions = {
    host: flags.host,
    port: flags.port,
    ...(flags['data-dir'] !== undefined ? { dataDir: flags['data-dir'] } : {}),
    ...(flags['database-url'] !== undefined && flags['database-url'] !== '' ? { databaseUrl: flags['database-url'] } : {}),
    ...(flags['s3-dir'] !== undefined ? { s3Dir: flags['s3-dir'] } : {}),
    ...(credentials ? { credentials } : {}),
    ...(createDelay !== undefined ? { createDelay } : {}),
    ...(faults ? { faults } : {}),
    ...(tokenSecrets ? { tokenSecrets } : {}),
    ...(flags['tls-cert'] !== undefined && flags['tls-key'] !== undefined ? { tls: { certFile: flags['tls-cert'], keyFile: flags['tls-key'] } } : {}),
    ...(onRequest ? { onRequest } : {}),
    ...(functions ? { functions } : {}),
    ...(caBundle !== undefined ? { caBundle } : {}),
    ...(flags['allow-http-crawl'] ? { allowHttpCrawl: true } : {}),
    accountId: flags['account-id'],
    onUpgradeNotice: printUpgradeNotice,
    embeddings,
    onEmbeddingProgress: embeddingProgressPrinter(),
  };
  return { options, graceMs };
}

/** Starts the service; a port in use or unusable TLS files are one-line errors that say what to do. */
async function startService(options: LocalServiceOptions, flags: ServeFlags): Promise<LocalService> {
  const { startLocalService } = await import('../../local/server.js');
  return startLocalService(options).catch((error: NodeJS.ErrnoException) => {
    // by name: the server's module graph is bundled apart from this one
    if (error?.name === 'TlsFilesError') throw configError(error.message);
    if (error?.name === 'EmbeddingError') throw usageError(`Invalid --embeddings: ${error.message}`);
    const dataDirError = dataDirStartError(error);
    if (dataDirError) throw dataDirError;
    if (error?.code !== 'EADDRINUSE') throw error;
    throw new CliError(
      `Port ${flags.port} on ${flags.host} is in use (another "nimbus local start"?): pick another with --port, or --port 0 for any free one`,
      EXIT.OTHER,
      { cause: error },
    );
  });
}

/** Reads the TLS certificate and key again on SIGHUP (when serving HTTPS), and says how that went on stderr. */
function reloadOnHangup(service: LocalService): () => void {
  const onHangup = () => {
    if (!service.endpoint.startsWith('https:')) {
      process.stderr.write(`nimbus: local service (pid ${process.pid}) got SIGHUP: it serves plain HTTP, there is no TLS certificate to reload\n`);
      return;
    }
    try {
      service.reloadTls();
      process.stderr.write(`nimbus: local service (pid ${process.pid}) reloaded its TLS certificate\n`);
    } catch (error) {
      process.stderr.write(`nimbus: local service (pid ${process.pid}) kept its TLS certificate: ${(error as Error).message}\n`);
    }
  };
  process.on('SIGHUP', onHangup);
  return () => process.off('SIGHUP', onHangup);
}

/**
 * Serves until stopped: SIGTERM (or `stop`, when given) stops taking requests, lets those in
 * flight finish within `graceMs`, hands back the background work, then resolves (exit 0);
 * Ctrl-C does the same and the run exits 130.
 */
function serveUntilStopped(service: LocalService, graceMs: number, stop?: (handler: () => void) => void): Promise<void> {
  const unhook = reloadOnHangup(service);
  return new Promise<void>((resolve) => {
    const dispose = onInterrupt(() => service.close({ graceMs }));
    const onStop = () => {
      dispose();
      unhook();
      void service.close({ graceMs }).then(resolve);
    };
    process.once('SIGTERM', onStop);
    stop?.(onStop);
  });
}

/**
 * Starts the local service and keeps it running: prints its endpoint on stdout (and a note on
 * stderr), then waits. With `--workers` above 1 (the default on a machine of several cores),
 * this process is the primary of a cluster whose workers serve the port (`cluster-primary.ts`);
 * a worker started by it runs the service and reports to it.
 */
export async function serveLocal(flags: ServeFlags): Promise<void> {
  const { options, graceMs } = await serviceOptions(flags);
  const cluster = (await import('node:cluster')).default;
  if (cluster.isWorker) return serveAsWorker(options, flags, graceMs);
  if (options.embeddings?.trim() === 'builtin') await warnOfMissingModel();
  const workers = flags.workers ?? availableParallelism();
  if (workers > 1) {
    const { servePrimary } = await import('./cluster-primary.js');
    return servePrimary(options, { workers, graceMs }).catch((error: unknown) => {
      throw dataDirStartError(error) ?? error;
    });
  }
  const service = await startService(options, flags);
  const stopped = serveUntilStopped(service, graceMs);
  process.stdout.write(`${service.endpoint}\n`);
  process.stderr.write(`nimbus: local service listening on ${service.endpoint} (Ctrl-C to stop)\n`);
  await stopped;
}

/** Says in one line which optional packages the built-in embedding model lacks, if any: keywords only until they are added. */
async function warnOfMissingModel(): Promise<void> {
  const { missingModelPackages } = await import('../../local/search/semantic/builtin-model.js');
  const missing = missingModelPackages();
  if (missing.length > 0)
    process.stderr.write(
      `nimbus: semantic search needs the optional packages ${missing.join(' and ')}: npm install ${missing.join(' ')} beside nimbus, or start with --embeddings off; keywords only until then\n`,
    );
}

/** Runs the service as a worker of the primary: tells it the endpoint (or why it could not listen) and stops when told. */
async function serveAsWorker(options: LocalServiceOptions, flags: ServeFlags, graceMs: number): Promise<void> {
  const { clusterWorkerPeers } = await import('../../local/server/peers.js');
  const send = (message: ClusterMessage) => process.send?.(message);
  let peers: ReturnType<typeof clusterWorkerPeers> | undefined;
  let service: LocalService;
  try {
    service = await startService({ ...options, onUpgradeNotice: () => {}, peers: (self) => (peers = clusterWorkerPeers(self, send)) }, flags);
  } catch (error) {
    // the primary reports it, once for all workers
    const exitCode = error instanceof CliError ? error.exitCode : EXIT.OTHER;
    await new Promise((sent) => process.send?.({ nimbus: 'failed', message: (error as Error).message, exitCode } satisfies ClusterMessage, sent));
    process.exit(exitCode);
  }
  const stopped = serveUntilStopped(service, graceMs, (onStop) => {
    process.on('message', (message) => {
      if ((message as ClusterMessage | undefined)?.nimbus === 'stop') onStop();
    });
    process.once('disconnect', onStop);
  });
  send({ nimbus: 'listening', endpoint: service.endpoint });
  await stopped;
  peers?.dispose();
  if (process.connected) process.disconnect();
}
