/**
 * Checks answers of the local search service with boto3: check_responses.py calls the running
 * service through a real boto3 client (`endpoint_url`) and compares each raw JSON answer with
 * botocore's output shape (no unknown member, the right JSON types, enum values in range).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { activeIndex, ok, textDoc } from '../../integration/local-search/support.js';

const HARNESS = join(dirname(fileURLToPath(import.meta.url)), 'check_responses.py');

/** Runs the harness (without blocking: the service answers it from this process). */
function harness(input: unknown): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [HARNESS], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(JSON.stringify(input));
  });
}

interface Checked {
  operation: string;
  problems: string[];
  result: any;
}

describe('boto3 reads Retrieve and BatchGetDocumentStatus answers as its model defines them', function () {
  this.timeout(60_000);
  let dir: string;
  let service: LocalService;
  let index: string;

  before(async () => {
    const probe = spawnSync('python3', ['-c', 'import boto3'], { encoding: 'utf8' });
    assert.equal(probe.status, 0, `python3 with boto3 is required for this suite (pip install boto3): ${probe.stderr ?? probe.error}`);
    dir = mkdtempSync(join(tmpdir(), 'nimbus-boto3-shapes-'));
    service = await startLocalService({ port: 0, dataDir: dir, createDelay: 0 });
    index = await activeIndex(service.endpoint);
    await ok(service.endpoint, 'UpdateIndex', {
      Id: index,
      DocumentMetadataConfigurationUpdates: [{ Name: 'pages', Type: 'LONG_VALUE', Search: { Displayable: true } }],
    });
    await ok(service.endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('harbour', 'Harbour guide', 'Boats moor in the harbour. The harbour master keeps the log.', {
          pages: 4,
          _source_uri: 'https://example.com/harbour',
        }),
        { Id: 'broken.pdf', Blob: Buffer.from('%PDF-1.7 no').toString('base64'), ContentType: 'PDF' },
      ],
    });
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds no member, type or enum value outside the model', async () => {
    const calls = [
      { operation: 'Retrieve', params: { IndexId: index, QueryText: 'harbour', RequestedDocumentAttributes: ['pages', '_source_uri'] } },
      {
        operation: 'BatchGetDocumentStatus',
        params: { IndexId: index, DocumentInfoList: [{ DocumentId: 'harbour' }, { DocumentId: 'broken.pdf' }, { DocumentId: 'nope' }] },
      },
    ];
    const run = await harness({ endpoint: service.endpoint, calls });
    assert.equal(run.status, 0, `check_responses.py failed: ${run.stderr}`);
    const [retrieve, status] = JSON.parse(run.stdout) as Checked[];
    assert.deepEqual(retrieve!.problems, []);
    assert.deepEqual(status!.problems, []);
    const item = retrieve!.result.ResultItems[0];
    assert.equal(item.DocumentId, 'harbour');
    assert.equal(item.Content, 'Boats moor in the harbour. The harbour master keeps the log.');
    assert.deepEqual(item.DocumentAttributes, [
      { Key: 'pages', Value: { LongValue: 4 } },
      { Key: '_source_uri', Value: { StringValue: 'https://example.com/harbour' } },
    ]);
    assert.deepEqual(item.ScoreAttributes, { ScoreConfidence: 'VERY_HIGH' });
    assert.deepEqual(
      status!.result.DocumentStatusList.map((entry: any) => entry.DocumentStatus),
      ['INDEXED', 'FAILED', 'NOT_FOUND'],
    );
    assert.equal(status!.result.DocumentStatusList[1].FailureCode, 'InvalidRequest');
  });
});
