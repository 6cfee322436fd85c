import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBulkDelete } from '../../../src/lib/bulk/bulk-delete.js';
import { runBulkPut } from '../../../src/lib/bulk/bulk-put.js';
import { INDEX, startDocServer, testClient, type DocServer } from './doc-server.js';

describe('bulk: delete', () => {
  let server: DocServer | undefined;
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-delete-'));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const seed = async (count: number) => {
    const documents = Array.from({ length: count }, (_, i) => ({ Id: `doc-${i}`, Blob: Buffer.from('x'), ContentType: 'PLAIN_TEXT' as const }));
    await runBulkPut({ client: testClient(server!.endpoint), args: { IndexId: INDEX }, source: { documents } });
  };

  it('deletes ids from a file, 10 per call, resending transient failures', async () => {
    server = await startDocServer({ faults: { documentFailureRate: 0.25, seed: 5, operations: ['BatchDeleteDocument'] } });
    await seed(300);
    const file = join(dir, 'ids.txt');
    writeFileSync(file, Array.from({ length: 250 }, (_, i) => `doc-${i}`).join('\r\n') + '\n\n');
    const summary = await runBulkDelete({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { idsFrom: file },
      documentRetries: { maxAttempts: 20, baseDelayMs: 1, maxDelayMs: 3 },
    });
    assert.equal(summary.acknowledged, 250);
    assert.equal(summary.failed, 0);
    assert.ok(summary.retried > 20);
    assert.equal(summary.lastLine, 250);
    assert.deepEqual([...server.documents.keys()].sort(), Array.from({ length: 50 }, (_, i) => `doc-${i + 250}`).sort());
    const deletes = server.calls.filter((call) => call.operation === 'BatchDeleteDocument');
    assert.ok(deletes.every((call) => call.ids.length >= 1 && call.ids.length <= 10));
  });

  it('deletes a list of ids; bad ids fail alone and go to the failures file', async () => {
    server = await startDocServer();
    await seed(5);
    const failuresFile = join(dir, 'failed.jsonl');
    const summary = await runBulkDelete({
      client: testClient(server.endpoint),
      args: { IndexId: INDEX },
      source: { ids: ['doc-1', '', 'x'.repeat(2049), 'doc-3'] },
      failuresFile,
    });
    assert.equal(summary.acknowledged, 2);
    assert.equal(summary.failed, 2);
    const lines = readFileSync(failuresFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      lines.map((l) => l.code),
      ['InvalidDocumentId', 'InvalidDocumentId'],
    );
    assert.deepEqual([...server.documents.keys()].sort(), ['doc-0', 'doc-2', 'doc-4']);
  });
});
