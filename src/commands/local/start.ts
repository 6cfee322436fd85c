import { Flags } from '@oclif/core';
import { SERVE_FLAGS } from '../../lib/cli/local/serve-flags.js';
import { NimbusCommand } from '../../lib/cli/nimbus-command.js';

/** `nimbus local start`: the local service as a server. */
export default class LocalStart extends NimbusCommand {
  static override summary = 'Run the local service (search and mobile APIs) until stopped.';
  static override description =
    'Serves both APIs on one port with real storage and full-text search, for offline work, tests and CI. Every request must be signed (SigV4) with one of the accepted key pairs: those of --credentials and --credentials-file, else those of the NIMBUS_LOCAL_CREDENTIALS environment variable (KEY:SECRET pairs separated by commas or spaces), else test/test. A KEY:SECRET:TOKEN entry stands for temporary credentials (of an assumed role or an SSO session): their requests must carry that session token (x-amz-security-token), and requests signed with any other key pair must carry none. The signature must cover every x-amz-* header present and Content-Type. Prints the endpoint on stdout once it listens; Ctrl-C or SIGTERM stops it cleanly (requests in flight finish within --shutdown-timeout, background work is handed back), SIGHUP reads the TLS certificate and key again. By default one worker process per core serves the data directory (--workers). State is kept in the data directory across restarts; nimbus local backup copies it while it runs. Admin endpoints on the same port: GET /_nimbus/health (and health/live, health/ready), GET /_nimbus/metrics (Prometheus), GET/POST/DELETE /_nimbus/faults, POST /_nimbus/reset; nimbus local status, faults and reset call them. The search page of each experience (sign-in, search, Analytics and Status tabs) is served at its HOME endpoint, /experiences/<id> (see local open). There is no secrets service locally: indices whose JWT user tokens are verified with a key in Secrets Manager (KeyLocation SECRET_MANAGER) get the key from --token-secret or the NIMBUS_LOCAL_TOKEN_SECRETS environment variable (one SECRET_ARN=SECRET pair per line), which keeps it out of the process list. There is no Lambda either: the functions of Custom Document Enrichment hooks are stood in for by --function ARN=COMMAND or ARN=URL (or the NIMBUS_LOCAL_FUNCTIONS environment variable, one pair per line); a hook whose ARN has no stand-in fails its document. WEBCRAWLER data sources crawl for real, over HTTPS only as in Kendra: the service trusts the system certificate store plus the authorities of --ca-bundle (or AWS_CA_BUNDLE), reads the basic-authentication and proxy credentials their secrets hold from --secret or NIMBUS_LOCAL_SECRETS (SECRET_ARN=USER:PASSWORD), and crawls http:// development sites only with --allow-http-crawl (an extension).';
  static override examples = [
    { description: 'Serve on the default port 4599', command: '<%= config.bin %> local start' },
    { description: 'Serve on any free port with a throw-away data directory', command: '<%= config.bin %> local start --port 0 --data-dir "$(mktemp -d)"' },
    {
      description: 'Accept another key pair and make new indices ACTIVE at once',
      command: '<%= config.bin %> local start --credentials test:test --credentials ci:secret --create-delay 0',
    },
    {
      description: 'Keep secrets out of the process list: read the key pairs from a file',
      command: '<%= config.bin %> local start --credentials-file ./local-keys',
    },
    {
      description: 'Accept the temporary credentials of an assumed role or SSO session in the environment, session token included',
      command: 'NIMBUS_LOCAL_CREDENTIALS="$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY:$AWS_SESSION_TOKEN" <%= config.bin %> local start',
    },
    {
      description: 'Throttle 10% of all requests and slow Query down, to test retry logic',
      command: '<%= config.bin %> local start --faults "throttle=0.1,Query.latency=500ms"',
    },
    {
      description: 'Verify JWT user tokens signed with a shared HS256 key that the index names by its secret ARN',
      command: 'NIMBUS_LOCAL_TOKEN_SECRETS="arn:aws:secretsmanager:us-east-1:000000000000:secret:jwt-key=$JWT_KEY" <%= config.bin %> local start',
    },
    {
      description: 'In production: every interface, HTTPS, two workers, a request log',
      command:
        '<%= config.bin %> local start --host 0.0.0.0 --data-dir /var/lib/nimbus --credentials-file /etc/nimbus/keys --workers 2 --tls-cert tls.pem --tls-key tls.key --log-file requests.log',
    },
    {
      description: 'Stand in for the Lambda function of a pre-extraction hook with a local script (event JSON on stdin, result JSON on stdout)',
      command: '<%= config.bin %> local start --function "arn:aws:lambda:us-east-1:000000000000:function:enrich=node ./enrich.mjs"',
    },
    {
      description: 'Crawl an intranet site whose certificate a company CA signed, with the basic credentials its WEBCRAWLER data source names by secret ARN',
      command:
        'NIMBUS_LOCAL_SECRETS="arn:aws:secretsmanager:us-east-1:000000000000:secret:intranet=crawler:$PASSWORD" <%= config.bin %> local start --ca-bundle ./company-ca.pem',
    },
    {
      description:
        'One node of a PostgreSQL store (run the same on each machine, each with its own data directory); the second host is a standby that nodes follow once promoted',
      command:
        '<%= config.bin %> local start --host 0.0.0.0 --data-dir /var/lib/nimbus --database-url "postgres://nimbus:$PGPASSWORD@db1,db2/nimbus?target_session_attrs=read-write"',
    },
    { description: 'Use it with the AWS CLI', command: 'aws --endpoint-url http://127.0.0.1:4599 kendra list-indices' },
    { description: 'Run it in the background (stop it with "nimbus local stop")', command: '<%= config.bin %> local start --detach' },
  ];
  static override flags = {
    ...SERVE_FLAGS,
    detach: Flags.boolean({
      summary:
        'Run in the background: returns once it listens, printing the endpoint (stdout) and pid (stderr); its output goes to nimbus-local.log and its pid to nimbus-local.pid in the data directory. Refused while one runs on that data directory.',
      default: false,
    }),
  };

  /** Parses the flags and serves until stopped. */
  async run(): Promise<void> {
    const { flags } = await this.parse(LocalStart);
    if (flags.detach) {
      const { startDetached } = await import('../../lib/cli/local/detach.js');
      await startDetached(this.argv, flags['data-dir']);
      return;
    }
    const { serveLocal } = await import('../../lib/cli/local/serve.js');
    await serveLocal(flags);
  }
}
