import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseIniDocument } from '../../src/lib/config/ini-document.js';
import { BIN, cliEnv, nimbus, requireBuild } from './helpers/cli.js';

const CONFIG = '# team settings\n[default]\nregion = eu-west-1\noutput = json\n';
const CREDENTIALS = '[default]\naws_access_key_id = AKIADEFAULT\naws_secret_access_key = default-secret\n';

/** The profiles of a shared file, by section name, with their settings. */
function sections(path: string, kind: 'config' | 'credentials'): Record<string, Record<string, string>> {
  const doc = parseIniDocument(readFileSync(path, 'utf8'), kind);
  return Object.fromEntries(Object.entries(doc).map(([name, section]) => [name, { ...section.settings }]));
}

/** A process id that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('nimbus configure set: concurrent writers and crashes never lose the shared files', function () {
  this.timeout(120_000);
  let home: string;
  let aws: string;

  before(() => requireBuild());
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'nimbus-configure-'));
    aws = join(home, '.aws');
    mkdirSync(aws);
    writeFileSync(join(aws, 'config'), CONFIG);
    writeFileSync(join(aws, 'credentials'), CREDENTIALS, { mode: 0o600 });
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const set = (key: string, value: string, profile: string) =>
    nimbus(['configure', 'set', key, value, '--profile', profile], { env: cliEnv(home), timeoutMs: 90_000 });

  it('keeps every change of twelve writers running at once, and [default]', async () => {
    const profiles = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const results = await Promise.all(
      profiles.flatMap((profile, i) => [set('region', `us-west-${(i % 2) + 1}`, profile), set('aws_access_key_id', `AKIA${profile.toUpperCase()}`, profile)]),
    );
    for (const result of results) assert.equal(result.code, 0, result.stderr);

    const config = sections(join(aws, 'config'), 'config');
    const credentials = sections(join(aws, 'credentials'), 'credentials');
    assert.deepEqual(config.default, { region: 'eu-west-1', output: 'json' });
    assert.deepEqual(credentials.default, { aws_access_key_id: 'AKIADEFAULT', aws_secret_access_key: 'default-secret' });
    profiles.forEach((profile, i) => {
      assert.deepEqual(config[`profile ${profile}`], { region: `us-west-${(i % 2) + 1}` }, profile);
      assert.deepEqual(credentials[profile], { aws_access_key_id: `AKIA${profile.toUpperCase()}` }, profile);
    });
    assert.match(readFileSync(join(aws, 'config'), 'utf8'), /^# team settings\n\[default\]\n/);
    assert.equal(statSync(join(aws, 'credentials')).mode & 0o777, 0o600);
    assert.deepEqual(readdirSync(aws).sort(), ['config', 'credentials'], 'no lock or temporary file is left');
  });

  it('recovers from a writer killed while it held the lock, and drops its half-written file', async () => {
    writeFileSync(join(aws, 'credentials.lock'), `${deadPid()} ${hostname()}\n`);
    writeFileSync(join(aws, `.credentials.${deadPid()}.k1ll3d.tmp`), '[default]\naws_access_key_id = AKIAHA');
    const result = await set('aws_secret_access_key', 'new-secret', 'ci');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(sections(join(aws, 'credentials'), 'credentials'), {
      default: { aws_access_key_id: 'AKIADEFAULT', aws_secret_access_key: 'default-secret' },
      ci: { aws_secret_access_key: 'new-secret' },
    });
    assert.deepEqual(readdirSync(aws).sort(), ['config', 'credentials']);
  });

  it('recovers from a writer killed before it could name itself in the lock file', async () => {
    const lock = join(aws, 'config.lock');
    writeFileSync(lock, '');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    const result = await set('region', 'eu-north-1', 'ci');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(sections(join(aws, 'config'), 'config')['profile ci'], { region: 'eu-north-1' });
    assert.deepEqual(readdirSync(aws).sort(), ['config', 'credentials']);
  });

  it('leaves a whole file, old or new, when writers are killed at random moments', async () => {
    const runs = Array.from(
      { length: 16 },
      (_, i) =>
        new Promise<{ profile: string; code: number | null }>((resolve) => {
          const profile = `k${i}`;
          const child = spawn(process.execPath, [BIN, 'configure', 'set', 'region', 'ap-south-1', '--profile', profile], {
            env: cliEnv(home),
            stdio: 'ignore',
          });
          // Kill every other writer at some moment of its run: before, while or after it writes.
          if (i % 2 === 0) setTimeout(() => child.kill('SIGKILL'), 150 + 60 * i);
          child.on('close', (code) => resolve({ profile, code }));
        }),
    );
    const outcomes = await Promise.all(runs);
    const config = sections(join(aws, 'config'), 'config');
    assert.deepEqual(config.default, { region: 'eu-west-1', output: 'json' });
    for (const { profile, code } of outcomes) if (code === 0) assert.deepEqual(config[`profile ${profile}`], { region: 'ap-south-1' }, profile);

    // The next writer gets through whatever the killed ones left.
    const after = await set('output', 'table', 'after');
    assert.equal(after.code, 0, after.stderr);
    assert.deepEqual(sections(join(aws, 'config'), 'config')['profile after'], { output: 'table' });
    assert.deepEqual(readdirSync(aws).sort(), ['config', 'credentials']);
  });

  it('writes through a symbolic link to the file it points to, keeping the link', async () => {
    const dotfiles = join(home, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'aws-config'), CONFIG);
    rmSync(join(aws, 'config'));
    symlinkSync(join(dotfiles, 'aws-config'), join(aws, 'config'));
    const result = await set('region', 'ca-central-1', 'linked');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(lstatSync(join(aws, 'config')).isSymbolicLink(), true, 'the link is kept');
    assert.deepEqual(sections(join(dotfiles, 'aws-config'), 'config')['profile linked'], { region: 'ca-central-1' });
    assert.deepEqual(readdirSync(dotfiles), ['aws-config']);
  });
});
