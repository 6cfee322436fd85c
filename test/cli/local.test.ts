import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startLocalServer } from './helpers/local-start.js';
import { startTestService, type TestService } from './helpers/service.js';

const LOADS = join(import.meta.dirname, 'fixtures', 'report-loads.mjs');

describe('nimbus local start and --local', function () {
  this.timeout(60_000);
  let dir: string;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-local-'));
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('serves both APIs with the given credentials and account id, and stops cleanly on SIGTERM (0) and Ctrl-C (130)', async () => {
    const env = cliEnv(dir);
    const server = await startLocalServer(
      ['--port', '0', '--data-dir', join(dir, 'served'), '--credentials', 'ci:s3cret', '--account-id', '123456789012', '--create-delay', '0'],
      env,
    );
    assert.match(server.endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    const as = (key: string, secret: string) => ({ ...env, AWS_ACCESS_KEY_ID: key, AWS_SECRET_ACCESS_KEY: secret, AWS_REGION: 'eu-west-1' });
    const [project, rejected] = await Promise.all([
      nimbus(['mobile', 'project', 'create', '--name', 'app', '--endpoint-url', server.endpoint], { env: as('ci', 's3cret') }),
      nimbus(['search', 'index', 'list', '--endpoint-url', server.endpoint], { env: as('test', 'test') }),
    ]);
    assert.match(json(project).details.resources[0].arn, /:eu-west-1:123456789012:/);
    assert.equal(rejected.code, 254);
    assert.match(rejected.stderr, /^nimbus: UnrecognizedClientException: /);
    assert.equal(await server.stop('SIGTERM'), 0);
    assert.ok(existsSync(join(dir, 'served')));

    const again = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'served'), '--credentials', 'ci:s3cret', '--account-id', '123456789012'], env);
    const listed = json(await nimbus(['mobile', 'project', 'list', '--endpoint-url', again.endpoint], { env: as('ci', 's3cret') }));
    assert.deepEqual(
      listed.projects.map((p: { name: string }) => p.name),
      ['app'],
      'state survives a restart',
    );
    assert.equal(await again.stop('SIGINT'), 130);
    const refused = await nimbus(['mobile', 'project', 'list', '--endpoint-url', again.endpoint, '--max-attempts', '1'], { env: as('ci', 's3cret') });
    assert.equal(refused.code, 255, 'the port is closed');
  });

  it('rejects bad flags with 252', async () => {
    const env = cliEnv(dir);
    const results = await Promise.all([
      nimbus(['local', 'start', '--credentials', 'no-secret'], { env }),
      nimbus(['local', 'start', '--account-id', '12'], { env }),
      nimbus(['local', 'start', '--create-delay', 'soon'], { env }),
      nimbus(['local', 'start', '--port', '70000'], { env }),
    ]);
    for (const result of results) assert.equal(result.code, 252, result.stderr);
    assert.match(
      results[0]!.stderr,
      /^nimbus: Invalid --credentials value: no ":" in it; expected KEY:SECRET, an access key id and its secret such as test:test\n$/,
    );
  });

  it('--local needs no set-up: no region, no credentials, state in ~/.nimbus/local', async () => {
    const home = join(dir, 'fresh-home');
    const env = cliEnv(home);
    const created = json(
      await nimbus(['search', 'index', 'create', '--local', '--name', 'offline', '--role-arn', 'arn:aws:iam::000000000000:role/r'], { env }),
    );
    const listed = json(await nimbus(['search', 'index', 'list', '--local', '--query', 'IndexConfigurationSummaryItems[].Id'], { env }));
    assert.deepEqual(listed, [created.Id]);
    assert.ok(existsSync(join(home, '.nimbus', 'local')));
    const both = await nimbus(['search', 'index', 'list', '--local', '--endpoint-url', 'http://127.0.0.1:1'], { env });
    assert.equal(both.code, 252);
    assert.match(both.stderr, /^nimbus: --local=true cannot also be provided when using --endpoint-url\n$/);
  });

  describe('what a run loads', () => {
    let t: TestService;
    before(async () => {
      t = await startTestService();
    });
    after(() => t?.close());

    it('SQLite only with --local or local start, and never undici', async () => {
      const run = (args: string[]) =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--import', LOADS, BIN, ...args], { env: { ...t.env, HOME: join(dir, 'loads-home') } });
          let stderr = '';
          child.stderr.on('data', (chunk) => (stderr += chunk));
          child.on('close', () => resolve(stderr));
        });
      const [remote, local] = await Promise.all([
        run(['search', 'index', 'list', '--endpoint-url', t.service.endpoint]),
        run(['search', 'index', 'list', '--local']),
      ]);
      assert.match(remote, /loaded: sqlite=false http2=false/);
      assert.match(local, /loaded: sqlite=true http2=false/);
    });
  });
});
