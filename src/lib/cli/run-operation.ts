import { builtInApiProvider } from '../client/api-provider.js';
import type { Client } from '../client/client.js';
import type { ClientOptions } from '../client/resolve-config.js';
import type { ServiceDefinition } from '../client/service-definition.js';
import type { HttpOptions } from '../http/http-options.js';
import type { ApiJson } from '../model/types.js';
import { configError, usageError } from './errors/cli-error.js';
import { createNodeHttpHandler } from './http/node-http-handler.js';
import { buildInput } from './input/build-input.js';
import { inputSkeleton } from './input/skeleton.js';
import { onInterrupt } from './interrupt.js';
import type { OperationSpec, ServiceName } from './operation-spec.js';
import { useColor } from './output/color.js';
import { formatJson } from './output/json.js';
import { applyQuery } from './output/query.js';
import { render } from './output/render.js';
import { toPlain } from './output/to-plain.js';
import { formatTally, tallyRequests } from './request-tally.js';
import { resolveSettings, type RunSettings, type SettingsRequest } from './settings/resolve-settings.js';

/** The credentials of the embedded local service (`--local`). */
const LOCAL_CREDENTIALS = { key: 'test', secret: 'test' };

/** The parsed flags of an operation command (global, pagination and operation flags). */
type OperationFlags = Record<string, unknown>;

interface LoadedService {
  Client: new (args: ClientOptions) => Client;
  definition: ServiceDefinition;
  /** botocore's name for the service: the key under a profile's `api_versions`. */
  versionKey: string;
}

/** Loads a service's client module (only the one the command uses). */
async function loadService(name: ServiceName): Promise<LoadedService> {
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
function loadModel(definition: ServiceDefinition, version: string, fromProfile = false): ApiJson {
  const api = builtInApiProvider(definition)('api', definition.name, version);
  if (!api) {
    const message = `The ${definition.name} service has no API version "${version}"${fromProfile ? ' (set in the profile\'s api_versions)' : ''}; nimbus ships ${definition.versions.join(', ')}, and "latest" selects the newest`;
    throw fromProfile ? configError(message) : usageError(message);
  }
  return api as unknown as ApiJson;
}

/** The client options of a run: settings, flags, and the embedded service's endpoint for `--local`. */
function clientOptions(settings: RunSettings, flags: OperationFlags, localEndpoint: string | undefined, env: NodeJS.ProcessEnv): ClientOptions {
  const options: ClientOptions = { region: settings.region, version: settings.version };
  // A named profile would take the place of the embedded service's credentials.
  if (flags.profile !== undefined && !localEndpoint) options.profile = flags.profile as string;
  if (localEndpoint) {
    options.endpoint = localEndpoint;
    options.credentials = LOCAL_CREDENTIALS;
  } else if (flags['endpoint-url'] !== undefined) {
    options.endpoint = flags['endpoint-url'] as string;
  }
  const caBundle = (flags['ca-bundle'] as string | undefined) || env.AWS_CA_BUNDLE || settings.profile.settings.ca_bundle;
  const http: HttpOptions = flags['no-verify-ssl'] ? { verify: false } : caBundle ? { verify: caBundle } : {};
  options.http = http;
  options.http_handler = createNodeHttpHandler(http, async () => (await import('../http/undici-handler.js')).createUndiciHandler(http));
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

/** Calls the operation: every page merged (the default for paginated operations), or one request. */
async function call(client: Client, spec: OperationSpec, input: Record<string, unknown>, flags: OperationFlags): Promise<Record<string, unknown>> {
  const pagination = spec.paginated ? client.getPaginatorConfig(spec.operation) : undefined;
  if (pagination && !flags['no-paginate']) {
    const config: Record<string, unknown> = {};
    if (flags['max-items'] !== undefined) config.MaxItems = flags['max-items'];
    if (flags['page-size'] !== undefined) config.PageSize = flags['page-size'];
    if (flags['starting-token'] !== undefined) config.StartingToken = flags['starting-token'];
    return client.getPaginator(spec.operation, { ...input, PaginationConfig: config }).buildFullResult();
  }
  const args = { ...input };
  if (pagination) {
    // One page: the pagination flags become the operation's own token and page size members.
    if (flags['page-size'] !== undefined && pagination.limitKey) args[pagination.limitKey] = flags['page-size'];
    if (flags['starting-token'] !== undefined && pagination.inputTokens[0]) args[pagination.inputTokens[0]] = flags['starting-token'];
  }
  return client.executeAsync(client.getCommand(spec.operation, args));
}

/**
 * Runs an operation command: resolves the settings (prompting when allowed), builds the input
 * from `--cli-input-json` and the flags, calls the service (all pages, one page, or waits for
 * the resource), and prints the result in the chosen format, after `--query`.
 */
export async function runOperation(spec: OperationSpec, flags: OperationFlags): Promise<void> {
  const started = performance.now();
  const env = process.env;
  const service = await loadService(spec.service);

  if (flags['generate-cli-skeleton']) {
    const api = loadModel(service.definition, (flags['api-version'] as string | undefined) ?? 'latest');
    process.stdout.write(formatJson(inputSkeleton(api, spec.operation)));
    return;
  }
  const settings = await resolveSettings({
    service: spec.service,
    versionKey: service.versionKey,
    versions: service.definition.versions,
    flags: flags as SettingsRequest['flags'],
    env,
    terminal: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  });
  const api = loadModel(service.definition, settings.version, settings.versionSource === 'profile');
  const input = buildInput(api, spec, flags);

  let local: { endpoint: string; close(): Promise<void> } | undefined;
  if (flags.local) {
    const { startLocalService } = await import('../local/server.js');
    local = await startLocalService({ port: 0 });
  }
  const stopLocal = local ? onInterrupt(() => local!.close()) : undefined;
  try {
    const client = new service.Client(clientOptions(settings, flags, local?.endpoint, env));
    const tally = flags.stats ? tallyRequests(client) : undefined;
    const result = await call(client, spec, input, flags);
    let data = toPlain(result);
    if (typeof flags.query === 'string') data = applyQuery(data, flags.query);
    const text = await render(data, {
      format: settings.output,
      color: useColor(flags.color as string | undefined, env, Boolean(process.stdout.isTTY)),
      title: spec.operation,
      width: process.stdout.columns,
    });
    // Printed before any wait: the result (a new id, say) stays at hand if the wait is cut short.
    process.stdout.write(text);
    if (flags.wait && spec.wait) {
      const { waitFor, waiterArgs } = await import('./wait-for.js');
      await waitFor(client, spec.wait, waiterArgs(spec.wait, input, result));
    }
    if (tally) process.stderr.write(`${formatTally(tally, performance.now() - started)}\n`);
  } finally {
    stopLocal?.();
    await local?.close();
  }
}
