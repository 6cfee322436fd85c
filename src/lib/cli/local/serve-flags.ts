import { Flags, type Interfaces } from '@oclif/core';

/** The flags of `nimbus local start`. */
export const SERVE_FLAGS = {
  host: Flags.string({ summary: 'Address to listen on.', default: '127.0.0.1' }),
  port: Flags.integer({ summary: 'Port to listen on (0 for any free port).', default: 4599, min: 0, max: 65535 }),
  'data-dir': Flags.string({
    summary: "Directory of the service's database (default ~/.nimbus/local); with --database-url, this node's own copy of the store.",
  }),
  'database-url': Flags.string({
    summary:
      'Serve a PostgreSQL store as one of its nodes: postgres://USER:PASSWORD@HOST[:PORT][,HOST2[:PORT2]…]/DB[?target_session_attrs=read-write&sslmode=…&connect_timeout=…] (the first host that is a primary is used, and followed after a failover). Any number of nodes serve one store; each keeps its copy in its own --data-dir. Default $NIMBUS_DATABASE_URL; a SQLite data dir alone without either.',
    helpValue: '<url>',
    env: 'NIMBUS_DATABASE_URL',
  }),
  's3-dir': Flags.string({ summary: 'Directory that stands for S3: s3://bucket/key is <s3-dir>/bucket/key (default <data-dir>/s3).' }),
  credentials: Flags.string({
    summary:
      'Accepted access key and secret, as KEY:SECRET, or KEY:SECRET:TOKEN for temporary credentials whose requests must carry that session token; repeat for more (default test:test, or $NIMBUS_LOCAL_CREDENTIALS).',
    multiple: true,
    multipleNonGreedy: true,
  }),
  'credentials-file': Flags.string({
    summary: 'File of accepted key pairs, one KEY:SECRET or KEY:SECRET:TOKEN per line (# starts a comment); keeps secrets out of the process list.',
    helpValue: '<path>',
  }),
  faults: Flags.string({
    summary: 'Faults to inject: e.g. "throttle=0.1,5xx=0.02,reset=0.01,latency=50ms,Query.throttle=0.5", or JSON. Change them later at /_nimbus/faults.',
    helpValue: '<spec>',
  }),
  'create-delay': Flags.string({ summary: 'Seconds new and updated resources stay CREATING/UPDATING (default 1).', helpValue: '<seconds>' }),
  'token-secret': Flags.string({
    summary:
      'A secret for verifying user tokens, as SECRET_ARN=SECRET: the SecretManagerArn of a JWT token configuration and its value (an HS256 shared key, a PEM public key or a JSON Web Key Set); repeat for more (or $NIMBUS_LOCAL_TOKEN_SECRETS, one pair per line).',
    helpValue: '<arn>=<secret>',
    multiple: true,
    multipleNonGreedy: true,
  }),
  function: Flags.string({
    summary:
      'What stands in for a Lambda function of a Custom Document Enrichment hook, as ARN=COMMAND (run by /bin/sh with the event JSON on stdin; its stdout is the result JSON) or ARN=URL (the event is POSTed there); repeat for more (or $NIMBUS_LOCAL_FUNCTIONS, one pair per line).',
    helpValue: '<arn>=<command|url>',
    multiple: true,
    multipleNonGreedy: true,
  }),
  secret: Flags.string({
    summary:
      'A secret standing for Secrets Manager, as SECRET_ARN=VALUE: e.g. the Credentials of a web crawler\'s BasicAuthentication or ProxyConfiguration, as USER:PASSWORD or {"userName":…,"password":…}; repeat for more (or $NIMBUS_LOCAL_SECRETS, one pair per line).',
    helpValue: '<arn>=<value>',
    multiple: true,
    multipleNonGreedy: true,
  }),
  'ca-bundle': Flags.string({
    summary: "PEM file of certificate authorities that the service's outbound HTTPS (the web crawler) trusts besides the system's (default $AWS_CA_BUNDLE).",
    helpValue: '<path>',
  }),
  'allow-http-crawl': Flags.boolean({
    summary: 'Let web crawler data sources crawl http:// sites, for development sites (an extension: Kendra crawls HTTPS only).',
    default: false,
  }),
  embeddings: Flags.string({
    summary:
      'Semantic search: builtin (all-MiniLM-L6-v2, in-process), bedrock:<model-id> (Titan Text Embeddings v2), openai:<base-url>[#model] (Ollama, vLLM, llama.cpp, LM Studio) or off (keywords only). Default $NIMBUS_EMBEDDINGS, else local_embeddings in the profile, else builtin.',
    helpValue: '<provider>',
  }),
  'account-id': Flags.string({ summary: 'Account id in resource ARNs (12 digits).', default: '000000000000' }),
  workers: Flags.integer({
    summary: 'Processes that serve the data dir together on the one port (default: the number of cores).',
    min: 1,
    max: 256,
  }),
  'tls-cert': Flags.string({ summary: 'Serve HTTPS with this certificate (PEM, with its chain); read again on SIGHUP. Needs --tls-key.', helpValue: '<path>' }),
  'tls-key': Flags.string({ summary: 'The private key (PEM) of --tls-cert; read again on SIGHUP.', helpValue: '<path>' }),
  'log-level': Flags.string({
    summary:
      'Write the request log (one JSON line per request) from this level: error (5xx), warn (and 4xx), info (every request) or debug (with address and user agent). None unless given, or info with --log-file.',
    options: ['error', 'warn', 'info', 'debug'],
  }),
  'log-file': Flags.string({ summary: 'Append the request log to this file instead of stderr.', helpValue: '<path>' }),
  'shutdown-timeout': Flags.string({
    summary: 'Seconds that requests in flight get to finish on SIGTERM before their connections are closed (default 30).',
    helpValue: '<seconds>',
  }),
};

/** The parsed flags of `nimbus local start`, as oclif infers them from {@link SERVE_FLAGS}. */
export type ServeFlags = Interfaces.InferredFlags<typeof SERVE_FLAGS>;
