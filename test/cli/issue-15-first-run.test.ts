import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliEnv, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';
import { inTmux, requireTmux } from './helpers/tmux.js';

const CONTROL = /\x1b\[[0-9;?]*[A-Za-z]/g;

describe('issue 15, item 14: the first interactive run in an 80-column terminal (tmux)', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    requireTmux();
    t = await startTestService();
  });
  after(() => t?.close());

  it('asks only for the region, saying why, in lines that fit, and the answer line repeats just the code', async () => {
    const home = join(t.dir, 'first-run-home');
    mkdirSync(home);
    const env = cliEnv(home, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
    const screen = await inTmux(['search', 'index', 'list', '--endpoint-url', t.service.endpoint, '--output', 'table'], env, 80, [
      { expect: /\? Region \(each region has its own search endpoint and data\)/, keys: ['eu-west-2'] },
      { expect: /data\) eu-west-2\n❯ eu-west-2 +Europe \(London\)/, keys: ['Enter'] },
      { expect: /Save region = eu-west-2 in profile "default"\?/, keys: ['Enter'] },
    ]);
    assert.equal(screen.code, 0, screen.joined);
    const lines = screen.joined.split('\n').map((line) => line.replace(CONTROL, '').trimEnd());
    assert.ok(
      lines.every((line) => line.length <= 80),
      `every line fits 80 columns:\n${lines.join('\n')}`,
    );
    // The answer is the code alone: with its place name the line would be broken in two.
    const answered = lines.indexOf('✔ Region (each region has its own search endpoint and data) eu-west-2');
    assert.ok(answered >= 0, lines.join('\n'));
    assert.equal(lines[answered + 1], '✔ Save region = eu-west-2 in profile "default"? Yes', lines.join('\n'));
    assert.equal(lines.filter((line) => line.startsWith('✔ ')).length, 2, 'two questions: no API version (one ships), no credentials (they were found)');
    assert.ok(lines.includes('nimbus: the result is empty: no table to show'), lines.join('\n'));
    assert.equal(readFileSync(join(home, '.aws', 'config'), 'utf8'), '[default]\nregion = eu-west-2\n');
  });
});
