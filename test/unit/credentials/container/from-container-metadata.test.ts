import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import { fromContainerMetadata, isAllowedContainerUrl } from '../../../../src/lib/credentials/from-container-metadata.js';
import { makeTempHome, type TempHome } from '../../config/temp-home.js';
import { CONTAINER_KEYS, startFakeContainerEndpoint } from './fake-container.js';

describe('fromContainerMetadata', function () {
  this.timeout(15_000);
  let t: TempHome;
  beforeEach(() => (t = makeTempHome()));
  afterEach(() => t.cleanup());

  it('is null when neither URI variable is set', async () => {
    assert.equal(await fromContainerMetadata({ env: { HOME: t.home, AWS_CONTAINER_AUTHORIZATION_TOKEN: 'x' } })(), null);
  });

  it('GETs the full URI with Accept and the authorization token, and tags the credentials container-role', async () => {
    const server = await startFakeContainerEndpoint({ authorization: 'Bearer abc' });
    try {
      const env = { HOME: t.home, AWS_CONTAINER_CREDENTIALS_FULL_URI: `${server.endpoint}/creds?id=1`, AWS_CONTAINER_AUTHORIZATION_TOKEN: 'Bearer abc' };
      const credentials = await fromContainerMetadata({ env })();
      assert.equal(credentials?.key, CONTAINER_KEYS.AccessKeyId);
      assert.equal(credentials?.secret, CONTAINER_KEYS.SecretAccessKey);
      assert.equal(credentials?.token, CONTAINER_KEYS.Token);
      assert.equal(credentials?.source, 'container-role');
      assert.ok(credentials?.expires instanceof Date && credentials.expires.getTime() > Date.now());
      assert.equal(server.requests[0]!.method, 'GET');
      assert.equal(server.requests[0]!.url, '/creds?id=1');
      assert.equal(server.requests[0]!.headers.accept, 'application/json');
    } finally {
      await server.close();
    }
  });

  it('prefers AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE over the variable and reads it on every call', async () => {
    const server = await startFakeContainerEndpoint();
    try {
      const file = t.write('token', 'from-file-1\n');
      const env = {
        HOME: t.home,
        AWS_CONTAINER_CREDENTIALS_FULL_URI: server.endpoint,
        AWS_CONTAINER_AUTHORIZATION_TOKEN: 'from-env',
        AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: file,
      };
      const provider = fromContainerMetadata({ env });
      await provider();
      t.write('token', 'from-file-2');
      await provider();
      assert.deepEqual(
        server.requests.map((request) => request.headers.authorization),
        ['from-file-1', 'from-file-2'],
      );
    } finally {
      await server.close();
    }
  });

  it('allows plain http only to loopback and the container hosts, https to any host (the AWS CLI rule)', () => {
    const allowed = [
      'http://127.0.0.1:8080/x',
      'http://127.9.9.9/',
      'http://[::1]/',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://localhost/',
      'http://169.254.170.2/v2',
      'http://169.254.170.23/v1',
      'http://[fd00:ec2::23]/',
      'https://creds.example.com/',
    ];
    const refused = ['http://example.com/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://[fd00:ec2::254]/', 'http://128.0.0.1/'];
    for (const url of allowed) assert.equal(isAllowedContainerUrl(new URL(url)), true, url);
    for (const url of refused) assert.equal(isAllowedContainerUrl(new URL(url)), false, url);
  });

  it('refuses a plain http full URI to another host, and a relative URI that leaves the container host, before any request', async () => {
    await assert.rejects(fromContainerMetadata({ env: { AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://example.com/creds' } })(), (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.match(error.message, /unsupported host "example\.com"/);
      return true;
    });
    await assert.rejects(fromContainerMetadata({ env: { AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '@example.com/x' } })(), /must be a path/);
    await assert.rejects(fromContainerMetadata({ env: { AWS_CONTAINER_CREDENTIALS_FULL_URI: 'ftp://127.0.0.1/' } })(), /http or https URL/);
  });

  it('refuses a token with a line break', async () => {
    const server = await startFakeContainerEndpoint();
    try {
      await assert.rejects(
        fromContainerMetadata({ env: { AWS_CONTAINER_CREDENTIALS_FULL_URI: server.endpoint, AWS_CONTAINER_AUTHORIZATION_TOKEN: 'a\nb' } })(),
        /one line/,
      );
    } finally {
      await server.close();
    }
  });

  it('makes three attempts, then fails with a ConfigurationError that names the status and not the token', async () => {
    const flaky = await startFakeContainerEndpoint({ failFirst: { times: 2, status: 500 } });
    const broken = await startFakeContainerEndpoint({ failFirst: { times: 99, status: 503 } });
    try {
      const env = (endpoint: string) => ({ AWS_CONTAINER_CREDENTIALS_FULL_URI: endpoint, AWS_CONTAINER_AUTHORIZATION_TOKEN: 'sekrit-token' });
      assert.equal((await fromContainerMetadata({ env: env(flaky.endpoint), retryPauseMs: 10 })())?.key, CONTAINER_KEYS.AccessKeyId);
      assert.equal(flaky.requests.length, 3);
      await assert.rejects(fromContainerMetadata({ env: env(broken.endpoint), retryPauseMs: 10 })(), (error: unknown) => {
        assert.ok(error instanceof ConfigurationError);
        assert.match(error.message, /^Unable to get credentials from the container endpoint http:\/\/127\.0\.0\.1:\d+\/: it answered with status 503$/);
        assert.ok(!error.message.includes('sekrit'));
        return true;
      });
      assert.equal(broken.requests.length, 3);
    } finally {
      await flaky.close();
      await broken.close();
    }
  });
});
