import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { docxFile, pdfFile } from '../../fixtures/documents/build-documents.js';
import { activeIndex, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** A started service, a client of it and one ACTIVE index. */
async function setUp(options: { extractTimeLimit?: number } = {}) {
  const service = await startTestService(options);
  const client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials: { key: 'test', secret: 'test' }, endpoint: service.service.endpoint });
  const index = await activeIndex(service.service.endpoint);
  return { service, client, index };
}

async function finishedJob(client: SearchClient, IndexId: string, Id: string, ExecutionId: string) {
  return until(async () => {
    const found = (await client.listDataSourceSyncJobsAsync({ IndexId, Id })).History!.find((job) => job.ExecutionId === ExecutionId);
    return found && !['SYNCING', 'STOPPING'].includes(found.Status!) ? found : undefined;
  }, 15_000);
}

async function syncBucket(client: SearchClient, service: TestService, index: string, bucket: string, files: Record<string, Buffer | string>) {
  for (const [key, contents] of Object.entries(files)) {
    const path = join(service.s3Dir, bucket, key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  }
  const { Id } = await client.createDataSourceAsync({
    IndexId: index,
    Name: bucket,
    Type: 'S3',
    RoleArn: ROLE,
    Configuration: { S3Configuration: { BucketName: bucket } },
  });
  await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: Id! })).Status === 'ACTIVE');
  const { ExecutionId } = await client.startDataSourceSyncJobAsync({ IndexId: index, Id: Id! });
  return finishedJob(client, index, Id!, ExecutionId!);
}

describe('local search service: per-document failures of sync jobs', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  before(async () => {
    ({ service, client, index } = await setUp());
  });
  after(() => service.stop());

  it('counts each document that cannot be read and keeps its reason in the job’s ErrorMessage', async () => {
    const job = await syncBucket(client, service, index, 'mixed', {
      'good.txt': 'Herons nest by the river.',
      'broken.pdf': '%PDF-1.4 this is not really a PDF',
      'broken.docx': 'not a zip at all',
      'fine.docx': await docxFile('Fine', ['Kingfishers dive for fish.']),
    });
    assert.equal(job.Status, 'INCOMPLETE');
    assert.deepEqual(job.Metrics, { DocumentsAdded: '2', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '2', DocumentsScanned: '4' });
    assert.equal(job.ErrorCode, undefined);
    assert.match(
      job.ErrorMessage!,
      /^2 documents could not be indexed: s3:\/\/mixed\/broken\.docx: the MS_WORD document is not a readable Word \(\.docx\) file: .*\. s3:\/\/mixed\/broken\.pdf: the PDF document cannot be read: it is not a valid PDF file \(Invalid PDF structure\.\)\.$/,
    );
  });

  it('counts a document a CUSTOM data source puts that cannot be read, and ends its job INCOMPLETE with the reason', async () => {
    const { Id } = await client.createDataSourceAsync({ IndexId: index, Name: 'pusher', Type: 'CUSTOM' });
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: Id! })).Status === 'ACTIVE');
    const { ExecutionId } = await client.startDataSourceSyncJobAsync({ IndexId: index, Id: Id! });
    const attributes = [
      { Key: '_data_source_id', Value: { StringValue: Id! } },
      { Key: '_data_source_sync_job_execution_id', Value: { StringValue: ExecutionId! } },
    ];
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { Id: 'ok', Blob: Buffer.from('Otters play in the weir.'), ContentType: 'PLAIN_TEXT', Attributes: attributes },
        { Id: 'bad', Blob: Buffer.from('{"unclosed": '), ContentType: 'JSON', Attributes: attributes },
      ],
    });
    assert.deepEqual(
      put.FailedDocuments!.map((failed) => failed.Id),
      ['bad'],
    );
    await client.stopDataSourceSyncJobAsync({ IndexId: index, Id: Id! });
    const job = await finishedJob(client, index, Id!, ExecutionId!);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.deepEqual(job.Metrics, { DocumentsAdded: '1', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '1', DocumentsScanned: '2' });
    assert.match(job.ErrorMessage!, /^1 document could not be indexed: bad: the JSON document is not valid JSON: /);
  });
});

describe('local search service: the time limit of reading one document', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;

  before(async () => {
    // a limit no PDF reading can meet: every PDF is over it
    ({ service, client, index } = await setUp({ extractTimeLimit: 0.001 }));
  });
  after(() => service.stop());

  it('fails a PDF read for longer than the limit alone in BatchPutDocument, with the reason', async () => {
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { Id: 'slow.pdf', Blob: pdfFile('Slow', ['Swifts sleep on the wing.']), ContentType: 'PDF' },
        { Id: 'plain', Blob: Buffer.from('Swifts return in May.'), ContentType: 'PLAIN_TEXT' },
      ],
    });
    assert.deepEqual(put.FailedDocuments, [
      {
        Id: 'slow.pdf',
        ErrorCode: 'InvalidRequest',
        ErrorMessage: 'reading the PDF document took longer than 0.001 s, the limit for one document, so it was stopped.',
      },
    ]);
    const found = await client.queryAsync({ IndexId: index, QueryText: 'swifts' });
    assert.deepEqual(
      found.ResultItems!.map((item) => item.DocumentId),
      ['plain'],
    );
  });

  it('fails a PDF read for longer than the limit in a sync job, which still finishes', async () => {
    const job = await syncBucket(client, service, index, 'slow', {
      'swifts.pdf': pdfFile('Swifts', ['Screaming parties at dusk.']),
      'notes.txt': 'Martins nest under eaves.',
    });
    assert.equal(job.Status, 'INCOMPLETE');
    assert.equal(job.Metrics!.DocumentsFailed, '1');
    assert.equal(job.Metrics!.DocumentsAdded, '1');
    assert.equal(
      job.ErrorMessage,
      '1 document could not be indexed: s3://slow/swifts.pdf: reading the PDF document took longer than 0.001 s, the limit for one document, so it was stopped.',
    );
  });

  it('refuses a limit that is not a positive number of seconds', async () => {
    await assert.rejects(startTestService({ extractTimeLimit: 0 }), /extractTimeLimit must be a number of seconds > 0/);
  });
});
