import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { AWS_CLIS, runAwsCli, startConnectProxy, startTlsService, type SeenSignature, type TestProxy, type TlsService } from '../../support/tls/index.js';
import { CONTAINER_KEYS } from '../../unit/credentials/container/fake-container.js';
import { IMDS_KEYS } from '../../unit/credentials/imds/fake-imds.js';
import { SSO_ROLE_KEYS } from '../../unit/credentials/sso/fake-sso.js';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { credentialTestEnv } from './cli-env.js';
import { closeSourceFakes, SOURCE, startSourceFakes, writeSourceFiles, writeUnder, type Keys, type SourceFakes as Fakes } from './source-fakes.js';

/** How the CA that signed the service's certificate is trusted in a run. */
type CaWay = '--ca-bundle' | 'AWS_CA_BUNDLE' | 'ca_bundle';
const CA_WAYS: readonly CaWay[] = ['--ca-bundle', 'AWS_CA_BUNDLE', 'ca_bundle'];

const ROLE = 'arn:aws:iam::123456789012:role/matrix';
const WEB_TOKEN = 'oidc-token-matrix';
const SSO_START = 'https://matrix.awsapps.com/start';
const SSO_ACCESS_TOKEN = 'sso-access-matrix';
/** Temporary keys given as they are, a pair per source (the service takes one session token per key). */
const ENV_KEYS = { key: 'ASIAENVSESSION', secret: 'env/secret', token: 'env-session' } satisfies Keys;
const SHARED_KEYS = { key: 'ASIASHAREDSESSION', secret: 'shared/secret', token: 'shared-session' } satisfies Keys;
const CONFIG_KEYS = { key: 'ASIACONFIGSESSION', secret: 'config/secret', token: 'config-session' } satisfies Keys;
const PROCESS_KEYS = { key: 'ASIAPROCESSSESSION', secret: 'process/secret', token: 'process-session' } satisfies Keys;

/** One credential source: how to configure it, and the keys a request signed by it carries. */
interface Row {
  source: string;
  /** `~/.aws/config` sections, `@HOME@` standing for HOME (the runner adds `ca_bundle` to the profile in use). */
  config?: string;
  /** `~/.aws/credentials`. */
  credentials?: string;
  /** Extra environment, given the fakes. */
  env?(fakes: Fakes): NodeJS.ProcessEnv;
  /** The profile in use (`default` when not given). */
  profile?: string;
  /** The key and session token the service must see; STS rows read them from what the fake STS issued last. */
  expected(fakes: Fakes): { accessKey: string; token?: string };
  /**
   * The AWS CLIs that can run this row: v1 (botocore) supports every source here; v2 2.9 has no
   * `AWS_ENDPOINT_URL_<SERVICE>` (2.13+), so its STS and SSO calls could only go to AWS itself.
   */
  reference: Array<'v1' | 'v2'>;
}

const issuedLast = (fakes: Fakes) => {
  const issued = fakes.sts.issued.at(-1);
  assert.ok(issued, 'the fake STS issued credentials');
  return { accessKey: issued.key, token: issued.token };
};
const ROLE_PROFILE = (source: string): string => `[profile role]\nrole_arn = ${ROLE}\n${source}\n`;

