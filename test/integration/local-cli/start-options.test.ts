import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliEnv, nimbus, requireBuild } from '../../cli/helpers/cli.js';
import { startLocalServer } from '../../cli/helpers/local-start.js';
import { call } from '../local-search/support.js';

describe('nimbus local start: credentials from a file or the environment, and --faults', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-local-start-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const status = async (endpoint: string, key: string, secret: string) => (await call(endpoint, 'ListIndices', {}, { credentials: { key, secret } })).status;

  it('accepts the key pairs of --credentials-file, and of NIMBUS_LOCAL_CREDENTIALS when no flag gives any', async () => {
    const file = join(dir, 'keys');
    writeFileSync(file, '# local keys\nci:from-file-secret\n\nbot:second-secret  # the bot\n', { mode: 0o600 });
    const env = cliEnv(dir, { NIMBUS_LOCAL_CREDENTIALS: 'envkey:env-secret' });
    const fromFile = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'a'), '--credentials-file', file], env);
    try {
      assert.equal(await status(fromFile.endpoint, 'ci', 'from-file-secret'), 200);
      assert.equal(await status(fromFile.endpoint, 'bot', 'second-secret'), 200);
      assert.equal(await status(fromFile.endpoint, 'envkey', 'env-secret'), 403, 'flags win over the environment');
      assert.equal(await status(fromFile.endpoint, 'test', 'test'), 403);
    } finally {
      assert.equal(await fromFile.stop(), 0);
    }
    const fromEnv = await startLocalServer(
      ['--port', '0', '--data-dir', join(dir, 'b')],
      cliEnv(dir, { NIMBUS_LOCAL_CREDENTIALS: 'envkey:env-secret, other:x2' }),
    );
    try {
      assert.equal(await status(fromEnv.endpoint, 'envkey', 'env-secret'), 200);
      assert.equal(await status(fromEnv.endpoint, 'other', 'x2'), 200);
      assert.equal(await status(fromEnv.endpoint, 'test', 'test'), 403);
    } finally {
      assert.equal(await fromEnv.stop(), 0);
    }
  });

  it('refuses unreadable or malformed credential sources with 253, never showing a secret', async () => {
    const bad = join(dir, 'bad-keys');
    writeFileSync(bad, 'ci:ok-secret\nbroken-line-hunter2\n');
    const results = await Promise.all([
      nimbus(['local', 'start', '--credentials-file', join(dir, 'missing')], { env: cliEnv(dir) }),
      nimbus(['local', 'start', '--credentials-file', bad], { env: cliEnv(dir) }),
      nimbus(['local', 'start'], { env: cliEnv(dir, { NIMBUS_LOCAL_CREDENTIALS: 'nosecret' }) }),
      nimbus(['local', 'start', '--credentials-file', '/dev/zero'], { env: cliEnv(dir) }),
      nimbus(['local', 'start', '--credentials-file', dir], { env: cliEnv(dir) }),
    ]);
    for (const result of results) assert.equal(result.code, 253, result.stderr);
    assert.match(results[0]!.stderr, /^nimbus: Cannot read --credentials-file .*missing: ENOENT\n$/);
    assert.match(results[1]!.stderr, /^nimbus: Invalid line in --credentials-file .*bad-keys: value: no ":" in it; expected KEY:SECRET/);
    // A line without a colon may be a secret alone: it is never echoed.
    assert.doesNotMatch(results[1]!.stderr, /ok-secret|hunter2/);
    assert.match(results[2]!.stderr, /NIMBUS_LOCAL_CREDENTIALS/);
    // Read within the small-file bound: a device or a directory is refused at once, in one line.
    assert.match(results[3]!.stderr, /^nimbus: Cannot read --credentials-file \/dev\/zero: it is a character device, not a regular file\n$/);
    assert.match(results[4]!.stderr, /^nimbus: Cannot read --credentials-file .*: it is a directory, not a regular file\n$/);
  });

  it('injects the faults of --faults, and refuses a bad spec with 252', async () => {
    const served = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'c'), '--faults', 'ListIndices.throttle=1'], cliEnv(dir));
    try {
      const answer = await call(served.endpoint, 'ListIndices', {});
      assert.equal(answer.status, 400);
      assert.equal(answer.body.__type, 'ThrottlingException');
      const faults = (await (await fetch(`${served.endpoint}/_nimbus/faults`)).json()) as any;
      assert.equal(faults.faults.perOperation.ListIndices.throttleRate, 1);
    } finally {
      assert.equal(await served.stop(), 0);
    }
    const bad = await nimbus(['local', 'start', '--faults', 'throttle=lots'], { env: cliEnv(dir) });
    assert.equal(bad.code, 252);
    assert.match(bad.stderr, /^nimbus: Invalid --faults: the fault setting "throttle=lots" needs a number\n$/);
  });
});
