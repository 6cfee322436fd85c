import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

const blob = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const ids = (answer: any) => answer.ResultItems.map((item: any) => item.DocumentId);

describe('local search service: documents', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const query = (QueryText: string) => ok(endpoint, 'Query', { IndexId: index, QueryText });
  const stats = async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).IndexStatistics.TextDocumentStatistics;

  /** The causes of the service's 500 answers. */
  const failures: string[] = [];

  before(async () => {
    service = await startTestService({ onError: (error) => failures.push((error as Error).message) });
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
  });
  after(async () => service.stop());

  it('extracts the text of HTML, Markdown, JSON and plain text', async () => {
    const answer = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        {
          Id: 'html',
          ContentType: 'HTML',
          Blob: blob(
            '<html><head><title>Harbour &amp; tides</title><script>var hidden = "kraken";</script></head><body><p>The <b>tide</b> tables</p></body></html>',
          ),
        },
        { Id: 'md', ContentType: 'MD', Blob: blob('# Lighthouse keeping\n\nKeep the **lamp** clean. See [the manual](http://example.com/manual).') },
        { Id: 'json', ContentType: 'JSON', Blob: blob(JSON.stringify({ ship: { name: 'Albatross', crew: ['navigator', 'cook'] } })) },
        { Id: 'txt', Title: 'Knots', Blob: blob('A bowline makes a fixed loop.') },
      ],
    });
    assert.deepEqual(answer.FailedDocuments, []);
    const html = (await query('tide')).ResultItems[0];
    assert.equal(html.DocumentId, 'html');
    assert.equal(html.DocumentTitle.Text, 'Harbour & tides');
    assert.equal(html.DocumentExcerpt.Text, 'The tide tables');
    assert.deepEqual(ids(await query('kraken')), []);
    const md = (await query('lamp')).ResultItems[0];
    assert.equal(md.DocumentTitle.Text, 'Lighthouse keeping');
    assert.ok(!md.DocumentExcerpt.Text.includes('**') && md.DocumentExcerpt.Text.includes('the manual'));
    assert.deepEqual(ids(await query('navigator')), ['json']);
    assert.deepEqual(ids(await query('bowline')), ['txt']);
    const typed = (await ok(endpoint, 'Query', { IndexId: index, QueryText: 'bowline', RequestedDocumentAttributes: ['_file_type'] })).ResultItems[0];
    assert.deepEqual(typed.DocumentAttributes, [{ Key: '_file_type', Value: { StringValue: 'PLAIN_TEXT' } }]);
  });

  it('reads S3Path documents from the S3 dir', async () => {
    mkdirSync(join(service.s3Dir, 'docs-bucket', 'guides'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'docs-bucket', 'guides', 'anchor.html'), '<title>Anchoring</title><p>Drop the anchor in sand.</p>');
    const answer = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [{ Id: 's3-doc', S3Path: { Bucket: 'docs-bucket', Key: 'guides/anchor.html' } }],
    });
    assert.deepEqual(answer.FailedDocuments, []);
    const item = (await query('anchor')).ResultItems[0];
    assert.equal(item.DocumentId, 's3-doc');
    assert.equal(item.DocumentTitle.Text, 'Anchoring');
  });

  it('reports bad documents one by one in FailedDocuments and stores the good ones', async () => {
    const answer = await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('good', 'Good', 'sextant readings'),
        { Id: 'pdf', ContentType: 'PDF', Blob: blob('%PDF-1.4') },
        textDoc('unknown-field', 'Bad', 'text', { color: 'red' }),
        { Id: 'no-content' },
        { Id: 'missing-object', S3Path: { Bucket: 'docs-bucket', Key: 'nope.txt' } },
        { ...textDoc('wrong-type', 'Bad', 'text'), Attributes: [{ Key: '_category', Value: { LongValue: 3 } }] },
      ],
    });
    assert.deepEqual(
      answer.FailedDocuments.map((failed: any) => [failed.Id, failed.ErrorCode]),
      ['pdf', 'unknown-field', 'no-content', 'missing-object', 'wrong-type'].map((id) => [id, 'InvalidRequest']),
    );
    assert.match(answer.FailedDocuments[0].ErrorMessage, /the PDF document cannot be read: it is not a valid PDF file/);
    assert.match(answer.FailedDocuments[1].ErrorMessage, /color is not defined in the index/);
    assert.deepEqual(ids(await query('sextant')), ['good']);
  });

  it('replaces a document put again with the same id, and counts statistics from stored data', async () => {
    const before = await stats();
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('replace-me', 'Old', 'barnacle')] });
    const added = await stats();
    assert.equal(added.IndexedTextDocumentsCount, before.IndexedTextDocumentsCount + 1);
    assert.equal(added.IndexedTextBytes, before.IndexedTextBytes + 'barnacle'.length);
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('replace-me', 'New', 'seagull and gannet')] });
    assert.deepEqual(ids(await query('barnacle')), []);
    assert.deepEqual(ids(await query('gannet')), ['replace-me']);
    const replaced = await stats();
    assert.equal(replaced.IndexedTextDocumentsCount, added.IndexedTextDocumentsCount);
    assert.equal(replaced.IndexedTextBytes, before.IndexedTextBytes + 'seagull and gannet'.length);
  });

  it('deletes documents with BatchDeleteDocument', async () => {
    await ok(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('gone-1', 'x', 'albacore'), textDoc('gone-2', 'y', 'albacore')] });
    assert.equal((await query('albacore')).TotalNumberOfResults, 2);
    const answer = await ok(endpoint, 'BatchDeleteDocument', { IndexId: index, DocumentIdList: ['gone-1', 'never-existed'] });
    assert.deepEqual(answer.FailedDocuments, []);
    assert.deepEqual(ids(await query('albacore')), ['gone-2']);
  });

  it('leaves no trace of a BatchPutDocument that fails after storing some of its documents, and stores the batches sent with it', async () => {
    // the store refuses one document (a trigger added by another connection), after the batch stored the one before it
    const other = new Database(join(service.dataDir, 'nimbus.db'));
    other.exec(`CREATE TRIGGER refuse_doomed AFTER INSERT ON search_documents WHEN NEW.doc_id = 'doomed-2' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    try {
      const before = await stats();
      const answers = await Promise.all([
        call(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('kept-1', 'k', 'cormorant'), textDoc('kept-2', 'k', 'cormorant')] }),
        call(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('doomed-1', 'd', 'cormorant'), textDoc('doomed-2', 'd', 'cormorant')] }),
        call(endpoint, 'BatchPutDocument', { IndexId: index, Documents: [textDoc('kept-3', 'k', 'cormorant')] }),
      ]);
      assert.deepEqual(
        answers.map((answer) => answer.status),
        [200, 500, 200],
      );
      assert.deepEqual(failures.splice(0), ['refused']);
      assert.deepEqual(answers[0]!.body.FailedDocuments, []);
      assert.deepEqual(answers[2]!.body.FailedDocuments, []);
      assert.deepEqual(ids(await query('cormorant')).sort(), ['kept-1', 'kept-2', 'kept-3']);
      assert.equal((await stats()).IndexedTextDocumentsCount, before.IndexedTextDocumentsCount + 3);
    } finally {
      other.exec('DROP TRIGGER refuse_doomed');
      other.close();
    }
  });

  it('refuses batches of more than 10 documents and writes to an index that is not ACTIVE', async () => {
    const many = Array.from({ length: 11 }, (_, n) => textDoc(`d${n}`, 't', 'b'));
    assert.equal((await call(endpoint, 'BatchPutDocument', { IndexId: index, Documents: many })).body.__type, 'ValidationException');
    const { Id } = await ok(endpoint, 'CreateIndex', { Name: 'young', RoleArn: 'arn:aws:iam::000000000000:role/r' });
    const early = await call(endpoint, 'BatchPutDocument', { IndexId: Id, Documents: [textDoc('a', 'b', 'c')] });
    assert.equal(early.body.__type, 'ConflictException');
    assert.match(early.body.Message, /CREATING/);
  });

  // Over the document count quota, Kendra fails each extra document with InvalidRequest; it keeps
  // ServiceQuotaExceededException for the extracted-text size limit:
  // https://docs.aws.amazon.com/kendra/latest/dg/adjusting-capacity.html
  it('fails each new document over the document quota of the developer edition with InvalidRequest, and stores the rest', async function () {
    this.timeout(60_000);
    const dev = await activeIndex(endpoint, { Edition: 'DEVELOPER_EDITION', Name: 'dev' });
    let next = 0;
    const worker = async () => {
      while (next < 999) {
        const batch = next++;
        const documents = Array.from({ length: 10 }, (_, n) => ({ Id: `q${batch * 10 + n}`, Blob: 'eA==' }));
        await ok(endpoint, 'BatchPutDocument', { IndexId: dev, Documents: documents });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const count = async () => (await ok(endpoint, 'DescribeIndex', { Id: dev })).IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount;
    await ok(endpoint, 'BatchPutDocument', { IndexId: dev, Documents: Array.from({ length: 5 }, (_, n) => ({ Id: `r${n}`, Blob: 'eA==' })) });
    assert.equal(await count(), 9_995);
    // 2 replacements and 8 new documents: the replacements and 5 new ones fit
    const mixed = [{ Id: 'q1', Blob: 'eQ==' }, ...Array.from({ length: 8 }, (_, n) => ({ Id: `s${n}`, Blob: 'eA==' })), { Id: 'q2', Blob: 'eQ==' }];
    const answer = await ok(endpoint, 'BatchPutDocument', { IndexId: dev, Documents: mixed });
    assert.deepEqual(
      answer.FailedDocuments.map((failure: any) => [failure.Id, failure.ErrorCode]),
      [
        ['s5', 'InvalidRequest'],
        ['s6', 'InvalidRequest'],
        ['s7', 'InvalidRequest'],
      ],
    );
    assert.match(answer.FailedDocuments[0].ErrorMessage, /maximum of 10000 documents/);
    assert.equal(await count(), 10_000);
    const over = await ok(endpoint, 'BatchPutDocument', { IndexId: dev, Documents: [{ Id: 'one-more', Blob: 'eA==' }] });
    assert.deepEqual(
      over.FailedDocuments.map((failure: any) => failure.ErrorCode),
      ['InvalidRequest'],
    );
    const status = await ok(endpoint, 'BatchGetDocumentStatus', { IndexId: dev, DocumentInfoList: [{ DocumentId: 'one-more' }, { DocumentId: 's0' }] });
    assert.deepEqual(
      status.DocumentStatusList.map((item: any) => [item.DocumentId, item.DocumentStatus]),
      [
        ['one-more', 'FAILED'],
        ['s0', 'INDEXED'],
      ],
    );
    assert.deepEqual((await ok(endpoint, 'BatchPutDocument', { IndexId: dev, Documents: [{ Id: 'q5', Blob: 'eQ==' }] })).FailedDocuments, []);

    // a data source's sync fails each new document over the quota the same way, and stores those that fit
    mkdirSync(join(service.s3Dir, 'overflow'), { recursive: true });
    writeFileSync(join(service.s3Dir, 'overflow', 'a.txt'), 'first overflow file');
    writeFileSync(join(service.s3Dir, 'overflow', 'b.txt'), 'second overflow file');
    const source = await ok(endpoint, 'CreateDataSource', {
      IndexId: dev,
      Name: 'overflow',
      Type: 'S3',
      RoleArn: 'arn:aws:iam::000000000000:role/search',
      Configuration: { S3Configuration: { BucketName: 'overflow' } },
    });
    await until(async () => (await ok(endpoint, 'DescribeDataSource', { IndexId: dev, Id: source.Id })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchDeleteDocument', { IndexId: dev, DocumentIdList: ['s0'] });
    const { ExecutionId } = await ok(endpoint, 'StartDataSourceSyncJob', { IndexId: dev, Id: source.Id });
    const job = await until(async () => {
      const found = (await ok(endpoint, 'ListDataSourceSyncJobs', { IndexId: dev, Id: source.Id })).History.find(
        (item: any) => item.ExecutionId === ExecutionId,
      );
      return found && found.Status !== 'SYNCING' ? found : undefined;
    });
    assert.equal(job.Status, 'INCOMPLETE');
    assert.equal(job.Metrics.DocumentsAdded, '1');
    assert.equal(job.Metrics.DocumentsFailed, '1');
    assert.equal(await count(), 10_000);
  });
});
