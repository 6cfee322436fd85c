import type { CredentialProvider } from '../credentials/types.js';
import { type MFA_CODE_PROVIDER, mfaCodeProviderOption, type MfaCodeProvider } from '../credentials/assume-role-mfa.js';
import type { ApiJson } from '../model/types.js';
import { resolveCredentialsOption } from '../credentials/resolve-credentials-option.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { resolveProfileName, loadProfile, type Profile } from '../config/profile.js';
import { resolveRegion as regionFromConfig } from '../config/region.js';
import { resolveEndpointUrl } from '../config/endpoint-url.js';
import { parseHttpOptions, withConfiguredCaBundle, type HttpOptions } from '../http/http-options.js';
import { createUndiciHandler, type HttpHandler } from '../http/undici-handler.js';
import { defaultSignatureProvider } from '../signing/signature-provider.js';
import type { SignatureProvider } from '../signing/types.js';
import { builtInApiProvider, type ApiProvider } from './api-provider.js';
import { ARGUMENT_NAMES } from './arguments.js';
import { resolveCsmOption, type CsmConfiguration } from './csm/csm-configuration.js';
import { parseDebugOption, type DebugSettings } from './debug/debug-options.js';
import { resolveEndpointDiscoveryOption, type EndpointDiscoveryConfiguration } from './discovery/endpoint-discovery-configuration.js';
import { parseStatsOption, type StatsSettings } from './middleware/stats.js';
import { defaultEndpoint, parseEndpoint, type EndpointProvider } from './endpoint.js';
import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';
import type { Handler } from './handler-list.js';
import { checkRegion, checkScheme, checkVersion, invalid, optionalBoolean, optionalFunction, optionalString } from '../errors/option-checks.js';
import type { ServiceDefinition } from './service-definition.js';

/** The client's constructor options, by name. */
export interface ClientOptions {
  region?: string;
  version: string;
  credentials?: { key: string; secret: string; token?: string; expires?: Date } | false | ((...args: never[]) => unknown);
  profile?: string;
  use_aws_shared_config_files?: boolean;
  endpoint?: string;
  endpoint_provider?: EndpointProvider;
  endpoint_discovery?: unknown;
  disable_host_prefix_injection?: boolean;
  scheme?: 'https' | 'http';
  api_provider?: ApiProvider;
  signature_provider?: SignatureProvider;
  signature_version?: string;
  handler?: Handler;
  http_handler?: HttpHandler;
  http?: HttpOptions;
  retries?: unknown;
  validate?: boolean;
  idempotency_auto_fill?: boolean | ((size: number) => Uint8Array);
  csm?: unknown;
  debug?: unknown;
  stats?: unknown;
  /** Gives MFA codes for profiles with `mfa_serial` (keyed by a symbol: not one of the named client options). */
  [MFA_CODE_PROVIDER]?: MfaCodeProvider;
}

/** The options after resolution, as `getConfig()` returns them. */
export interface ClientConfig {
  region: string;
  /** The version actually used (`latest` resolved to a date for the built-in models). */
  version: string;
  /** The credential provider, or null for anonymous requests. */
  credentials: CredentialProvider | null;
  profile: string;
  use_aws_shared_config_files: boolean;
  endpoint: URL;
  endpoint_provider?: EndpointProvider;
  /** Endpoint discovery, resolved from the option, the environment and the profile. */
  endpoint_discovery: EndpointDiscoveryConfiguration;
  disable_host_prefix_injection: boolean;
  scheme: 'https' | 'http';
  api_provider: ApiProvider;
  signature_provider: SignatureProvider;
  signature_version: string;
  handler?: Handler;
  http_handler?: HttpHandler;
  http: HttpOptions;
  retries: unknown;
  validate: boolean;
  idempotency_auto_fill: boolean | ((size: number) => Uint8Array);
  /** Client-side monitoring, resolved from the option, the environment and the profile. */
  csm: CsmConfiguration;
  /** The step trace's settings, or null when `debug` is off. */
  debug: DebugSettings | null;
  /** Which transfer statistics results carry (all false when `stats` is off). */
  stats: StatsSettings;
  /** The undici handler built from `http`, used when no `http_handler` is given. */
  defaultHttpHandler: HttpHandler;
  /** The settings of the selected profile in the shared files (empty when they are off). */
  profileSettings: Profile;
  /** The environment the client was configured from. */
  env: NodeJS.ProcessEnv;
  /** The service this client talks to. */
  service: ServiceDefinition;
  /** The service description returned by the API provider. */
  api: ApiJson;
}

