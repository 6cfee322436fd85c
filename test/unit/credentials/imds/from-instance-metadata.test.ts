import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { loadProfile } from '../../../../src/lib/config/profile.js';
import { fromInstanceMetadata, resolveImdsSettings } from '../../../../src/lib/credentials/from-instance-metadata.js';
import type { TestServer } from '../../../support/echo-server.js';
import { makeTempHome, type TempHome } from '../../config/temp-home.js';
import { IMDS_KEYS, IMDS_TOKEN, startFakeImds, type FakeImdsOptions } from './fake-imds.js';
import { closedPort } from '../../../support/closed-port.js';

describe('fromInstanceMetadata (IMDSv2)', function () {
  this.timeout(15_000);
  let t: TempHome;
  let server: TestServer | undefined;
  beforeEach(() => (t = makeTempHome()));
  afterEach(async () => {
    t.cleanup();
    await server?.close();
    server = undefined;
  });

  const run = async (options: FakeImdsOptions, env: Record<string, string> = {}) => {
    server = await startFakeImds(options);
    const credentials = await fromInstanceMetadata('default', { env: { HOME: t.home, AWS_EC2_METADATA_SERVICE_ENDPOINT: server.endpoint, ...env } })();
    return { credentials, requests: server.requests.map((r) => `${r.method} ${r.url} ${r.headers['x-aws-ec2-metadata-token'] ?? '-'}`) };
  };

  it('gets a token with a 6-hour TTL, then the role and its credentials with the token', async () => {
    const { credentials, requests } = await run({ requireToken: true });
    assert.deepEqual(requests, [
      'PUT /latest/api/token -',
      `GET /latest/meta-data/iam/security-credentials/ ${IMDS_TOKEN}`,
      `GET /latest/meta-data/iam/security-credentials/web-role ${IMDS_TOKEN}`,
    ]);
    assert.equal(credentials?.key, IMDS_KEYS.AccessKeyId);
    assert.equal(credentials?.secret, IMDS_KEYS.SecretAccessKey);
    assert.equal(credentials?.token, IMDS_KEYS.Token);
    assert.equal(credentials?.source, 'iam-role');
    assert.equal(server!.requests[0]!.headers['x-aws-ec2-metadata-token-ttl-seconds'], '21600');
  });

  for (const status of [403, 404, 405] as const) {
    it(`falls back to IMDSv1 when the token request answers ${status}`, async () => {
      const { credentials, requests } = await run({ token: status });
      assert.deepEqual(requests, [
        'PUT /latest/api/token -',
        'GET /latest/meta-data/iam/security-credentials/ -',
        'GET /latest/meta-data/iam/security-credentials/web-role -',
      ]);
      assert.equal(credentials?.key, IMDS_KEYS.AccessKeyId);
    });
  }

  it('falls back to IMDSv1 when the token request is not answered in time', async () => {
    const { credentials, requests } = await run({ token: 'hang' }, { AWS_METADATA_SERVICE_TIMEOUT: '1' });
    assert.equal(credentials?.key, IMDS_KEYS.AccessKeyId);
    assert.equal(requests[1], 'GET /latest/meta-data/iam/security-credentials/ -');
  });

  it('tries the token request metadata_service_num_attempts times on a server error, then falls back to IMDSv1', async () => {
    t.write('.aws/config', '[default]\nmetadata_service_num_attempts = 2\n');
    const { credentials, requests } = await run({ token: 500 });
    assert.deepEqual(requests.slice(0, 3), ['PUT /latest/api/token -', 'PUT /latest/api/token -', 'GET /latest/meta-data/iam/security-credentials/ -']);
    assert.equal(credentials?.key, IMDS_KEYS.AccessKeyId);
  });

  it('stops on a 400 from the token request', async () => {
    const { credentials, requests } = await run({ token: 400 });
    assert.equal(credentials, null);
    assert.deepEqual(requests, ['PUT /latest/api/token -']);
  });

  it('with ec2_metadata_v1_disabled, fails instead of falling back', async () => {
    await assert.rejects(run({ token: 404 }, { AWS_EC2_METADATA_V1_DISABLED: 'true' }), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /IMDSv1 has been disabled/);
      return true;
    });
    t.write('.aws/config', '[default]\nec2_metadata_v1_disabled = true\n');
    await server!.close();
    await assert.rejects(run({ token: 403 }), /IMDSv1 has been disabled/);
  });

  it('sends nothing when AWS_EC2_METADATA_DISABLED is true', async () => {
    const { credentials, requests } = await run({}, { AWS_EC2_METADATA_DISABLED: 'True' });
    assert.equal(credentials, null);
    assert.deepEqual(requests, []);
  });

  it('gives up at once when nothing listens (no IMDSv1 attempt), with null', async () => {
    const port = await closedPort();
    const env = { HOME: t.home, AWS_EC2_METADATA_SERVICE_ENDPOINT: `http://127.0.0.1:${port}`, AWS_METADATA_SERVICE_NUM_ATTEMPTS: '3' };
    assert.equal(await fromInstanceMetadata('default', { env })(), null);
  });

  it('is null for an error document, and for a document that stays invalid JSON', async () => {
    assert.equal((await run({ document: { Code: 'AssumeRoleUnauthorizedAccess', Message: 'EC2 cannot assume the role' } })).credentials, null);
    await server!.close();
    const invalid = await run({ document: 'not json' }, { AWS_METADATA_SERVICE_NUM_ATTEMPTS: '2' });
    assert.equal(invalid.credentials, null);
    assert.equal(invalid.requests.filter((r) => r.includes('web-role')).length, 2);
  });

  it('moves the expiry of credentials handed out close to their expiry 12 to 20 minutes ahead', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const { credentials } = await run({ document: { ...IMDS_KEYS, Expiration: soon } });
    const ahead = credentials!.expires!.getTime() - Date.now();
    assert.ok(ahead > 11 * 60_000 && ahead <= 20 * 60_000, `expiry ${ahead} ms ahead`);
  });

  describe('resolveImdsSettings', () => {
    const settings = (env: Record<string, string>, config = '') => {
      t.write('.aws/config', `[default]\n${config}`);
      return resolveImdsSettings(loadProfile('default', { env: { HOME: t.home } }), env);
    };

    it('defaults to 1 s, 1 attempt, the IPv4 endpoint, IMDSv1 allowed', () => {
      assert.deepEqual(settings({}), { disabled: false, endpoint: 'http://169.254.169.254/', timeoutMs: 1000, attempts: 1, v1Disabled: false });
    });

    it('reads the profile keys, with the environment first', () => {
      const fromProfile = settings({}, 'metadata_service_timeout = 3\nmetadata_service_num_attempts = 4\nec2_metadata_service_endpoint_mode = IPv6\n');
      assert.deepEqual([fromProfile.timeoutMs, fromProfile.attempts, fromProfile.endpoint], [3000, 4, 'http://[fd00:ec2::254]/']);
      const fromEnv = settings(
        { AWS_METADATA_SERVICE_TIMEOUT: '2', AWS_METADATA_SERVICE_NUM_ATTEMPTS: '5', AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE: 'ipv4' },
        'metadata_service_timeout = 3\nec2_metadata_service_endpoint_mode = IPv6\n',
      );
      assert.deepEqual([fromEnv.timeoutMs, fromEnv.attempts, fromEnv.endpoint], [2000, 5, 'http://169.254.169.254/']);
      assert.equal(settings({ AWS_IMDS_USE_IPV6: 'true' }).endpoint, 'http://[fd00:ec2::254]/');
    });

    it('uses a custom endpoint over the mode', () => {
      assert.equal(
        settings({ AWS_EC2_METADATA_SERVICE_ENDPOINT: 'http://127.0.0.1:1338', AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE: 'IPv6' }).endpoint,
        'http://127.0.0.1:1338/',
      );
      assert.equal(settings({}, 'ec2_metadata_service_endpoint = http://[::1]:9/\n').endpoint, 'http://[::1]:9/');
    });

    it('names the setting of an invalid value', () => {
      assert.throws(() => settings({ AWS_METADATA_SERVICE_TIMEOUT: 'soon' }), /Invalid value "soon" for AWS_METADATA_SERVICE_TIMEOUT/);
      assert.throws(() => settings({}, 'metadata_service_num_attempts = 0\n'), /metadata_service_num_attempts in profile default/);
      assert.throws(() => settings({ AWS_EC2_METADATA_SERVICE_ENDPOINT_MODE: 'ipv5' }), /expected IPv4 or IPv6/);
      assert.throws(() => settings({ AWS_EC2_METADATA_SERVICE_ENDPOINT: 'not a url' }), /expected an http or https URL/);
    });
  });
});
