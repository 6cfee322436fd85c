/**
 * The client's constructor options, as data: what `getArguments()` returns, what the CLI's help
 * and the README are made from, and what the constructor checks option values against.
 */

/** One constructor option. */
export interface ArgumentDefinition {
  /** The option's name, as users spell it. */
  name: string;
  /** The accepted types, as the documentation lists them. */
  type: string;
  required: boolean;
  /** The default, described in words where it is computed. */
  default: string;
  /** One line on what it does. */
  doc: string;
}

/** Every option the constructor takes, in documentation order. */
export const ARGUMENTS: readonly ArgumentDefinition[] = [
  { name: 'region', type: 'string', required: true, default: "AWS_REGION, then the profile's region", doc: 'Region to send requests to, e.g. us-east-1.' },
  { name: 'version', type: 'string', required: true, default: 'none', doc: 'API version to use, as a date (YYYY-MM-DD), or "latest".' },
  {
    name: 'credentials',
    type: 'object|boolean|function',
    required: false,
    default: 'the environment, then the profile (assumed role, web identity, keys, credential_process)',
    doc: '{key, secret, token?}; false for anonymous requests; or a provider function returning credentials or null.',
  },
  {
    name: 'profile',
    type: 'string',
    required: false,
    default: 'AWS_PROFILE, then "default"',
    doc: 'Profile of the shared config and credentials files; when set, "credentials" is ignored.',
  },
  {
    name: 'use_aws_shared_config_files',
    type: 'boolean',
    required: false,
    default: 'true',
    doc: 'When false, ~/.aws/config and ~/.aws/credentials are not read.',
  },
  {
    name: 'endpoint',
    type: 'string',
    required: false,
    default: 'derived from the region',
    doc: 'Full URI of the service, for a custom endpoint such as a local service.',
  },
  { name: 'endpoint_provider', type: 'function', required: false, default: 'built-in', doc: 'Receives {service, region}; returns null or {endpoint, ...}.' },
  {
    name: 'endpoint_discovery',
    type: 'object|boolean|function',
    required: false,
    default: '{enabled: false, cache_limit: 1000}',
    doc: 'Endpoint discovery for operations that support it: {enabled, cache_limit}, an EndpointDiscoveryConfiguration, a cache object, or a function returning one.',
  },
  {
    name: 'disable_host_prefix_injection',
    type: 'boolean',
    required: false,
    default: 'false',
    doc: 'When true, host prefixes from the model (and their input labels) are not applied.',
  },
  { name: 'scheme', type: 'string', required: false, default: 'https', doc: 'URI scheme of the default endpoint: https or http.' },
  {
    name: 'api_provider',
    type: 'function',
    required: false,
    default: 'built-in',
    doc: 'Receives (type, service, version) with type api, paginator or waiter; returns the data or null.',
  },
  { name: 'signature_provider', type: 'function', required: false, default: 'built-in', doc: 'Receives (version, service, region); returns a signer or null.' },
  {
    name: 'signature_version',
    type: 'string',
    required: false,
    default: 'v4',
    doc: 'Signature version (v4 or anonymous); an operation of the model may override it.',
  },
  { name: 'handler', type: 'function', required: false, default: 'the HTTP handler', doc: 'Terminal handler: (command, request) => Promise of a result.' },
  { name: 'http_handler', type: 'function', required: false, default: 'undici', doc: 'Transport: (request) => Promise of a response; wins over "handler".' },
  {
    name: 'http',
    type: 'object',
    required: false,
    default: '{}',
    doc: 'Options for every request: verify (false, or a CA bundle file), proxy (else HTTPS_PROXY/HTTP_PROXY/NO_PROXY), connect_timeout, timeout (idle), attempt_timeout (whole attempt, default 300 s), max_response_bytes (default 64 MiB), http_stats_receiver.',
  },
  {
    name: 'retries',
    type: 'number|object|RetryConfiguration|function',
    required: false,
    default: 'AWS_RETRY_MODE/AWS_MAX_ATTEMPTS, the profile, then legacy with 3 attempts',
    doc: 'A number selects legacy mode with that many retries; {mode, max_attempts} (or a RetryConfiguration, or a function returning either) selects legacy, standard or adaptive.',
  },
  { name: 'validate', type: 'boolean', required: false, default: 'true', doc: 'When false, input is sent without client-side validation.' },
  {
    name: 'idempotency_auto_fill',
    type: 'boolean|function',
    required: false,
    default: 'true',
    doc: 'Fill absent idempotency tokens with a UUID v4; a function supplies the random bytes.',
  },
  {
    name: 'csm',
    type: 'object|boolean|function',
    required: false,
    default: 'AWS_CSM_* and the profile, else disabled',
    doc: 'Client-side monitoring over UDP: false, {enabled, host, port, client_id}, a CsmConfiguration, or a function returning one.',
  },
  {
    name: 'debug',
    type: 'boolean|object',
    required: false,
    default: 'false',
    doc: 'true traces every step to stderr; {logfn, stream_size, scrub_auth, http} tunes it.',
  },
  { name: 'stats', type: 'boolean|object', required: false, default: 'false', doc: 'true adds $metadata.transferStats; {retries, http, timer} tunes it.' },
];

/** The option names, for quick membership tests. */
export const ARGUMENT_NAMES: ReadonlySet<string> = new Set(ARGUMENTS.map((argument) => argument.name));
