import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestServer } from '../../support/echo-server.js';
import { CONTAINER_KEYS, startFakeContainerEndpoint } from '../../unit/credentials/container/fake-container.js';
import { IMDS_KEYS, IMDS_TOKEN, startFakeImds } from '../../unit/credentials/imds/fake-imds.js';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { credentialTestEnv, onPath, runTool } from './cli-env.js';
import { startSignedService, type SignedService } from './signed-service.js';

describe('container and instance metadata credentials through the built CLI', function () {
  this.timeout(60_000);
  let service: SignedService;
  let fake: TestServer | undefined;
  let home: string;
  let env: NodeJS.ProcessEnv;

  before(() => requireBuild());
  beforeEach(async () => {
    service = await startSignedService([
      { key: CONTAINER_KEYS.AccessKeyId, secret: CONTAINER_KEYS.SecretAccessKey, token: CONTAINER_KEYS.Token },
      { key: IMDS_KEYS.AccessKeyId, secret: IMDS_KEYS.SecretAccessKey, token: IMDS_KEYS.Token },
    ]);
    ({ home, env } = await credentialTestEnv());
  });
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    await service.close();
    rmSync(home, { recursive: true, force: true });
  });

  /** nimbus, then the AWS CLI (v1, which has kendra) where installed, each listing indices; the keys and tokens the service saw. */
  async function listWithBoth(runEnv: NodeJS.ProcessEnv): Promise<Array<{ accessKey: string; token?: string }>> {
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', service.endpoint], { env: runEnv });
    assert.equal(result.code, 0, result.stderr);
    if (onPath('aws')) {
      const reference = await runTool('aws', ['kendra', 'list-indices', '--endpoint-url', service.endpoint], runEnv);
      assert.equal(reference.code, 0, reference.stderr);
    }
    return service.seen;
  }

  it("signs with the container endpoint's credentials, sending the token file's content", async () => {
    fake = await startFakeContainerEndpoint({ authorization: 'Bearer task-token' });
    const tokenFile = join(home, 'token');
    writeFileSync(tokenFile, 'Bearer task-token');
    const seen = await listWithBoth({
      ...env,
      AWS_CONTAINER_CREDENTIALS_FULL_URI: `${fake.endpoint}/v2/credentials`,
      AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: tokenFile,
    });
    for (const signature of seen) assert.deepEqual(signature, { accessKey: CONTAINER_KEYS.AccessKeyId, token: CONTAINER_KEYS.Token });
    assert.ok(fake.requests.every((request) => request.headers.authorization === 'Bearer task-token'));

    const listed = await nimbus(['configure', 'list'], {
      env: { ...env, AWS_CONTAINER_CREDENTIALS_FULL_URI: fake.endpoint, AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: tokenFile },
    });
    assert.match(listed.stdout, /^access_key +\*+INER +container-role +AWS_CONTAINER_CREDENTIALS_FULL_URI$/m);
    assert.match(listed.stdout, /^expires +\S+\+00:00 +container-role/m);
  });

  it('refuses a plain http container URI to a host that is not allowed, with 253', async () => {
    const result = await nimbus(['search', 'index', 'list', '--endpoint-url', service.endpoint], {
      env: { ...env, AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://192.0.2.10/creds' },
    });
    assert.equal(result.code, 253);
    assert.match(result.stderr, /^nimbus: AWS_CONTAINER_CREDENTIALS_FULL_URI names the unsupported host "192\.0\.2\.10"/);
  });

  it("signs with the instance role's credentials from IMDSv2", async () => {
    fake = await startFakeImds({ requireToken: true });
    const seen = await listWithBoth({ ...env, AWS_EC2_METADATA_SERVICE_ENDPOINT: fake.endpoint });
    for (const signature of seen) assert.deepEqual(signature, { accessKey: IMDS_KEYS.AccessKeyId, token: IMDS_KEYS.Token });
    const puts = fake.requests.filter((request) => request.method === 'PUT');
    assert.ok(puts.length >= 1 && puts.every((request) => request.headers['x-aws-ec2-metadata-token-ttl-seconds'] === '21600'));
    assert.ok(fake.requests.filter((request) => request.method === 'GET').every((request) => request.headers['x-aws-ec2-metadata-token'] === IMDS_TOKEN));

    const listed = await nimbus(['configure', 'list'], { env: { ...env, AWS_EC2_METADATA_SERVICE_ENDPOINT: fake.endpoint } });
    assert.match(listed.stdout, /^access_key +\*+IMDS +iam-role +EC2 instance metadata$/m);
  });

  it('falls back to IMDSv1 as the AWS CLI does, and sends nothing with AWS_EC2_METADATA_DISABLED', async () => {
    fake = await startFakeImds({ token: 403 });
    const seen = await listWithBoth({ ...env, AWS_EC2_METADATA_SERVICE_ENDPOINT: fake.endpoint });
    assert.equal(seen.at(0)?.accessKey, IMDS_KEYS.AccessKeyId);
    const requests = fake.requests.length;
    const disabled = await nimbus(['search', 'index', 'list', '--endpoint-url', service.endpoint], {
      env: { ...env, AWS_EC2_METADATA_SERVICE_ENDPOINT: fake.endpoint, AWS_EC2_METADATA_DISABLED: 'true' },
    });
    assert.equal(disabled.code, 253);
    assert.match(disabled.stderr, /^nimbus: Unable to locate credentials\./);
    assert.equal(fake.requests.length, requests);
  });
});