const ROWS: Row[] = [
  {
    source: 'environment keys with AWS_SESSION_TOKEN',
    env: () => ({ AWS_ACCESS_KEY_ID: ENV_KEYS.key, AWS_SECRET_ACCESS_KEY: ENV_KEYS.secret, AWS_SESSION_TOKEN: ENV_KEYS.token }),
    expected: () => ({ accessKey: ENV_KEYS.key, token: ENV_KEYS.token }),
    reference: ['v1', 'v2'],
  },
  {
    source: 'shared credentials file',
    credentials: `[shared]\naws_access_key_id = ${SHARED_KEYS.key}\naws_secret_access_key = ${SHARED_KEYS.secret}\naws_session_token = ${SHARED_KEYS.token}\n`,
    config: '[profile shared]\nregion = us-east-1\n',
    profile: 'shared',
    expected: () => ({ accessKey: SHARED_KEYS.key, token: SHARED_KEYS.token }),
    reference: ['v1', 'v2'],
  },
  {
    source: 'config-file keys',
    config: `[profile keys]\naws_access_key_id = ${CONFIG_KEYS.key}\naws_secret_access_key = ${CONFIG_KEYS.secret}\naws_session_token = ${CONFIG_KEYS.token}\n`,
    profile: 'keys',
    expected: () => ({ accessKey: CONFIG_KEYS.key, token: CONFIG_KEYS.token }),
    reference: ['v1', 'v2'],
  },
  {
    source: 'credential_process',
    config: '[profile process]\ncredential_process = sh @HOME@/process.sh\n',
    profile: 'process',
    expected: () => ({ accessKey: PROCESS_KEYS.key, token: PROCESS_KEYS.token }),
    reference: ['v1', 'v2'],
  },
  {
    source: 'assume role with source_profile',
    credentials: `[base]\naws_access_key_id = ${SOURCE.key}\naws_secret_access_key = ${SOURCE.secret}\n`,
    config: ROLE_PROFILE('source_profile = base'),
    profile: 'role',
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'assume role with credential_source = Environment',
    config: ROLE_PROFILE('credential_source = Environment'),
    env: () => ({ AWS_ACCESS_KEY_ID: SOURCE.key, AWS_SECRET_ACCESS_KEY: SOURCE.secret }),
    profile: 'role',
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'assume role with credential_source = EcsContainer',
    config: ROLE_PROFILE('credential_source = EcsContainer'),
    env: (fakes) => ({
      AWS_CONTAINER_CREDENTIALS_FULL_URI: `${fakes.container.endpoint}/v2/credentials`,
      AWS_CONTAINER_AUTHORIZATION_TOKEN: 'Bearer task-token',
    }),
    profile: 'role',
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'assume role with credential_source = Ec2InstanceMetadata',
    config: ROLE_PROFILE('credential_source = Ec2InstanceMetadata'),
    env: (fakes) => ({ AWS_EC2_METADATA_SERVICE_ENDPOINT: fakes.imds.endpoint }),
    profile: 'role',
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'web identity from the environment',
    env: (fakes) => ({ AWS_WEB_IDENTITY_TOKEN_FILE: join(fakes.home, 'oidc-token'), AWS_ROLE_ARN: ROLE, AWS_ROLE_SESSION_NAME: 'matrix-job' }),
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'web identity from the profile',
    config: `[profile ci]\nrole_arn = ${ROLE}\nweb_identity_token_file = @HOME@/oidc-token\n`,
    profile: 'ci',
    expected: issuedLast,
    reference: ['v1'],
  },
  {
    source: 'SSO (sso-session, token cache)',
    config: `[sso-session matrix]\nsso_start_url = ${SSO_START}\nsso_region = us-east-1\n[profile sso]\nsso_session = matrix\nsso_account_id = 123456789012\nsso_role_name = Admin\n`,
    env: (fakes) => ({ AWS_ENDPOINT_URL_SSO: fakes.sso.endpoint, AWS_ENDPOINT_URL_SSO_OIDC: fakes.sso.endpoint }),
    profile: 'sso',
    expected: () => ({ accessKey: SSO_ROLE_KEYS.accessKeyId, token: SSO_ROLE_KEYS.sessionToken }),
    reference: ['v1'],
  },
  {
    source: 'container credentials (full URI and token file)',
    env: (fakes) => ({
      AWS_CONTAINER_CREDENTIALS_FULL_URI: `${fakes.container.endpoint}/v2/credentials`,
      AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: join(fakes.home, 'task-token'),
    }),
    expected: () => ({ accessKey: CONTAINER_KEYS.AccessKeyId, token: CONTAINER_KEYS.Token }),
    // v2 2.9 reads AWS_CONTAINER_AUTHORIZATION_TOKEN but not its _FILE variant: it gets 401 from the endpoint.
    reference: ['v1'],
  },
  {
    source: 'container credentials (full URI and token)',
    env: (fakes) => ({
      AWS_CONTAINER_CREDENTIALS_FULL_URI: `${fakes.container.endpoint}/v2/credentials`,
      AWS_CONTAINER_AUTHORIZATION_TOKEN: 'Bearer task-token',
    }),
    expected: () => ({ accessKey: CONTAINER_KEYS.AccessKeyId, token: CONTAINER_KEYS.Token }),
    reference: ['v1', 'v2'],
  },
  {
    source: 'EC2 instance metadata (IMDSv2)',
    // With the trailing slash: v2 2.9 joins the path to the endpoint without one.
    env: (fakes) => ({ AWS_EC2_METADATA_SERVICE_ENDPOINT: `${fakes.imds.endpoint}/` }),
    expected: () => ({ accessKey: IMDS_KEYS.AccessKeyId, token: IMDS_KEYS.Token }),
    reference: ['v1', 'v2'],
  },
];