/** Rejects option names the client does not define (a typo must not be silently ignored). */
function checkOptionNames(args: Record<string, unknown>): void {
  for (const name of Object.keys(args)) {
    if (!ARGUMENT_NAMES.has(name)) {
      throw new InvalidArgumentException(`Unknown client option "${name}"; see getArguments() for the options`, { option: name });
    }
  }
}

/** Turns a configuration problem from the config layer into the library's exception. */
function asInvalidArgument<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      throw new InvalidArgumentException(error.message, { option: error.option, cause: error });
    }
    throw error;
  }
}

/** Checks every option and resolves defaults from the environment and the shared files. */
export function resolveClientConfig(args: ClientOptions, service: ServiceDefinition, env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const options = args as unknown as Record<string, unknown>;
  checkOptionNames(options);
  let version = checkVersion(args.version);
  if (version === 'latest' && !args.api_provider && service.versions.length) version = service.versions.at(-1)!;

  const useFiles = optionalBoolean(options, 'use_aws_shared_config_files') ?? true;
  const profileOption = optionalString(options, 'profile');
  const profile = asInvalidArgument(() => resolveProfileName({ profile: profileOption, env }));
  const profileSettings = asInvalidArgument(() =>
    loadProfile(profile, { env, useSharedFiles: useFiles, explicit: profileOption !== undefined || env.AWS_PROFILE !== undefined }),
  );

  const region = resolveRegion(args.region, env, profileSettings);
  const scheme = checkScheme(args.scheme);
  const endpointProvider = optionalFunction<EndpointProvider>(options, 'endpoint_provider');
  const apiProvider = optionalFunction<ApiProvider>(options, 'api_provider') ?? builtInApiProvider(service);
  const http = withConfiguredCaBundle(parseHttpOptions(args.http), env, profileSettings.settings.ca_bundle);
  const idempotency = args.idempotency_auto_fill ?? true;
  if (typeof idempotency !== 'boolean' && typeof idempotency !== 'function')
    invalid('idempotency_auto_fill', 'expected true, false or a function returning random bytes');
  const debug = parseDebugOption(args.debug);
  const stats = parseStatsOption(args.stats);

  const api = apiDocument(apiProvider('api', service.name, version), service, version);
  const metadata = api.metadata as ApiJson['metadata'] & { signatureVersion?: unknown };
  const modelSignatureVersion = typeof metadata.signatureVersion === 'string' && metadata.signatureVersion ? metadata.signatureVersion : undefined;
  const signatureVersion = optionalString(options, 'signature_version') ?? modelSignatureVersion ?? 'v4';

  const defaultHttpHandler = createUndiciHandler(http, env);
  const httpHandler = optionalFunction<HttpHandler>(options, 'http_handler');
  // STS calls for assumed roles go out with the client's transport and region.
  const credentials = asInvalidArgument(() => {
    const mfaCodeProvider = mfaCodeProviderOption(args);
    return resolveCredentialsOption(args.credentials, {
      profile: profileOption,
      env,
      useSharedFiles: useFiles,
      region,
      httpHandler: httpHandler ?? defaultHttpHandler,
      ...(mfaCodeProvider ? { mfaCodeProvider } : {}),
    });
  });

  return {
    region,
    version,
    credentials,
    profile,
    use_aws_shared_config_files: useFiles,
    endpoint: resolveEndpoint(args, { service, endpointPrefix: metadata.endpointPrefix, region, scheme, env, profileSettings, endpointProvider }),
    endpoint_provider: endpointProvider,
    endpoint_discovery: resolveEndpointDiscoveryOption(args.endpoint_discovery, { env, profile: profileSettings }),
    disable_host_prefix_injection: optionalBoolean(options, 'disable_host_prefix_injection') ?? false,
    scheme,
    api_provider: apiProvider,
    signature_provider: optionalFunction<SignatureProvider>(options, 'signature_provider') ?? defaultSignatureProvider,
    signature_version: signatureVersion,
    handler: optionalFunction<Handler>(options, 'handler'),
    http_handler: httpHandler,
    http,
    retries: args.retries,
    validate: optionalBoolean(options, 'validate') ?? true,
    idempotency_auto_fill: idempotency,
    csm: resolveCsmOption(args.csm, { env, profile: profileSettings }),
    debug,
    stats,
    defaultHttpHandler,
    profileSettings,
    env,
    service,
    api,
  };
}

