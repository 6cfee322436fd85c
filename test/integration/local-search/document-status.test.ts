import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchMigrations } from '../../../src/lib/local/search/core/schema.js';
import { isBeingSynced } from '../../../src/lib/local/search/resources/document-status-store.js';
import { openStore } from '../../../src/lib/local/store/open-store.js';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { pdfFile } from '../../fixtures/documents/build-documents.js';
import { activeIndex, searchClient, startTestService, textDoc, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';
const BROKEN_PDF = 'the PDF document cannot be read: it is not a valid PDF file (Invalid PDF structure.).';

describe('local search service: BatchGetDocumentStatus', function () {
  this.timeout(30_000);
  let dataDir: string;
  let service: TestService;
  let client: SearchClient;
  let index: string;

  const statuses = async (ids: string[], target = index) =>
    Object.fromEntries(
      (await client.batchGetDocumentStatusAsync({ IndexId: target, DocumentInfoList: ids.map((DocumentId) => ({ DocumentId })) })).DocumentStatusList!.map(
        (status) => [status.DocumentId, [status.DocumentStatus, status.FailureCode, status.FailureReason].filter((part) => part !== undefined)],
      ),
    );

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-status-'));
    service = await startTestService({ dataDir });
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint);
  });
  after(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells indexed, failed and unknown documents apart, with the reason of a failure', async () => {
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [textDoc('good', 'Good', 'kept text') as never, { Id: 'broken.pdf', Blob: Buffer.from('%PDF-1.7 not really'), ContentType: 'PDF' }],
    });
    assert.deepEqual(
      put.FailedDocuments!.map((item) => item.Id),
      ['broken.pdf'],
    );
    assert.deepEqual(await statuses(['good', 'broken.pdf', 'never-put']), {
      good: ['INDEXED'],
      'broken.pdf': ['FAILED', 'InvalidRequest', BROKEN_PDF],
      'never-put': ['NOT_FOUND'],
    });
  });

  it('keeps a failure across a restart', async () => {
    await service.service.close();
    service = await startTestService({ dataDir });
    client = searchClient(service.service.endpoint);
    assert.deepEqual(await statuses(['broken.pdf']), { 'broken.pdf': ['FAILED', 'InvalidRequest', BROKEN_PDF] });
  });

  it('follows a document through a fix, a failed update and a deletion', async () => {
    await client.batchPutDocumentAsync({ IndexId: index, Documents: [{ Id: 'broken.pdf', Blob: pdfFile('Fixed', ['Now readable']), ContentType: 'PDF' }] });
    assert.deepEqual(await statuses(['broken.pdf']), { 'broken.pdf': ['INDEXED'] });
    await client.batchPutDocumentAsync({ IndexId: index, Documents: [{ Id: 'broken.pdf', Blob: Buffer.from('%PDF-1.7 broken again'), ContentType: 'PDF' }] });
    assert.deepEqual(await statuses(['broken.pdf']), { 'broken.pdf': ['UPDATE_FAILED', 'InvalidRequest', BROKEN_PDF] });
    await client.batchDeleteDocumentAsync({ IndexId: index, DocumentIdList: ['broken.pdf'] });
    assert.deepEqual(await statuses(['broken.pdf']), { 'broken.pdf': ['NOT_FOUND'] });
  });

  it('records a document an S3 sync could not read, and matches the data source attribute', async () => {
    const bucket = join(service.s3Dir, 'status-kb');
    mkdirSync(bucket, { recursive: true });
    writeFileSync(join(bucket, 'fine.txt'), 'Readable notes.');
    writeFileSync(join(bucket, 'damaged.pdf'), '%PDF-1.7 truncated');
    const { Id } = await client.createDataSourceAsync({
      IndexId: index,
      Name: 'kb',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'status-kb' } },
    });
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: Id! })).Status === 'ACTIVE');
    const { ExecutionId } = await client.startDataSourceSyncJobAsync({ IndexId: index, Id: Id! });
    await until(async () => {
      const history = (await client.listDataSourceSyncJobsAsync({ IndexId: index, Id: Id! })).History!;
      return history.some((item) => item.ExecutionId === ExecutionId && !['SYNCING', 'STOPPING'].includes(item.Status!));
    }, 15_000);
    assert.deepEqual(await statuses(['s3://status-kb/fine.txt', 's3://status-kb/damaged.pdf']), {
      's3://status-kb/fine.txt': ['INDEXED'],
      's3://status-kb/damaged.pdf': ['FAILED', 'InvalidRequest', BROKEN_PDF],
    });
    const other = await client.createDataSourceAsync({ IndexId: index, Name: 'other', Type: 'CUSTOM' });
    const answer = await client.batchGetDocumentStatusAsync({
      IndexId: index,
      DocumentInfoList: [
        { DocumentId: 's3://status-kb/fine.txt', Attributes: [{ Key: '_data_source_id', Value: { StringValue: Id! } }] },
        { DocumentId: 's3://status-kb/fine.txt', Attributes: [{ Key: '_data_source_id', Value: { StringValue: other.Id! } }] },
      ],
    });
    assert.deepEqual(
      answer.DocumentStatusList!.map((status) => status.DocumentStatus),
      ['INDEXED', 'NOT_FOUND'],
    );
    assert.deepEqual(answer.Errors, []);
  });

  it('answers Errors for attributes that do not identify a version', async () => {
    const answer = await client.batchGetDocumentStatusAsync({
      IndexId: index,
      DocumentInfoList: [
        { DocumentId: 'good', Attributes: [{ Key: 'color', Value: { StringValue: 'red' } }] },
        { DocumentId: 'good', Attributes: [{ Key: '_data_source_id', Value: { StringValue: 'no-such-source' } }] },
        { DocumentId: 'good' },
      ],
    });
    assert.deepEqual(answer.Errors, [
      {
        DocumentId: 'good',
        ErrorCode: 'InvalidRequest',
        ErrorMessage: 'color does not identify a document version; use _version, _data_source_id, _data_source_sync_job_execution_id.',
      },
      {
        DocumentId: 'good',
        DataSourceId: 'no-such-source',
        ErrorCode: 'InvalidRequest',
        ErrorMessage: 'Data source no-such-source does not exist in this index.',
      },
    ]);
    assert.deepEqual(answer.DocumentStatusList, [{ DocumentId: 'good', DocumentStatus: 'INDEXED' }]);
  });

  it('answers the errors of the model for a bad request', async () => {
    const code = (expected: string) => (error: any) => {
      assert.equal(error.code, expected);
      return true;
    };
    await assert.rejects(
      client.batchGetDocumentStatusAsync({ IndexId: '00000000-0000-0000-0000-000000000000', DocumentInfoList: [{ DocumentId: 'x' }] }),
      code('ResourceNotFoundException'),
    );
    const eleven = Array.from({ length: 11 }, (_, i) => ({ DocumentId: `d${i}` }));
    await assert.rejects(client.batchGetDocumentStatusAsync({ IndexId: index, DocumentInfoList: eleven }), /DocumentInfoList/);
  });
});

