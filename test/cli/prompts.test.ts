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

  it('asks for a missing region (searchable, aligned, saying why) but not for the one API version, saves it, and later runs use it', async () => {
    const home = join(t.dir, 'prompt-home');
    mkdirSync(home);
    const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    const run = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [
      { expect: 'Region \\(each region has its own search endpoint and data\\)', send: 'eu-' },
      { expect: 'eu-west-1 +Europe \\(Ireland\\)', send: 'west-2' },
      { expect: 'eu-west-2 +Europe \\(London\\)', send: '\r' },
      { expect: 'Save region = eu-west-2 in profile "default"\\?', send: '\r' },
    ]);
    assert.equal(run.error, null, run.output);
    assert.equal(run.code, 0, run.output);
    assert.doesNotMatch(run.output, /API version/, 'one version ships: nothing to choose');
    assert.match(run.output, /"IndexConfigurationSummaryItems": \[\]/);
    // The region list is aligned: every place name starts in the same column.
    const columns = new Set([...run.output.matchAll(/^\W*([a-z]{2}-[a-z]+-\d) +(?=Europe)/gm)].map((match) => match[0].length));
    assert.equal(columns.size, 1, `aligned names: ${run.output}`);
    assert.equal(readFileSync(join(home, '.aws', 'config'), 'utf8'), '[default]\nregion = eu-west-2\n');

    const later = await nimbus(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--stats'], { env });
    assert.equal(later.code, 0, 'no prompt and no error: the saved region is used');
    json(later);
  });

  it('checks credentials before asking for the region; does not save when told no; Ctrl-C at a prompt exits 130', async () => {
    const home = join(t.dir, 'no-save-home');
    mkdirSync(home);
    const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    const noCredentials = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], cliEnv(home), []);
    assert.equal(noCredentials.code, 253, noCredentials.output);
    assert.match(noCredentials.output, /Unable to locate credentials/);
    assert.doesNotMatch(noCredentials.output, /Region/, 'no question asked for a run that cannot succeed');
    const declined = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [
      { expect: 'Region', send: 'us-east-1' },
      { expect: 'us-east-1 +US East', send: '\r' },
      { expect: 'Save region = us-east-1', send: 'n\r' },
    ]);
    assert.equal(declined.code, 0, declined.output);
    assert.throws(() => statSync(join(home, '.aws', 'config')), /ENOENT/);
    const interrupted = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], env, [{ expect: 'Region', send: '\x03' }]);
    assert.equal(interrupted.code, 130, interrupted.output);
    assert.doesNotMatch(interrupted.output, /\n\s+at /);
    const noInput = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--no-input'], env, []);
    assert.equal(noInput.code, 253, '--no-input never asks: a missing region is an error');
    const ci = await inTerminal(['search', 'index', 'list', '--endpoint-url', t.service.endpoint], { ...env, CI: 'true' }, []);
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
