import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeIndex, ok } from '../integration/local-search/support.js';
import { cliEnv, nimbus, requireBuild } from './helpers/cli.js';

/** Whether process `pid` runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('nimbus local start --detach, local stop and local open', function () {
  this.timeout(60_000);
  let dir: string;
  let dataDir: string;
  let pid: number | undefined;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-detach-'));
    dataDir = join(dir, 'data');
  });
  after(() => {
    if (pid !== undefined && running(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts in the background with a PID file and a log, refuses a second start, opens an experience, and stops', async () => {
    const env = cliEnv(dir);
    const started = await nimbus(['local', 'start', '--detach', '--port', '0', '--data-dir', dataDir, '--create-delay', '0'], { env });
    assert.equal(started.code, 0, started.stderr);
    const endpoint = started.stdout.trim();
    assert.match(endpoint, /^http:\/\/127\.0\.0\.1:\d+$/);
    const record = JSON.parse(readFileSync(join(dataDir, 'nimbus-local.pid'), 'utf8'));
    pid = record.pid as number;
    assert.equal(record.endpoint, endpoint);
    assert.match(started.stderr, new RegExp(`running in the background on ${endpoint}, pid ${pid}; log ${join(dataDir, 'nimbus-local.log')}`));
    assert.ok(running(pid));
    assert.match(readFileSync(join(dataDir, 'nimbus-local.log'), 'utf8'), /listening on http:\/\/127\.0\.0\.1:\d+/);
    assert.equal((await fetch(`${endpoint}/_nimbus/health`)).status, 200, 'it serves after the command returned');

    const second = await nimbus(['local', 'start', '--detach', '--port', '0', '--data-dir', dataDir], { env });
    assert.equal(second.code, 255);
    assert.equal(
      second.stderr,
      `nimbus: A local service already runs on the data dir ${dataDir} (pid ${pid} at ${endpoint}): stop it first with "nimbus local stop --data-dir ${dataDir}"\n`,
    );

    const indexId = await activeIndex(endpoint);
    const { Id } = await ok(endpoint, 'CreateExperience', { IndexId: indexId, Name: 'portal' });
    const opened = await nimbus(['local', 'open', Id, '--data-dir', dataDir], { env });
    assert.equal(opened.code, 0, opened.stderr);
    assert.equal(opened.stdout, `${endpoint}/experiences/${Id}\n`);
    const page = await fetch(opened.stdout.trim());
    assert.match(await page.text(), /<button type="submit">Sign in<\/button>/);
    const missing = await nimbus(['local', 'open', 'no-such-experience', '--endpoint', endpoint], { env });
    assert.equal(missing.code, 254);
    assert.equal(missing.stderr, `nimbus: The local service at ${endpoint} has no experience no-such-experience\n`);

    const stopped = await nimbus(['local', 'stop', '--data-dir', dataDir], { env });
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(stopped.stderr, `nimbus: stopped the local service on ${endpoint} (pid ${pid})\n`);
    assert.equal(running(pid), false, 'stop waits until it has exited');
    assert.equal(existsSync(join(dataDir, 'nimbus-local.pid')), false);

    const unreachable = await nimbus(['local', 'open', Id, '--data-dir', dataDir, '--endpoint', endpoint], { env });
    assert.equal(unreachable.code, 255);
    assert.match(
      unreachable.stderr,
      /^nimbus: No local service answers at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): start one with "nimbus local start --detach"\n$/,
    );
  });

  it('stop without a PID file fails; a stale PID file is removed by stop and does not block a start', async () => {
    const env = cliEnv(dir);
    const stale = join(dir, 'stale');
    const none = await nimbus(['local', 'stop', '--data-dir', stale], { env });
    assert.equal(none.code, 255);
    assert.match(none.stderr, /^nimbus: No local service started with --detach runs on the data dir .*stale \(no PID file .*nimbus-local\.pid\)\n$/);

    // above the kernel's largest pid (pid_max is at most 2^22), so no process has it
    const deadPid = 2 ** 22 + 12345;
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'nimbus-local.pid'), JSON.stringify({ pid: deadPid, endpoint: 'http://127.0.0.1:1', log: 'x', startedAt: 'then' }));
    const cleaned = await nimbus(['local', 'stop', '--data-dir', stale], { env });
    assert.equal(cleaned.code, 0);
    assert.equal(cleaned.stderr, `nimbus: the local service (pid ${deadPid}) had already exited; removed its PID file\n`);

    writeFileSync(join(stale, 'nimbus-local.pid'), JSON.stringify({ pid: deadPid, log: 'x', startedAt: 'then' }));
    const started = await nimbus(['local', 'start', '--detach', '--port', '0', '--data-dir', stale], { env });
    assert.equal(started.code, 0, started.stderr);
    pid = JSON.parse(readFileSync(join(stale, 'nimbus-local.pid'), 'utf8')).pid;
    assert.equal((await nimbus(['local', 'stop', '--data-dir', stale], { env })).code, 0);
  });

  it('reports a service that fails to start, with the end of its log, and leaves no PID file', async () => {
    const env = cliEnv(dir);
    const broken = join(dir, 'broken');
    const failed = await nimbus(['local', 'start', '--detach', '--port', '0', '--data-dir', broken, '--account-id', '12'], { env });
    assert.equal(failed.code, 255);
    assert.match(failed.stderr, /^nimbus: The local service did not start \(it exited 252\): nimbus: Invalid --account-id "12": expected 12 digits\n$/);
    assert.equal(existsSync(join(broken, 'nimbus-local.pid')), false);
  });
});
