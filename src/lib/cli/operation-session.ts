import { homedir } from 'node:os';
import { join } from 'node:path';
import { builtInApiProvider } from '../client/api-provider.js';
import type { Client } from '../client/client.js';
import type { ClientOptions } from '../client/resolve-config.js';
import type { ServiceDefinition } from '../client/service-definition.js';
import { MFA_CODE_PROVIDER } from '../credentials/assume-role-mfa.js';
import type { HttpOptions } from '../http/http-options.js';
import type { ApiJson } from '../model/types.js';
import { type CliIO, isTerminal, processIO } from './cli-io.js';
import { configError, usageError } from './errors/cli-error.js';
import type { GlobalFlags, PaginationFlags } from './global-flags.js';
import { createNodeHttpHandler } from './http/node-http-handler.js';
import { transportOptions } from './http/transport-settings.js';
import { buildInput } from './input/build-input.js';
import { onInterrupt } from './interrupt.js';
import type { OperationSpec, ServiceName } from './operation-spec.js';
import { useColor } from './output/color.js';
import { isEmptyResult, outputWidth, render, tableNote } from './output/render.js';
import { formatTally, tallyRequests } from './request-tally.js';
import { cliMfaCodeProvider } from './settings/mfa-code.js';
import { isInteractive, resolveSettings, type RunSettings, type SettingsRequest } from './settings/resolve-settings.js';

/** The credentials of the embedded local service (`--local`). */
const LOCAL_CREDENTIALS = { key: 'test', secret: 'test' };

/**
 * The parsed flags of an operation command: the global flags and (on paginated commands) the
 * pagination flags, typed as oclif infers them from their declarations, and the command's own
 * flags (its input members, the extra flags of bulk and download commands) by name.
 */
export type OperationFlags = GlobalFlags & Partial<PaginationFlags> & Record<string, unknown>;

/** A service's client class and model. */
export interface LoadedService {
  Client: new (args: ClientOptions, definition: ServiceDefinition) => Client;
  definition: ServiceDefinition;
  /** botocore's name for the service: the key under a profile's `api_versions`. */
  versionKey: string;
}

/** Loads a service's client module (only the one the command uses). */
export async function loadService(name: ServiceName): Promise<LoadedService> {
  if (name === 'search') {
    const module = await import('../services/search/search-client.js');
    return { Client: module.SearchClient, definition: module.SEARCH_SERVICE, versionKey: 'kendra' };
  }
  const module = await import('../services/mobile/mobile-client.js');
  return { Client: module.MobileClient, definition: module.MOBILE_SERVICE, versionKey: 'mobile' };
}

/**
 * The service model of a version (`latest` or a date). A version nimbus does not ship is a
 * usage error when it was a flag, a configuration error when it came from the profile.
 */
export function loadModel(definition: ServiceDefinition, version: string, fromProfile = false): ApiJson {
  const api = builtInApiProvider(definition)('api', definition.name, version);
  if (!api) {
    const message = `The ${definition.name} service has no API version "${version}"${fromProfile ? " (set in the profile's api_versions)" : ''}; nimbus ships ${definition.versions.join(', ')}, and "latest" selects the newest`;
    throw fromProfile ? configError(message) : usageError(message);
  }
  return api as unknown as ApiJson;
}

/** The client options of a run: settings, flags, and the embedded service's endpoint for `--local`. */
function clientOptions(
  settings: RunSettings,
  flags: OperationFlags,
  http: HttpOptions,
  env: NodeJS.ProcessEnv,
  localEndpoint: string | undefined,
  interactive: boolean,
): ClientOptions {
  const options: ClientOptions = { region: settings.region, version: settings.version, [MFA_CODE_PROVIDER]: cliMfaCodeProvider(interactive) };
  // A named profile would take the place of the embedded service's credentials.
  if (flags.profile !== undefined && !localEndpoint) options.profile = flags.profile;
  if (localEndpoint) {
    options.endpoint = localEndpoint;
    options.credentials = LOCAL_CREDENTIALS;
  } else if (flags['endpoint-url'] !== undefined) {
    options.endpoint = flags['endpoint-url'];
  }
  options.http = http;
  options.http_handler = createNodeHttpHandler(http, async () => (await import('../http/undici-handler.js')).createUndiciHandler(http, env), env);
  if (flags['retry-mode'] !== undefined || flags['max-attempts'] !== undefined) {
    options.retries = {
      ...(flags['retry-mode'] !== undefined ? { mode: flags['retry-mode'] } : {}),
      ...(flags['max-attempts'] !== undefined ? { max_attempts: flags['max-attempts'] } : {}),
    };
  }
  if (flags.debug) options.debug = true;
  if (flags.stats) options.stats = true;
  return options;
}

/** Everything a command needs to make its calls and print what they return. */
export interface OperationSession {
  /** The environment and streams the command runs with. */
  io: CliIO;
  settings: RunSettings;
  /** The operation's input from `--cli-input-json` and the flags. */
  input: Record<string, unknown>;
  client: Client;
  /** The transport options (TLS verification), for requests made outside the client (downloads). */
  http: HttpOptions;
  /** Under `--local`: the directory that stands for S3 (`s3://bucket/key` is `<dir>/bucket/key`). */
  localS3Dir?: string;
  /** Prints plain data on stdout, after `--query`, in the chosen output format. */
  print(data: unknown): Promise<void>;
  /** Writes the `--stats` line on stderr, when it was asked for. */
  reportStats(): void;
  /** Stops the embedded local service, if any. */
  close(): Promise<void>;
}