describe('document status store: documents a sync job has still to store', function () {
  it('recognises the s3:// id of an object listed by a running job and not stored yet', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-status-store-'));
    const db = openStore(dir, [{ name: 'search', migrations: searchMigrations }]);
    try {
      const settings = JSON.stringify({ Configuration: { S3Configuration: { BucketName: 'kb' } } });
      db.prepare(
        "INSERT INTO search_data_sources (rowid, index_rowid, id, name, type, settings, language_code, created_at, updated_at, busy_state, busy_until) VALUES (1, 7, 'ds', 'kb', 'S3', ?, 'en', 0, 0, 'ACTIVE', 0)",
      ).run(settings);
      db.prepare(
        "INSERT INTO search_sync_jobs (rowid, ds_rowid, execution_id, status, start_time, phase, not_before) VALUES (1, 1, 'job', 'SYNCING', 0, 'crawl', 0)",
      ).run();
      db.prepare("INSERT INTO search_sync_items (job_rowid, key, done) VALUES (1, 'docs/report.pdf', 0), (1, 'docs/done.txt', 1)").run();
      assert.equal(isBeingSynced(db, 7, 's3://kb/docs/report.pdf'), true);
      assert.equal(isBeingSynced(db, 7, 's3://kb/docs/done.txt'), false, 'already stored');
      assert.equal(isBeingSynced(db, 7, 's3://other/docs/report.pdf'), false, 'another bucket');
      assert.equal(isBeingSynced(db, 8, 's3://kb/docs/report.pdf'), false, 'another index');
      assert.equal(isBeingSynced(db, 7, 'report.pdf'), false, 'not an S3 id');
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
