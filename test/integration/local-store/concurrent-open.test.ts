import { strict as assert } from 'node:assert';
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATABASE_FILE, openStore } from '../../../src/lib/local/store/open-store.js';
import { modules } from '../../../src/lib/local/registry.js';
import { serviceSchema } from '../../../src/lib/local/store/service-schema.js';

const PROCESSES = 12;
const ROUNDS = 8;

function start(script: string, args: string[] = []): ChildProcess {
  return fork(fileURLToPath(new URL(script, import.meta.url)), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
}

function nextMessage(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before answering`)));
  });
}

describe('local store: processes opening one new data dir together', function () {
  this.timeout(120_000);
  let root: string;
  const children: ChildProcess[] = [];
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'nimbus-open-'));
  });
  after(() => {
    for (const child of children) if (child.exitCode === null) child.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('waits for a writer that holds the new database instead of failing with SQLITE_BUSY', async function () {
    const dataDir = join(root, 'held');
    mkdirSync(dataDir);
    const holder = start('./lock-holder.ts', [join(dataDir, DATABASE_FILE)]);
    children.push(holder);
    assert.equal(await nextMessage(holder), 'locked');
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    const db = openStore(dataDir, modules);
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    } finally {
      db.close();
    }
    await exited;
  });

  it('waits, and says so, while another process holds the lock of a data dir that is behind (its upgrade)', async function () {
    const dataDir = join(root, 'upgrading');
    mkdirSync(dataDir);
    const holder = start('./lock-holder.ts', [join(dataDir, DATABASE_FILE), 'WAL', '2500']);
    children.push(holder);
    assert.equal(await nextMessage(holder), 'locked');
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    const notices: string[] = [];
    const db = openStore(dataDir, modules, (step) => notices.push(step));
    try {
      assert.equal(
        db.prepare('SELECT count(*) FROM schema_migrations').pluck().get(),
        [serviceSchema, ...modules].reduce((sum, module) => sum + module.migrations.length, 0),
      );
    } finally {
      db.close();
    }
    assert.deepEqual(
      notices.filter((step) => step.startsWith('waiting')),
      ['waiting for another nimbus process that is upgrading it'],
    );
    await exited;
  });

  it(`opens in ${PROCESSES} processes at once, ${ROUNDS} new dirs in a row, without a failure`, async function () {
    const openers = Array.from({ length: PROCESSES }, () => start('./open-child.ts'));
    children.push(...openers);
    assert.deepEqual(
      await Promise.all(openers.map(nextMessage)),
      openers.map(() => 'ready'),
    );
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = join(root, `together-${round}`);
      const answers = await Promise.all(
        openers.map((child) => {
          const answer = nextMessage(child);
          child.send(dataDir);
          return answer;
        }),
      );
      failures.push(...(answers.filter((answer) => answer !== 'ok') as string[]));
    }
    for (const child of openers) child.send('exit');
    assert.deepEqual(failures, []);
  });
});
