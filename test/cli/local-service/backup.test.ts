import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { cliEnv, nimbus, requireBuild } from '../helpers/cli.js';
import { freshOk, waitFor } from '../helpers/fresh-call.js';
import { startLocalServer } from '../helpers/local-start.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** The document ids stored in the data dir's database. */
function storedIds(dataDir: string): Set<string> {
  const db = new Database(join(dataDir, 'nimbus.db'), { readonly: true });
  try {
    return new Set(db.prepare('SELECT doc_id FROM search_documents').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

describe('nimbus local backup and restore: online, consistent, refused over a running service', function () {
  this.timeout(120_000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-backup-'));
    mkdirSync(join(dir, 'home'));
    env = cliEnv(join(dir, 'home'), { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('restores a backup taken during ingest with every document acknowledged before the backup began', async () => {
    const live = join(dir, 'live');
    const server = await startLocalServer(['--port', '0', '--data-dir', live, '--workers', '2', '--create-delay', '0'], env);
    const backupFile = join(dir, 'during-ingest.db');
    const acknowledged: string[] = [];
    let ingesting = true;
    try {
      const { Id: IndexId } = await freshOk(server.endpoint, 'CreateIndex', { Name: 'ingest', RoleArn: ROLE });
      await waitFor(async () => (await freshOk(server.endpoint, 'DescribeIndex', { Id: IndexId })).Status === 'ACTIVE');
      // four writers, ten documents a batch, until the backup is done
      const writer = async (name: string) => {
        for (let batch = 0; ingesting; batch++) {
          const ids = Array.from({ length: 10 }, (_, i) => `${name}-${batch}-${i}`);
          const Documents = ids.map((Id) => ({
            Id,
            Title: Id,
            Blob: Buffer.from(`text of ${Id} about walruses`).toString('base64'),
            ContentType: 'PLAIN_TEXT',
          }));
          const put = await freshOk(server.endpoint, 'BatchPutDocument', { IndexId, Documents });
          assert.deepEqual(put.FailedDocuments, []);
          acknowledged.push(...ids);
        }
      };
      const writers = ['a', 'b', 'c', 'd'].map(writer);
      await waitFor(async () => acknowledged.length >= 200);
      const before = [...acknowledged];
      const backup = await nimbus(['local', 'backup', backupFile, '--data-dir', live], { env });
      const after = acknowledged.length;
      ingesting = false;
      await Promise.all(writers);
      assert.equal(backup.code, 0, backup.stderr);
      assert.match(backup.stderr, /^nimbus: backed up .* to .*during-ingest\.db \(\d+ pages\)\n$/);
      assert.ok(after > before.length, `ingest went on during the backup (${before.length} → ${after} documents)`);

      const refused = await nimbus(['local', 'restore', backupFile, '--data-dir', live], { env });
      assert.equal(refused.code, 253);
      assert.match(refused.stderr, /^nimbus: Cannot restore: a running service holds .*live \(.+\): stop it first, or give --force/);

      const forced = await nimbus(['local', 'restore', backupFile, '--data-dir', live, '--force'], { env });
      assert.equal(forced.code, 0, forced.stderr);
      assert.match(forced.stderr, /\nnimbus: the service .+ holds .*live: restart it now, it still has the old data cached\n$/);

      const restoredDir = join(dir, 'restored');
      const restored = await nimbus(['local', 'restore', backupFile, '--data-dir', restoredDir], { env });
      assert.equal(restored.code, 0, restored.stderr);
      const ids = storedIds(restoredDir);
      const missing = before.filter((id) => !ids.has(id));
      assert.deepEqual(missing, [], `${missing.length} of ${before.length} acknowledged documents missing`);
      assert.ok(ids.size <= acknowledged.length);

      const again = await startLocalServer(['--port', '0', '--data-dir', restoredDir, '--workers', '1'], env);
      try {
        const found = await freshOk(again.endpoint, 'Query', { IndexId, QueryText: before[0] });
        assert.equal(found.ResultItems[0].DocumentId, before[0]);
      } finally {
        assert.equal(await again.stop(), 0);
      }
    } finally {
      ingesting = false;
      await server.stop();
    }
    const stopped = await nimbus(['local', 'restore', backupFile, '--data-dir', live], { env });
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(storedIds(live).size, storedIds(join(dir, 'restored')).size);
  });

  it('refuses a file that is not a nimbus backup, and a data dir with no database, in one line', async () => {
    const notBackup = join(dir, 'home');
    const restore = await nimbus(['local', 'restore', join(dir, 'nothing.db'), '--data-dir', join(dir, 'x')], { env });
    assert.equal(restore.code, 253);
    assert.equal(restore.stderr, `nimbus: Cannot restore: no backup file ${join(dir, 'nothing.db')}\n`);
    const backup = await nimbus(['local', 'backup', join(dir, 'b.db'), '--data-dir', notBackup], { env });
    assert.equal(backup.code, 253);
    assert.equal(backup.stderr, `nimbus: Cannot back up: ${notBackup} holds no nimbus database (nimbus.db)\n`);
  });
});
