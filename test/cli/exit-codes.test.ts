import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, json, nimbus, requireBuild, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';
import { closedPort } from '../support/closed-port.js';

function expectExit(result: CliResult, code: number, stderr: RegExp): void {
  assert.equal(result.code, code, `exit ${result.code}, stderr: ${result.stderr}`);
  assert.match(result.stderr, stderr);
  assert.equal(result.stderr.trimEnd().split('\n').length, 1, `one line: ${result.stderr}`);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
}

describe('nimbus exit codes and error messages', function () {
  this.timeout(60_000);
  let t: TestService;
  let home: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    home = mkdtempSync(join(tmpdir(), 'nimbus-cli-home-'));
  });
  after(async () => {
    await t?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it('0 on success', async () => {
    const result = await t.run(['search', 'index', 'list']);
    assert.equal(result.code, 0);
    assert.equal(result.stderr, '');
  });

  it('252 for bad usage: unknown flags and commands, bad values, bad JSON, missing required flags', async () => {
    const results = await Promise.all([
      t.run(['search', 'index', 'list', '--bogus']),
      t.run(['search', 'index', 'list', '--output', 'xml']),
      t.run(['search', 'index', 'create', '--cli-input-json', '{"Name": "x",']),
      t.run(['search', 'index', 'create', '--name', 'x', '--role-arn', 'r', '--server-side-encryption-configuration', '{"KmsKeyId": }']),
      t.run(['search', 'index', 'create', '--name', 'x']),
      t.run(['search', 'index', 'describe', '--id', 'short']),
      t.run(['search', 'index', 'lsit']),
      t.run(['search', 'index', 'list', 'extra']),
      t.run(['search', 'index', 'list', '--max-items', 'many']),
      t.run(['search', 'index', 'create', '--name', 'x', '--role-arn', 'r', '--tags', 'file:///does/not/exist.json']),
    ]);
    const expected = [
      /^nimbus: Nonexistent flag: --bogus\n$/,
      /^nimbus: Expected --output=xml to be one of: json, table, text, yaml/,
      /^nimbus: Invalid JSON for --cli-input-json: /,
      /^nimbus: Invalid JSON for --server-side-encryption-configuration: /,
      /^nimbus: Missing required flag --role-arn \(or give it in --cli-input-json\)\n$/,
      /^nimbus: InvalidArgumentException: .*Id/,
      /^nimbus: Unknown command "search index lsit"\. Did you mean "nimbus search index list"\?/,
      /^nimbus: Unexpected argument "extra" after "search index list"/,
      /^nimbus: Parsing --max-items: Expected an integer/,
      /^nimbus: Cannot read \/does\/not\/exist\.json for --tags \(ENOENT\)\n$/,
    ];
    results.forEach((result, index) => expectExit(result, 252, expected[index]!));
  });

  it('253 for configuration problems: no region without a terminal, a missing profile, no credentials', async () => {
    const bare = cliEnv(home);
    mkdirSync(join(home, 'broken'), { recursive: true });
    const [noRegion, noProfile, noCredentials, badConfig] = await Promise.all([
      nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], { env: { ...bare, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' } }),
      t.run(['search', 'index', 'list', '--profile', 'nope']),
      // No credentials anywhere: the instance metadata service is looked for on a loopback port nothing listens on.
      nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--region', 'us-east-1'], {
        env: { ...bare, AWS_EC2_METADATA_SERVICE_ENDPOINT: `http://127.0.0.1:${await closedPort()}` },
      }),
      nimbus(['search', 'index', 'list', '--region', 'us-east-1'], { env: { ...bare, AWS_CONFIG_FILE: join(home, 'broken') } }),
    ]);
    expectExit(noRegion, 253, /^nimbus: No region: use --region, set AWS_REGION, or save one with "nimbus configure set region REGION"\n$/);
    expectExit(noProfile, 253, /^nimbus: The config profile \(nope\) could not be found\n$/);
    expectExit(noCredentials, 253, /^nimbus: Unable to locate credentials\. You can configure credentials by running "nimbus configure"/);
    expectExit(badConfig, 253, /^nimbus: Unable to read .*broken: it is a directory, not a regular file\n$/);
  });

  it('254 when the service answers with an error, with its code and request id', async () => {
    const result = await t.run(['search', 'index', 'describe', '--id', '00000000-0000-4000-8000-000000000000']);
    expectExit(result, 254, /^nimbus: ResourceNotFoundException: .+ \(request id [0-9a-f-]+\)\n$/);
  });

  it('255 for anything else (the service cannot be reached); --debug adds the stack trace', async () => {
    const port = await closedPort();
    const [plain, debug] = await Promise.all([
      nimbus(['search', 'index', 'list', '--endpoint-url', `http://127.0.0.1:${port}`, '--max-attempts', '1'], { env: t.env }),
      nimbus(['search', 'index', 'list', '--endpoint-url', `http://127.0.0.1:${port}`, '--max-attempts', '1', '--debug'], { env: t.env }),
    ]);
    expectExit(plain, 255, /^nimbus: ConnectionError: Connection failed sending the request to http:\/\/127\.0\.0\.1:\d+\/: .*ECONNREFUSED/);
    assert.equal(debug.code, 255);
    assert.match(debug.stderr, /\n\s+at /, 'the stack trace with --debug');
  });

  it('130 on Ctrl-C during a wait, without a stack trace', async () => {
    const slow = await startTestService({ createDelay: 60 });
    try {
      const result = await nimbus(
        ['search', 'index', 'create', '--name', 'slow', '--role-arn', 'arn:aws:iam::000000000000:role/r', '--wait', '--endpoint-url', slow.service.endpoint],
        {
          env: slow.env,
          onStderr: { text: 'CREATING', then: (child) => child.kill('SIGINT') },
        },
      );
      assert.equal(result.code, 130, result.stderr);
      assert.match(result.stderr, /Waiting for the index to become ACTIVE: CREATING\nWaiting for the index to become ACTIVE: interrupted\n/);
      assert.doesNotMatch(result.stderr, /\n\s+at /);
      assert.equal(json({ ...result, code: 0 }).Id.length, 36, 'the create result was printed before the wait');
    } finally {
      await slow.close();
    }
  });
});
