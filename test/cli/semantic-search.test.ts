import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startFakeEmbeddings } from '../support/fake-embeddings.js';
import { cliEnv, json, nimbus, requireBuild } from './helpers/cli.js';
import { startLocalServer } from './helpers/local-start.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

async function backlog(endpoint: string): Promise<{ passagesToEmbed: number; passagesEmbedded: number }> {
  const health = (await (await fetch(`${endpoint}/_nimbus/health`)).json()) as { counts: { search: { passagesToEmbed: number; passagesEmbedded: number } } };
  return health.counts.search;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) if (await check()) return;
  throw new Error(`not within ${timeoutMs} ms`);
}

describe('nimbus local start --embeddings: semantic search through the built CLI', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => {
    requireBuild();
    dir = mkdtempSync(join(tmpdir(), 'nimbus-semantic-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('finds "Employees accrue 20 vacation days per year" for "how much time off am I allowed annually" and "time off allowance" (builtin, the default)', async () => {
    const env: NodeJS.ProcessEnv = { ...cliEnv(dir), AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_REGION: 'us-east-1' };
    delete env.NIMBUS_EMBEDDINGS;
    const server = await startLocalServer(['--port', '0', '--data-dir', join(dir, 'builtin'), '--create-delay', '0'], env);
    try {
      const run = (...args: string[]) => nimbus([...args, '--endpoint-url', server.endpoint], { env });
      const indexId = json(await run('search', 'index', 'create', '--name', 'handbook', '--role-arn', ROLE, '--wait')).Id;
      const documents = join(dir, 'documents.json');
      const doc = (Id: string, Title: string, text: string) => ({ Id, Title, Blob: Buffer.from(text).toString('base64'), ContentType: 'PLAIN_TEXT' });
      writeFileSync(
        documents,
        JSON.stringify([
          doc('vacation', 'Leave', 'Employees accrue 20 vacation days per year.'),
          doc('password', 'Passwords', 'Reset a password from the sign-in page. The reset link expires after an hour.'),
          doc('release', 'Release notes', 'Version two adds dark mode.'),
        ]),
      );
      assert.deepEqual(json(await run('search', 'document', 'put', '--index-id', indexId, '--documents', `file://${documents}`)).FailedDocuments, []);
      await until(async () => (await backlog(server.endpoint)).passagesToEmbed === 0, 120_000);
      assert.deepEqual(
        json(await run('search', 'document', 'status', '--index-id', indexId, '--document-info-list', '[{"DocumentId":"vacation"}]')).DocumentStatusList[0]
          .DocumentStatus,
        'INDEXED',
      );
      for (const question of ['how much time off am I allowed annually', 'time off allowance']) {
        const query = json(await run('search', 'query', '--index-id', indexId, '--query-text', question, '--query-result-type-filter', 'DOCUMENT'));
        assert.equal(query.ResultItems[0].DocumentId, 'vacation', question);
        const retrieve = json(await run('search', 'retrieve', '--index-id', indexId, '--query-text', question));
        assert.equal(retrieve.ResultItems[0].DocumentId, 'vacation', question);
      }
      assert.match(server.stderr(), /nimbus: embedding 3 passages for semantic search in the background \(builtin:all-MiniLM-L6-v2:384\)/);
      assert.match(server.stderr(), /nimbus: embedded 3 passages in \d+ s/);
    } finally {
      await server.stop();
    }
  });

  it('resumes the embedding queue after kill -9: every passage embedded, none stored twice, none skipped', async () => {
    const fake = await startFakeEmbeddings();
    const dataDir = join(dir, 'killed');
    const env = {
      ...cliEnv(dir),
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_REGION: 'us-east-1',
      NIMBUS_EMBEDDINGS: `openai:${fake.baseUrl}`,
    };
    try {
      const first = await startLocalServer(['--port', '0', '--data-dir', dataDir, '--create-delay', '0'], env);
      const run = (endpoint: string, ...args: string[]) => nimbus([...args, '--endpoint-url', endpoint], { env });
      const indexId = json(await run(first.endpoint, 'search', 'index', 'create', '--name', 'many', '--role-arn', ROLE, '--wait')).Id;
      fake.hold = true;
      for (let batch = 0; batch < 10; batch++) {
        const file = join(dir, `batch-${batch}.json`);
        const docs = Array.from({ length: 10 }, (_, i) => ({
          Id: `doc-${batch * 10 + i}`,
          Blob: Buffer.from(`Passage number ${batch * 10 + i} of the durable queue test.`).toString('base64'),
          ContentType: 'PLAIN_TEXT',
        }));
        writeFileSync(file, JSON.stringify(docs));
        assert.deepEqual(
          json(await run(first.endpoint, 'search', 'document', 'put', '--index-id', indexId, '--documents', `file://${file}`)).FailedDocuments,
          [],
        );
      }
      // answer the first request, hold the next ones in flight, and kill the service
      fake.answerOnly = 1;
      fake.hold = false;
      await until(async () => (await backlog(first.endpoint)).passagesEmbedded > 0 && fake.requests.length >= 2, 60_000);
      assert.equal(await first.stop('SIGKILL'), null);
      const before = new Database(join(dataDir, 'nimbus.db'), { readonly: true });
      const stored = new Map(
        (before.prepare('SELECT rowid, vector FROM search_passages WHERE vector IS NOT NULL').all() as Array<{ rowid: number; vector: Buffer }>).map((row) => [
          row.rowid,
          row.vector,
        ]),
      );
      const pending = before.prepare('SELECT count(*) FROM search_passages WHERE vector IS NULL').pluck().get() as number;
      before.close();
      assert.equal(stored.size, fake.requests[0]!.input.length, 'the first batch stored when killed');
      assert.equal(pending, 100 - stored.size);

      const requestsBefore = fake.requests.length;
      fake.answerOnly = undefined;
      const second = await startLocalServer(['--port', '0', '--data-dir', dataDir, '--create-delay', '0'], env);
      try {
        await until(async () => (await backlog(second.endpoint)).passagesToEmbed === 0, 60_000);
        assert.equal((await backlog(second.endpoint)).passagesEmbedded, 100);
      } finally {
        await second.stop();
      }
      const resent = fake.requests.slice(requestsBefore).flatMap((request) => request.input);
      assert.equal(resent.length, pending, 'after the restart exactly the passages without vectors were embedded');
      const after = new Database(join(dataDir, 'nimbus.db'), { readonly: true });
      for (const [rowid, vector] of stored)
        assert.deepEqual(
          after.prepare('SELECT vector FROM search_passages WHERE rowid = ?').pluck().get(rowid),
          vector,
          'a stored vector is never written again',
        );
      assert.equal(after.prepare('SELECT count(*) FROM search_passages WHERE vector IS NULL').pluck().get(), 0);
      after.close();
    } finally {
      await fake.close();
    }
  });

  it('refuses an embeddings provider it does not know, in one line', async () => {
    const result = await nimbus(['local', 'start', '--port', '0', '--data-dir', join(dir, 'bad'), '--embeddings', 'word2vec'], { env: cliEnv(dir) });
    assert.equal(result.code, 252, 'a usage error');
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /--embeddings: embeddings "word2vec" is not one of builtin, bedrock:<model-id>, openai:<base-url>\[#model\] or off/);
  });
});
