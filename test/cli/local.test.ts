import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { strongTermsFts } from '../../src/lib/local/search/core/fts-tables.js';
import { DATABASE_FILE } from '../../src/lib/local/store/open-store.js';
import { startLocalService } from '../../src/lib/local/server.js';
import { activeIndex, ok, textDoc } from '../integration/local-search/support.js';
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

  it('tells on stderr that it upgrades a data dir whose documents were stored before the ranking tiers, then serves them', async () => {
    const dataDir = join(dir, 'before-tiers');
    const stored = await startLocalService({ port: 0, dataDir, createDelay: 0 });
    let index: string;
    try {
      index = await activeIndex(stored.endpoint);
      const Documents = ['lamp oil', 'lamp shade', 'desk'].map((body, n) => textDoc(`doc-${n}`, `note ${n}`, body));
      await ok(stored.endpoint, 'BatchPutDocument', { IndexId: index, Documents });
    } finally {
      await stored.close();
    }
    // the data dir as the schema before the ranking tiers left it
    const db = new Database(join(dataDir, DATABASE_FILE));
    const indexRowid = db.prepare('SELECT rowid FROM search_indices WHERE id = ?').pluck().get(index) as number;
    db.exec(`DROP TABLE ${strongTermsFts(indexRowid)}; DROP TABLE search_rank_tiers; DELETE FROM schema_migrations WHERE module = 'search' AND version = 12`);
    db.close();

    const env = cliEnv(dir);
    const server = await startLocalServer(['--port', '0', '--data-dir', dataDir], env);
    const found = await nimbus(
      ['search', 'query', '--index-id', index, '--query-text', 'lamp', '--query', 'ResultItems[].DocumentId', '--endpoint-url', server.endpoint],
      {
        env: { ...env, AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' },
      },
    );
    assert.deepEqual(json(found).sort(), ['doc-0', 'doc-1']);
    assert.equal(await server.stop(), 0);
    assert.match(
      server.stderr(),
      /^nimbus: upgrading the local data dir, once: building the ranking tiers of 3 stored documents \(search schema 12\)…\nnimbus: local service listening on /,
    );

    const again = await startLocalServer(['--port', '0', '--data-dir', dataDir], env);
    assert.equal(await again.stop(), 0);
    assert.doesNotMatch(again.stderr(), /upgrading/, 'the upgrade is done once');
  });

  it('waits for another process that holds a data dir being upgraded, and says so, then listens', async () => {
    const dataDir = join(dir, 'held-upgrade');
    mkdirSync(dataDir);
    // a new data dir is behind every migration; this connection holds its write lock for 2.5 s
    const holder = new Database(join(dataDir, DATABASE_FILE));
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        holder.exec('COMMIT');
        holder.close();
        resolve();
      }, 2500),
    );
    try {
      const server = await startLocalServer(['--port', '0', '--data-dir', dataDir], cliEnv(dir));
      assert.equal(await server.stop(), 0);
      assert.match(
        server.stderr(),
        /^nimbus: upgrading the local data dir, once: waiting for another nimbus process that is upgrading it…\nnimbus: local service listening on /,
      );
    } finally {
      await released;
    }
  });

  it('takes a BatchPutDocument body over 16 MB (parsed with its bytes freed first, then collected) and finds what it held', async () => {
    const server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'large-body'), '--create-delay', '0'], cliEnv(dir));
    try {
      const index = await activeIndex(server.endpoint);
      // about 13 MB of text, 17.5 MB once base64-encoded in the request; the first 5 MB of text are kept
      const body = `zebracorn ${'filler words of a long manual '.repeat(440_000)}`;
      const put = await ok(server.endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('big', 'Manual', body)] });
      assert.deepEqual(put.FailedDocuments, []);
      const found = await ok(server.endpoint, 'Query', { IndexId: index, QueryText: 'zebracorn' });
      assert.deepEqual(
        found.ResultItems.map((item: { DocumentId: string }) => item.DocumentId),
        ['big'],
      );
    } finally {
      assert.equal(await server.stop(), 0);
    }
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
