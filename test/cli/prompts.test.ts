import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const DRIVER = join(import.meta.dirname, 'fixtures', 'pty-driver.py');
const DOWN = '\x1b[B';

interface Step {
  expect: string;
  send: string;
}

/** Runs the CLI in a pseudo-terminal (stdin, stdout and stderr are terminals), answering prompts. */
function inTerminal(args: string[], env: NodeJS.ProcessEnv, steps: Step[]): Promise<{ code: number; output: string; error: string | null }> {
  return new Promise((resolve, reject) => {
    const child = execFile('python3', [DRIVER], { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin!.end(JSON.stringify({ argv: [process.execPath, BIN, ...args], env: { ...env, TERM: 'xterm' }, steps, timeout: 30 }));
  });
}

describe('nimbus prompts in a terminal', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    t = await startTestService();
  });
  after(() => t?.close());

  it('asks for a missing region (searchable) and API version, saves both, and later runs use them', async () => {
    const home = join(t.dir, 'prompt-home');
    mkdirSync(home);
    const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    const run = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [
      { expect: 'Region', send: 'eu-west-2' },
      { expect: 'eu-west-2 +Europe \\(London\\)', send: '\r' },
      { expect: 'Save region = eu-west-2 in profile "default"\\?', send: '\r' },
      { expect: 'API version of the search service', send: DOWN },
      { expect: '2019-02-03', send: '\r' },
      { expect: 'Save api_versions.kendra = 2019-02-03 in profile "default"\\?', send: '\r' },
    ]);
    assert.equal(run.error, null, run.output);
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /"IndexConfigurationSummaryItems": \[\]/);
    assert.equal(readFileSync(join(home, '.aws', 'config'), 'utf8'), '[default]\nregion = eu-west-2\napi_versions =\n    kendra = 2019-02-03\n');

    const later = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--stats'], { env });
    assert.equal(later.code, 0, 'no prompt and no error: the saved region is used');
    json(later);
  });

  it('does not save when told no; Ctrl-C at a prompt exits 130', async () => {
    const home = join(t.dir, 'no-save-home');
    mkdirSync(home);
    const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
    const declined = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [
      { expect: 'API version of the search service', send: '\r' },
      { expect: 'Save api_versions.kendra = latest', send: 'n\r' },
    ]);
    assert.equal(declined.code, 0, declined.output);
    assert.throws(() => statSync(join(home, '.aws', 'config')), /ENOENT/);
    const interrupted = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [{ expect: 'API version', send: '\x03' }]);
    assert.equal(interrupted.code, 130, interrupted.output);
    assert.doesNotMatch(interrupted.output, /\n\s+at /);
    const noInput = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--no-input'], env, []);
    assert.equal(noInput.code, 0, '--no-input never asks');
    const ci = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], { ...env, CI: 'true', AWS_REGION: '' }, []);
    assert.equal(ci.code, 253, 'CI set: no prompt, a missing region is an error');
  });

  it('configure asks for key, secret (masked), region and output, and writes the files', async () => {
    const home = join(t.dir, 'configure-home');
    mkdirSync(home);
    const run = await inTerminal(['configure', '--profile', 'dev'], cliEnv(home), [
      { expect: 'Access key ID', send: 'AKIADEV\r' },
      { expect: 'Secret access key', send: 'very-secret-value\r' },
      { expect: 'Region', send: 'ap-northeast-1' },
      { expect: 'ap-northeast-1 +Asia Pacific \\(Tokyo\\)', send: '\r' },
      { expect: 'Output format', send: `${DOWN}\r` },
    ]);
    assert.equal(run.code, 0, run.output);
    assert.doesNotMatch(run.output, /very-secret-value/, 'the secret is masked');
    assert.equal(readFileSync(join(home, '.aws', 'credentials'), 'utf8'), '[dev]\naws_access_key_id = AKIADEV\naws_secret_access_key = very-secret-value\n');
    assert.equal(statSync(join(home, '.aws', 'credentials')).mode & 0o777, 0o600);
    assert.equal(readFileSync(join(home, '.aws', 'config'), 'utf8'), '[profile dev]\nregion = ap-northeast-1\noutput = table\n');
  });
});
