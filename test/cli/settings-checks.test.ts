import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalService } from '../../src/lib/local/server.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

describe('nimbus checks settings and credentials before they break every command (issue 26 items 12 and 13)', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    t = await startTestService();
  });
  after(() => t?.close());

  it('configure set api_versions.<service> takes only a version nimbus ships (or latest), listing them, and writes nothing else', async () => {
    const home = join(t.dir, 'versions-home');
    mkdirSync(home);
    const env = cliEnv(home);
    const config = join(home, '.aws', 'config');
    const [kendra, mobile] = await Promise.all([
      nimbus(['configure', 'set', 'api_versions.kendra', '2020-01-01'], { env }),
      nimbus(['configure', 'set', 'api_versions.mobile', '2019-01-01', '--profile', 'staging'], { env }),
    ]);
    assert.equal(kendra.code, 252);
    assert.equal(
      kendra.stderr,
      'nimbus: Invalid api_versions.kendra "2020-01-01": the search service has no such API version; expected one of 2019-02-03, latest; nothing was written\n',
    );
    assert.equal(mobile.code, 252);
    assert.match(
      mobile.stderr,
      /^nimbus: Invalid api_versions\.mobile "2019-01-01": the mobile service has no such API version; expected one of 2017-07-01, latest;/,
    );
    assert.ok(!existsSync(config), 'nothing was written');

    for (const [key, value] of [
      ['api_versions.kendra', '2019-02-03'],
      ['api_versions.mobile', 'latest'],
      ['api_versions.s3', '2006-03-01'], // another tool's service: not nimbus's to judge
    ]) {
      const result = await nimbus(['configure', 'set', key!, value!], { env });
      assert.equal(result.code, 0, result.stderr);
    }
    assert.match(readFileSync(config, 'utf8'), /kendra = 2019-02-03/);
    const listed = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], {
      env: { ...env, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' },
    });
    assert.equal(listed.code, 0, listed.stderr);
  });

  it('a credential holding a character no credential has is named (variable, or file, profile and key), never shown, exit 253', async () => {
    const run = (env: NodeJS.ProcessEnv) =>
      nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], { env: cliEnv(t.home, { AWS_REGION: 'us-east-1', ...env }) });
    const [ellipsis, carriageReturn] = await Promise.all([
      run({ AWS_ACCESS_KEY_ID: 'AKIA…', AWS_SECRET_ACCESS_KEY: 'test' }),
      run({ AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_SESSION_TOKEN: 'FwoGZXIvYXdzEJr-secret-token\r' }),
    ]);
    assert.equal(ellipsis.code, 253, ellipsis.stderr);
    assert.equal(ellipsis.stderr, 'nimbus: AWS_ACCESS_KEY_ID holds U+2026 (…) at position 5, which no credential has\n');
    assert.equal(carriageReturn.code, 253, carriageReturn.stderr);
    assert.equal(carriageReturn.stderr, 'nimbus: AWS_SESSION_TOKEN holds a carriage return (\\r) at position 29, which no credential has\n');

    const credentials = join(t.dir, 'bad-credentials');
    writeFileSync(credentials, '[dev]\naws_access_key_id = test\naws_secret_access_key = test\naws_session_token = FwoGZXIvYXdz…secret\n');
    const fromFile = await run({ AWS_SHARED_CREDENTIALS_FILE: credentials, AWS_PROFILE: 'dev' });
    assert.equal(fromFile.code, 253, fromFile.stderr);
    assert.equal(fromFile.stderr, `nimbus: The aws_session_token of profile dev in ${credentials} holds U+2026 (…) at position 13, which no credential has\n`);

    // A credential_process that prints a token with an escaped \r in it.
    const script = join(t.dir, 'print-credentials.cjs');
    writeFileSync(
      script,
      `process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: 'test', SecretAccessKey: 'test', SessionToken: 'FwoGZXIvYXdz\\r' }));`,
    );
    const config = join(t.dir, 'process-config');
    writeFileSync(config, `[profile tool]\ncredential_process = "${process.execPath}" "${script}"\n`);
    const fromProcess = await run({ AWS_CONFIG_FILE: config, AWS_PROFILE: 'tool' });
    assert.equal(fromProcess.code, 253, fromProcess.stderr);
    assert.equal(
      fromProcess.stderr,
      'nimbus: credential_process of profile tool printed a SessionToken that holds a carriage return (\\r) at position 13, which no credential has\n',
    );
    for (const result of [ellipsis, carriageReturn, fromFile, fromProcess]) assert.doesNotMatch(result.stderr, /FwoGZXIvYXdz|AKIA|secret|TypeError/);
  });

  it('reads a credentials file written on Windows (CRLF line ends): no \\r reaches a credential', async () => {
    // A service that accepts these temporary keys only with exactly their session token.
    const keys = { key: 'ASIACRLF', secret: 'crlf/secret', token: 'crlf-session' };
    const service = await startLocalService({ port: 0, dataDir: join(t.dir, 'crlf-data'), credentials: [keys] });
    try {
      const credentials = join(t.dir, 'crlf-credentials');
      writeFileSync(
        credentials,
        `[default]\r\naws_access_key_id = ${keys.key}\r\naws_secret_access_key = ${keys.secret}\r\naws_session_token = ${keys.token}\r\n`,
      );
      const result = await nimbus(['search', 'index', 'list', '--endpoint-url', service.endpoint], {
        env: cliEnv(t.home, { AWS_REGION: 'us-east-1', AWS_SHARED_CREDENTIALS_FILE: credentials }),
      });
      assert.deepEqual(json(result).IndexConfigurationSummaryItems, []);
    } finally {
      await service.close();
    }
  });
});
