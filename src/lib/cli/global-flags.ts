import { Flags, type Interfaces } from '@oclif/core';

/** The help section the global flags are listed under. */
const GLOBAL_GROUP = 'GLOBAL';

/**
 * The global flags of every search and mobile command (fixed: scripts and documentation use these names). Values that can
 * also come from the environment or the profile have no oclif default: the run resolves them in
 * the order flag, environment, profile, prompt.
 */
export const GLOBAL_FLAGS = {
  region: Flags.string({
    summary: 'Region to send the request to (else AWS_REGION, AWS_DEFAULT_REGION, the profile).',
    helpGroup: GLOBAL_GROUP,
  }),
  profile: Flags.string({
    summary: 'Profile of the shared config and credentials files (else AWS_PROFILE, then "default").',
    helpGroup: GLOBAL_GROUP,
  }),
  'endpoint-url': Flags.string({
    summary: 'Send the request to this URL instead of the default endpoint.',
    helpGroup: GLOBAL_GROUP,
    exclusive: ['local'],
  }),
  'api-version': Flags.string({
    summary: 'API version to use: a date such as 2019-02-03, or "latest" (else the profile\'s api_versions).',
    helpGroup: GLOBAL_GROUP,
  }),
  output: Flags.string({
    summary: "Output format (else AWS_DEFAULT_OUTPUT, the profile's output, then json).",
    options: ['json', 'table', 'text', 'yaml'],
    helpGroup: GLOBAL_GROUP,
  }),
  query: Flags.string({
    summary: 'JMESPath expression applied to the whole result (all pages merged) before printing.',
    helpGroup: GLOBAL_GROUP,
  }),
  debug: Flags.boolean({
    summary: 'Trace every step of the request on stderr, and show stack traces of errors.',
    helpGroup: GLOBAL_GROUP,
  }),
  stats: Flags.boolean({
    summary: 'Print a one-line summary (time, attempts, retry delay) on stderr.',
    helpGroup: GLOBAL_GROUP,
  }),
  'no-verify-ssl': Flags.boolean({
    summary: 'Do not verify TLS certificates.',
    helpGroup: GLOBAL_GROUP,
    exclusive: ['ca-bundle'],
  }),
  'ca-bundle': Flags.string({
    summary: "PEM file of the certificate authorities to trust (else AWS_CA_BUNDLE, the profile's ca_bundle).",
    helpGroup: GLOBAL_GROUP,
  }),
  'retry-mode': Flags.string({
    summary: "Retry mode (else AWS_RETRY_MODE, the profile's retry_mode, then legacy).",
    options: ['legacy', 'standard', 'adaptive'],
    helpGroup: GLOBAL_GROUP,
  }),
  'max-attempts': Flags.integer({
    summary: "Maximum attempts per request, the first one included (else AWS_MAX_ATTEMPTS, the profile's max_attempts).",
    min: 1,
    helpGroup: GLOBAL_GROUP,
  }),
  'cli-input-json': Flags.string({
    summary: "The operation's input as JSON (or file://PATH), in the model's member names; flags override it.",
    helpGroup: GLOBAL_GROUP,
  }),
  'generate-cli-skeleton': Flags.boolean({
    summary: "Print a JSON skeleton of the operation's input, for --cli-input-json, and exit.",
    helpGroup: GLOBAL_GROUP,
  }),
  'no-input': Flags.boolean({
    summary: 'Never prompt, even in a terminal: a missing setting is an error.',
    helpGroup: GLOBAL_GROUP,
  }),
  color: Flags.string({
    summary: 'Colour in table output (auto: when stdout is a terminal and NO_COLOR is unset).',
    options: ['on', 'off', 'auto'],
    default: 'auto',
    helpGroup: GLOBAL_GROUP,
  }),
  local: Flags.boolean({
    summary: 'Run against the local service embedded in this process (~/.nimbus/local, credentials test/test).',
    description:
      'Data lives in ~/.nimbus/local, kept per region as the real service keeps it (us-east-1 when no region is set, which is then said on stderr). S3 is a directory: s3://BUCKET/KEY is the file ~/.nimbus/local/s3/BUCKET/KEY.',
    helpGroup: GLOBAL_GROUP,
  }),
};

/** The flags of commands whose operation follows page tokens. */
export const PAGINATION_FLAGS = {
  'no-paginate': Flags.boolean({
    summary: 'Make one request and print that page as returned (with its token), instead of following every page.',
    helpGroup: 'PAGINATION',
    exclusive: ['max-items'],
  }),
  'max-items': Flags.integer({
    summary: 'Print at most this many items; when more remain, NextToken in the output resumes after them.',
    min: 1,
    helpGroup: 'PAGINATION',
  }),
  'starting-token': Flags.string({
    summary: 'Resume from a NextToken printed by an earlier --max-items run (or a service token).',
    helpGroup: 'PAGINATION',
  }),
  'page-size': Flags.integer({
    summary: 'Items to ask the service for per request (the result is the same; only the number of requests changes).',
    min: 1,
    helpGroup: 'PAGINATION',
  }),
};

/** The parsed global flags, as oclif infers them from {@link GLOBAL_FLAGS}. */
export type GlobalFlags = Interfaces.InferredFlags<typeof GLOBAL_FLAGS>;

/** The parsed pagination flags, as oclif infers them from {@link PAGINATION_FLAGS}. */
export type PaginationFlags = Interfaces.InferredFlags<typeof PAGINATION_FLAGS>;
