import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startLocalService } from '../../src/lib/local/server.js';
import { documentsFts } from '../../src/lib/local/search/core/fts-tables.js';
import { DATABASE_FILE } from '../../src/lib/local/store/open-store.js';
import { activeIndex, ok, textDoc } from '../integration/local-search/support.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startLocalServer } from './helpers/local-start.js';

/** A data dir with one index of three documents, its service stopped (the write-ahead log folded into the database). */
async function storedDataDir(dataDir: string): Promise<{ index: string; indexRowid: number }> {
  const service = await startLocalService({ port: 0, dataDir, createDelay: 0 });
  let index: string;
  try {
    index = await activeIndex(service.endpoint);
    const Documents = ['an oil lamp', 'a lamp shade', 'a wooden desk'].map((body, n) => textDoc(`doc-${n}`, `note ${n}`, body));
    await ok(service.endpoint, 'BatchPutDocument', { IndexId: index, Documents });
  } finally {
    await service.close();
  }
  const db = new Database(join(dataDir, DATABASE_FILE));
  const indexRowid = db.prepare('SELECT rowid FROM search_indices WHERE id = ?').pluck().get(index) as number;
  db.close();
  return { index, indexRowid };
}

/** Overwrites the root page of a table with garbage, as a failing disk would. */
function corruptRootPage(dataDir: string, table: string): void {
  const db = new Database(join(dataDir, DATABASE_FILE));
  const root = db.prepare("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(join(dataDir, DATABASE_FILE), 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (root - 1) * pageSize);
  closeSync(fd);
}

describe('nimbus local start and local repair on a damaged data dir', function () {
  this.timeout(60_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-cli-damaged-'));
    env = cliEnv(dir, { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
  });
  after(() => dir && rmSync(dir, { recursive: true, force: true }));

  /** Serves the data dir and answers which documents a query for `lamp` finds. */
  async function lampDocuments(dataDir: string, index: string): Promise<string[]> {
    const server = await startLocalServer(['--port', '0', '--data-dir', dataDir], env);
    try {
      const found = await nimbus(
        ['search', 'query', '--index-id', index, '--query-text', 'lamp', '--query', 'sort(ResultItems[].DocumentId)', '--endpoint-url', server.endpoint],
        { env },
      );
      return json(found) as string[];
    } finally {
      await server.stop();
    }
  }

  it('refuses corrupt pages with one line naming the data dir; local repair rebuilds the full-text tables from the stored text, keeps the damaged file, and the documents are served again', async () => {
    const dataDir = join(dir, 'corrupt');
    const { index, indexRowid } = await storedDataDir(dataDir);
    corruptRootPage(dataDir, `${documentsFts(indexRowid)}_data`);

    const refused = await nimbus(['local', 'start', '--port', '0', '--data-dir', dataDir], { env });
    assert.equal(refused.code, 255);
    assert.equal(refused.stdout, '', 'no endpoint: it does not listen');
    assert.equal(refused.stderr.trimEnd().split('\n').length, 1, `one line: ${refused.stderr}`);
    assert.match(
      refused.stderr,
      new RegExp(
        `^nimbus: The local service will not serve the data dir ${dataDir} is damaged \\(nimbus\\.db: table search_fts_${indexRowid}_data: .+\\); stop every process that uses it and run "nimbus local repair --data-dir ${dataDir}"`,
      ),
    );

    const repaired = await nimbus(['local', 'repair', '--data-dir', dataDir], { env });
    assert.equal(repaired.code, 0, repaired.stderr);
    assert.match(
      repaired.stdout,
      new RegExp(`^Repaired ${join(dataDir, DATABASE_FILE)}: \\d+ row\\(s\\) of \\d+ tables recovered into a fresh database\\.$`, 'm'),
    );
    assert.match(repaired.stdout, /^Every row of every table could be read\.$/m);
    assert.match(repaired.stdout, new RegExp(`^  index ${index}: full-text tables rebuilt from 3 stored document text\\(s\\) and 0 FAQ entr\\(ies\\)$`, 'm'));
    const backups = readdirSync(dataDir).filter((name) => name.startsWith(`${DATABASE_FILE}.damaged-`) && !/-(wal|shm)$/.test(name));
    assert.equal(backups.length, 1);
    assert.match(repaired.stdout, new RegExp(`^The damaged database is kept as ${join(dataDir, backups[0]!)}\\.$`, 'm'));

    assert.deepEqual(await lampDocuments(dataDir, index), ['doc-0', 'doc-1']);
  });

  it('refuses a data dir whose table was dropped, naming the table; local repair makes it again and the documents are served', async () => {
    const dataDir = join(dir, 'dropped');
    const { index } = await storedDataDir(dataDir);
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.exec('DROP TABLE search_tags');
    db.close();

    const refused = await nimbus(['local', 'start', '--port', '0', '--data-dir', dataDir], { env });
    assert.equal(refused.code, 255);
    assert.match(
      refused.stderr,
      /^nimbus: The local service will not serve the data dir .* is damaged \(nimbus\.db: table search_tags is missing\); [^\n]*\n$/,
    );

    const repaired = await nimbus(['local', 'repair', '--data-dir', dataDir], { env });
    assert.equal(repaired.code, 0, repaired.stderr);
    assert.match(repaired.stdout, /^ {2}search_tags: missing from the damaged database; made again, empty$/m);
    assert.deepEqual(await lampDocuments(dataDir, index), ['doc-0', 'doc-1']);
  });

  it('refuses a damaged default data dir under --local with the same one line as local start', async () => {
    const home = join(dir, 'home-local');
    const dataDir = join(home, '.nimbus', 'local');
    await storedDataDir(dataDir);
    const db = new Database(join(dataDir, DATABASE_FILE));
    db.exec('DROP TABLE search_tags');
    db.close();
    const refused = await nimbus(['search', 'index', 'list', '--local'], { env: { ...env, HOME: home } });
    assert.equal(refused.code, 255);
    assert.match(
      refused.stderr,
      /^nimbus: The local service will not serve the data dir .* is damaged \(nimbus\.db: table search_tags is missing\); [^\n]*\n$/,
    );
  });

  it('logs one line per request that fails on a store damaged while it serves, never a stack trace', async () => {
    const dataDir = join(dir, 'damaged-while-serving');
    const { index } = await storedDataDir(dataDir);
    const server = await startLocalServer(['--port', '0', '--data-dir', dataDir], env);
    const other = new Database(join(dataDir, DATABASE_FILE));
    other.exec('DROP TABLE search_documents');
    other.close();
    const query = ['search', 'query', '--index-id', index, '--query-text', 'lamp', '--endpoint-url', server.endpoint, '--max-attempts', '1'];
    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await nimbus(query, { env });
      assert.equal(failed.code, 254);
      assert.match(failed.stderr, /^nimbus: InternalServerException: The local service failed to process the request /);
    }
    await server.stop();
    const lines = server.stderr().trimEnd().split('\n');
    const failures = lines.filter((line) => /^nimbus local: request [\w-]+ failed: .*no such table/.test(line));
    assert.equal(failures.length, 3, server.stderr());
    assert.deepEqual(
      lines.filter((line) => !failures.includes(line) && !line.startsWith('nimbus: local service listening')),
      [],
      'nothing else: no stack trace',
    );
  });

  it('says in one line, exit 255, that there is nothing to repair in a data dir without a database', async () => {
    const repaired = await nimbus(['local', 'repair', '--data-dir', join(dir, 'empty')], { env });
    assert.equal(repaired.code, 255);
    assert.equal(repaired.stderr, `nimbus: Cannot repair the local data dir: there is no database (nimbus.db) in ${join(dir, 'empty')} to repair\n`);
  });
});