/** Options of {@link openSession}. */
export interface SessionOptions {
  /** Required flags that this run does without (e.g. `documents` when documents come from `--jsonl`). */
  optional?: readonly string[];
  /** The environment and streams to run with (default: the process's own). */
  io?: CliIO;
  /**
   * A folder of the service's model files (`<version>/api.json`…) cut down to the command's
   * operation, read instead of the whole model; ignored with `--wait`, whose waiter calls
   * another operation.
   */
  modelSlice?: URL;
}

/**
 * Opens a command's session: resolves the settings (prompting when allowed), builds the input
 * from `--cli-input-json` and the flags, starts the embedded service for `--local` (stopped by
 * `close()`, or on Ctrl-C) and creates the client.
 * @throws CliError for bad usage or configuration.
 */
export async function openSession(spec: OperationSpec, flags: OperationFlags, options: SessionOptions = {}): Promise<OperationSession> {
  // Read only for --stats: the first use of `performance` in a process loads node:perf_hooks.
  const started = flags.stats ? performance.now() : 0;
  const io = options.io ?? processIO();
  const { env } = io;
  const loaded = await loadService(spec.service);
  const modelSlice = flags.wait ? undefined : options.modelSlice;
  const service = modelSlice ? { ...loaded, definition: { ...loaded.definition, modelsUrl: modelSlice } } : loaded;
  const request: SettingsRequest = {
    service: spec.service,
    versionKey: service.versionKey,
    versions: service.definition.versions,
    flags,
    env,
    terminal: isTerminal(io),
  };
  const settings = await resolveSettings(request);
  // The local service keeps data per region, as the real one does: say which one is used.
  if (settings.localDefaultRegion) io.stderr.write(`nimbus: --local: no region set, using ${settings.region} (local data is kept per region)\n`);
  const api = loadModel(service.definition, settings.version, settings.versionSource === 'profile');
  const optional = new Set(options.optional ?? []);
  const input = buildInput(api, optional.size ? { ...spec, required: spec.required.filter((flag) => !optional.has(flag)) } : spec, flags);

  const http = transportOptions({
    noVerifySsl: flags['no-verify-ssl'] as boolean | undefined,
    caBundle: flags['ca-bundle'] as string | undefined,
    env,
    profileCaBundle: settings.profile.settings.ca_bundle,
    profileName: settings.profileName,
  });
  let local: { endpoint: string; close(): Promise<void> } | undefined;
  let localS3Dir: string | undefined;
  if (flags.local) {
    const { startLocalService } = await import('../local/server.js');
    const { SECRETS_VARIABLE, tokenSecretsFromEnv } = await import('./local/token-secrets.js');
    const { printUpgradeNotice } = await import('./local/upgrade-notice.js');
    const { dataDirStartError } = await import('./local/start-errors.js');
    const dataDir = join(homedir(), '.nimbus', 'local');
    localS3Dir = join(dataDir, 's3');
    const { resolveFunctions } = await import('./local/functions.js');
    // the secrets of user tokens and of web crawlers, and the CA bundle the crawler trusts, as `local start` reads them
    const secrets = [...(tokenSecretsFromEnv(env) ?? []), ...(tokenSecretsFromEnv(env, SECRETS_VARIABLE) ?? [])];
    const tokenSecrets = secrets.length > 0 ? new Map(secrets) : undefined;
    const functions = resolveFunctions(undefined, env);
    const { resolveEmbeddings } = await import('./local/embeddings-setting.js');
    // one command's service queries with the vectors there are; `nimbus local start` embeds the backlog
    local = await startLocalService({
      port: 0,
      dataDir,
      s3Dir: localS3Dir,
      ...(tokenSecrets ? { tokenSecrets } : {}),
      ...(functions ? { functions } : {}),
      ...(env.AWS_CA_BUNDLE ? { caBundle: env.AWS_CA_BUNDLE } : {}),
      onUpgradeNotice: printUpgradeNotice,
      embeddings: resolveEmbeddings(undefined, env),
      embedInBackground: false,
    }).catch((error: unknown) => {
      throw dataDirStartError(error) ?? error;
    });
  }
  const stopLocal = local ? onInterrupt(() => local!.close()) : undefined;
  let client: Client;
  try {
    client = new service.Client(clientOptions(settings, flags, http, env, local?.endpoint, isInteractive(request)), service.definition);
  } catch (error) {
    stopLocal?.();
    await local?.close();
    throw error;
  }
  const tally = flags.stats ? tallyRequests(client) : undefined;
  return {
    io,
    settings,
    input,
    client,
    http,
    localS3Dir,
    async print(data) {
      // The JMESPath engine is loaded only for --query.
      const shown = typeof flags.query === 'string' ? (await import('./output/query.js')).applyQuery(data, flags.query) : data;
      const width = outputWidth(io.stdout, env);
      // What the table left out is said to the person who sees it, not into a pipe's stderr.
      const notes: string[] = [];
      const text = isEmptyResult(shown)
        ? ''
        : await render(shown, {
            format: settings.output,
            color: useColor(flags.color, env, Boolean(io.stdout.isTTY)),
            title: spec.operation,
            width,
            onNote: (note) => notes.push(note),
          });
      io.stdout.write(text);
      if (settings.output === 'table') {
        if (io.stdout.isTTY) for (const note of notes) io.stderr.write(`${note}\n`);
        const note = tableNote(text, io.stdout.isTTY ? width : undefined);
        if (note) io.stderr.write(`${note}\n`);
      }
    },
    reportStats() {
      if (tally) io.stderr.write(`${formatTally(tally, performance.now() - started)}\n`);
    },
    async close() {
      stopLocal?.();
      await local?.close();
    },
  };
}