/** `config` with `ca_bundle = file` in the section of `profile` (added when there is none). */
function withCaBundle(config: string, profile: string, file: string): string {
  const header = profile === 'default' ? '[default]' : `[profile ${profile}]`;
  return config.includes(`${header}\n`) ? config.replace(`${header}\n`, `${header}\nca_bundle = ${file}\n`) : `${config}${header}\nca_bundle = ${file}\n`;
}

describe('every credential source through the built CLI against an HTTPS endpoint (the AWS CLI as reference)', function () {
  this.timeout(120_000);
  let tls: TlsService;
  let fakes: Fakes;
  let proxy: TestProxy;
  let home: string;
  let baseEnv: NodeJS.ProcessEnv;

  before(async () => {
    requireBuild();
    ({ home, env: baseEnv } = await credentialTestEnv({ AWS_PAGER: '' }));
    fakes = await startSourceFakes(
      {
        role: ROLE,
        webToken: WEB_TOKEN,
        ssoAccessToken: SSO_ACCESS_TOKEN,
        containerAuthorization: 'Bearer task-token',
        stsUsers: [
          { key: CONTAINER_KEYS.AccessKeyId, secret: CONTAINER_KEYS.SecretAccessKey, token: CONTAINER_KEYS.Token },
          { key: IMDS_KEYS.AccessKeyId, secret: IMDS_KEYS.SecretAccessKey, token: IMDS_KEYS.Token },
        ],
      },
      home,
    );
    baseEnv.AWS_ENDPOINT_URL_STS = fakes.sts.endpoint;
    // The service accepts the keys each source gives, each temporary pair only with its session token.
    const credentials = [...fakes.credentials, ENV_KEYS, SHARED_KEYS, CONFIG_KEYS, PROCESS_KEYS];
    tls = await startTlsService({ credentials }, { recordSignatures: true });
    proxy = await startConnectProxy();
  });
  after(async () => {
    await Promise.all([tls?.close(), closeSourceFakes(fakes), proxy?.close()]);
    if (home) rmSync(home, { recursive: true, force: true });
  });

  /** Lays out HOME for `row` with the CA trusted `way`; returns the flags and environment of a run. */
  function prepare(row: Row, way: CaWay): { flags: string[]; env: NodeJS.ProcessEnv } {
    rmSync(join(home, '.aws'), { recursive: true, force: true });
    const profile = row.profile ?? 'default';
    const ca = tls.pki.ca.certFile;
    const config = (row.config ?? '').replaceAll('@HOME@', home);
    writeUnder(home, '.aws/config', way === 'ca_bundle' ? withCaBundle(config, profile, ca) : config);
    writeUnder(home, '.aws/credentials', row.credentials ?? '');
    writeUnder(home, 'task-token', 'Bearer task-token');
    writeSourceFiles(home, {
      webToken: WEB_TOKEN,
      ssoSession: 'matrix',
      ssoStart: SSO_START,
      ssoAccessToken: SSO_ACCESS_TOKEN,
      processKeys: PROCESS_KEYS,
    });
    const flags = [...(row.profile ? ['--profile', row.profile] : []), ...(way === '--ca-bundle' ? ['--ca-bundle', ca] : [])];
    return { flags, env: { ...baseEnv, ...row.env?.(fakes), ...(way === 'AWS_CA_BUNDLE' ? { AWS_CA_BUNDLE: ca } : {}) } };
  }

  /** Every request since `from` was signed with `expected`'s key and carried its session token. */
  function assertSigned(from: number, expected: { accessKey: string; token?: string }, who: string): void {
    const seen: SeenSignature[] = tls.seen.slice(from);
    assert.ok(seen.length > 0, `${who}: the service saw no request`);
    for (const signature of seen) assert.deepEqual(signature, expected, who);
  }

  /** Runs nimbus (a search and a mobile command), then each AWS CLI the row supports, checking the keys each one's requests arrived with. */
  async function runRow(row: Row, way: CaWay, extraEnv: NodeJS.ProcessEnv = {}): Promise<void> {
    const { flags, env } = prepare(row, way);
    const runEnv = { ...env, ...extraEnv };
    for (const args of [
      ['search', 'index', 'list'],
      ['mobile', 'project', 'list'],
    ]) {
      const before = tls.seen.length;
      const result = await nimbus([...args, '--endpoint-url', tls.endpoint, ...flags], { env: runEnv });
      assert.equal(result.code, 0, `nimbus ${args.join(' ')}: ${result.stderr}`);
      assertSigned(before, row.expected(fakes), `nimbus ${args.join(' ')}`);
    }
    for (const cli of AWS_CLIS) {
      const version = cli === '/usr/bin/aws' ? 'v2' : 'v1';
      if (!row.reference.includes(version)) continue;
      // Each CLI gets the source itself rather than the role credentials the one before cached.
      rmSync(join(home, '.aws', 'cli', 'cache'), { recursive: true, force: true });
      const before = tls.seen.length;
      const result = await runAwsCli(cli, ['kendra', 'list-indices', '--endpoint-url', tls.endpoint, ...flags], runEnv);
      assert.equal(result.code, 0, `${cli}: ${result.stderr}`);
      assert.deepEqual(JSON.parse(result.stdout), { IndexConfigurationSummaryItems: [] }, cli);
      assertSigned(before, row.expected(fakes), cli);
    }
  }

  ROWS.forEach((row, index) => {
    const way = CA_WAYS[index % CA_WAYS.length]!;
    it(`${row.source}, the CA trusted through ${way}`, () => runRow(row, way));
  });

  it('tunnels through an HTTPS proxy, signing with the environment keys', async () => {
    const row = ROWS[0]!;
    const tunnels = proxy.tunnels.length;
    await runRow(row, 'AWS_CA_BUNDLE', { HTTPS_PROXY: proxy.url, NO_PROXY: '' });
    const runs = 2 + AWS_CLIS.filter((cli) => row.reference.includes(cli === '/usr/bin/aws' ? 'v2' : 'v1')).length;
    const opened = proxy.tunnels.slice(tunnels);
    assert.ok(opened.length >= runs, `${opened.length} tunnels for ${runs} runs`);
    assert.ok(
      opened.every((authority) => authority === `127.0.0.1:${tls.front.port}`),
      opened.join(' '),
    );
  });

  it('with no credentials anywhere and a metadata service that never answers, exits 253 with the usual message', async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => void held.add(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { flags, env } = prepare({ source: 'none', expected: () => ({ accessKey: '' }), reference: [] }, '--ca-bundle');
      env.AWS_EC2_METADATA_SERVICE_ENDPOINT = `http://127.0.0.1:${(silent.address() as { port: number }).port}/`;
      const before = tls.seen.length;
      const result = await nimbus(['search', 'index', 'list', '--endpoint-url', tls.endpoint, ...flags], { env });
      assert.equal(result.code, 253, result.stderr);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /^nimbus: Unable to locate credentials\. You can configure credentials by running "nimbus configure"/);
      assert.equal(result.stderr.trim().split('\n').length, 1);
      if (AWS_CLIS.includes('aws')) {
        const reference = await runAwsCli('aws', ['kendra', 'list-indices', '--endpoint-url', tls.endpoint, ...flags], env);
        // The v1 CLI ends this case with 255 (v2 uses 253, as nimbus does).
        assert.equal(reference.code, 255, reference.stderr);
        assert.match(reference.stderr, /Unable to locate credentials/);
      }
      assert.equal(tls.seen.length, before, 'nothing reached the service');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