/** The provider's API description, checked enough to be used as one. */
function apiDocument(data: Record<string, unknown> | null, service: ServiceDefinition, version: string): ApiJson {
  if (!data) {
    const known = service.versions.length ? ` (nimbus ships ${service.versions.join(', ')}; "latest" selects the newest)` : '';
    throw new InvalidArgumentException(`The ${service.name} service has no API version "${version}"${known}`, { option: 'version' });
  }
  const metadata = data.metadata as { endpointPrefix?: unknown } | undefined;
  if (!metadata || typeof metadata.endpointPrefix !== 'string' || !metadata.endpointPrefix) {
    invalid('api_provider', `the API data for ${service.name} has no metadata.endpointPrefix`);
  }
  for (const key of ['operations', 'shapes']) {
    const value = data[key];
    if (!value || typeof value !== 'object' || Array.isArray(value)) invalid('api_provider', `the API data for ${service.name} has no "${key}" object`);
  }
  return data as unknown as ApiJson;
}

/** The region: the option, else AWS_REGION / AWS_DEFAULT_REGION, else the profile's. */
function resolveRegion(option: unknown, env: NodeJS.ProcessEnv, profile: Profile): string {
  if (option !== undefined && option !== null && option !== '') return checkRegion(option, 'the "region" option');
  const setting = regionFromConfig(profile, env);
  if (!setting) {
    throw new InvalidArgumentException('Missing required client configuration option "region" (set the region option, AWS_REGION, or region in your profile)', {
      option: 'region',
    });
  }
  return checkRegion(setting, env.AWS_REGION || env.AWS_DEFAULT_REGION ? 'the environment' : `profile ${profile.name}`);
}

/**
 * The endpoint: the `endpoint` option; else AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL and
 * the profile's endpoint_url; else `endpoint_provider`; else the service's public endpoint.
 */
function resolveEndpoint(
  args: ClientOptions,
  context: {
    service: ServiceDefinition;
    endpointPrefix: string;
    region: string;
    scheme: string;
    env: NodeJS.ProcessEnv;
    profileSettings: Profile;
    endpointProvider?: EndpointProvider;
  },
): URL {
  const option = optionalString(args as unknown as Record<string, unknown>, 'endpoint');
  if (option) return parseEndpoint(option, 'the "endpoint" option', context.scheme);
  const configured = asInvalidArgument(() => resolveEndpointUrl(context.service.envId ?? context.service.name, context.profileSettings, context.env));
  if (configured) return parseEndpoint(configured, 'the environment or profile (endpoint_url)', context.scheme);
  const prefix = context.endpointPrefix;
  if (context.endpointProvider) {
    const provided = context.endpointProvider({ service: prefix, region: context.region });
    if (provided) {
      if (typeof provided.endpoint !== 'string') invalid('endpoint_provider', 'the provider returned data without an "endpoint" string');
      return parseEndpoint(provided.endpoint, 'the endpoint_provider', context.scheme);
    }
  }
  return defaultEndpoint(prefix, context.region, context.scheme);
}
