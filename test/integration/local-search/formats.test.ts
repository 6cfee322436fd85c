import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchClient } from '../../../src/lib/services/search/search-client.js';
import { docxFile, pdfFile, pptxFile, xlsxFile, zipFile } from '../../fixtures/documents/build-documents.js';
import { extractText, MAX_TEXT_CHARS } from '../../../src/lib/local/search/core/extract-text.js';
import { activeIndex, searchClient, startTestService, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: PDF and Office documents', function () {
  let service: TestService;
  let client: SearchClient;
  let index: string;
  const files: Record<string, Buffer> = {};

  before(async () => {
    service = await startTestService();
    client = searchClient(service.service.endpoint);
    index = await activeIndex(service.service.endpoint);
    files.pdf = pdfFile('Harbour report', ['Zeppelins moor over the harbour at dawn.', 'Cargo volumes rose.']);
    files.docx = await docxFile('Leave policy', ['Annual leave is twenty-five days.', 'Sabbaticals need approval.']);
    files.pptx = await pptxFile('Roadmap deck', ['Kestrel launches in spring', 'Osprey follows in autumn']);
    files.xlsx = await xlsxFile('Observatory budget', [
      ['Item', 'Cost'],
      ['Telescopes', 1200],
      ['Spectrographs', 800],
    ]);
  });
  after(() => service.stop());

  const hits = async (text: string) =>
    (await client.queryAsync({ IndexId: index, QueryText: text })).ResultItems!.map((item) => [item.DocumentId, item.DocumentTitle?.Text]);

  it('extracts the text and title of PDF, Word, PowerPoint and Excel documents put with BatchPutDocument', async () => {
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { Id: 'report.pdf', Blob: files.pdf!, ContentType: 'PDF' },
        { Id: 'leave.docx', Blob: files.docx!, ContentType: 'MS_WORD' },
        { Id: 'roadmap.pptx', Blob: files.pptx!, ContentType: 'PPT' },
        { Id: 'budget.xlsx', Blob: files.xlsx!, ContentType: 'MS_EXCEL', Title: 'Budget 2027' },
      ],
    });
    assert.deepEqual(put.FailedDocuments, []);
    assert.deepEqual(await hits('zeppelins harbour'), [['report.pdf', 'Harbour report']]);
    assert.deepEqual(await hits('sabbaticals'), [['leave.docx', 'Leave policy']]);
    assert.deepEqual(await hits('osprey'), [['roadmap.pptx', 'Roadmap deck']]);
    assert.deepEqual(await hits('spectrographs'), [['budget.xlsx', 'Budget 2027']], 'a Title given in the request wins over the file’s own');
  });

  it('fails a corrupt, encrypted or legacy document alone, with the reason', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
    const crowded = await zipFile(Object.fromEntries(Array.from({ length: 10_001 }, (_, n) => [`word/media/${n}.txt`, ''])));
    const put = await client.batchPutDocumentAsync({
      IndexId: index,
      Documents: [
        { Id: 'broken.pdf', Blob: Buffer.from('%PDF-1.4 this is not really a PDF'), ContentType: 'PDF' },
        { Id: 'broken.docx', Blob: Buffer.from('not a zip at all'), ContentType: 'MS_WORD' },
        { Id: 'legacy.xls', Blob: ole, ContentType: 'MS_EXCEL' },
        { Id: 'empty.pptx', Blob: await zipFile({ 'readme.txt': 'hello' }), ContentType: 'PPT' },
        { Id: 'locked.pdf', Blob: pdfFile('Locked', ['Secret plans'], { userPassword: true }), ContentType: 'PDF' },
        { Id: 'crowded.docx', Blob: crowded, ContentType: 'MS_WORD' },
        { Id: 'fine.pdf', Blob: pdfFile('Fine', ['Marmalade recipes']), ContentType: 'PDF' },
      ],
    });
    const failed = Object.fromEntries(put.FailedDocuments!.map((item) => [item.Id, [item.ErrorCode, item.ErrorMessage]]));
    assert.deepEqual(Object.keys(failed).sort(), ['broken.docx', 'broken.pdf', 'crowded.docx', 'empty.pptx', 'legacy.xls', 'locked.pdf']);
    assert.equal(failed['locked.pdf']![1], 'the PDF document cannot be read: it is encrypted with a password.');
    assert.equal(failed['crowded.docx']![1], 'the MS_WORD document is not a readable Word (.docx) file: the zip has 10001 entries; at most 10000 are allowed.');
    assert.deepEqual(failed['broken.pdf'], ['InvalidRequest', 'the PDF document cannot be read: it is not a valid PDF file (Invalid PDF structure.).']);
    assert.match(failed['broken.docx']![1]!, /^the MS_WORD document is not a readable Word \(\.docx\) file: it is not a valid zip archive/);
    assert.match(failed['legacy.xls']![1]!, /legacy binary Office file .* or a password-protected one/);
    assert.match(failed['empty.pptx']![1]!, /has no slides/);
    assert.deepEqual(await hits('marmalade'), [['fine.pdf', 'Fine']]);
  });

  it('keeps the first 5,242,880 characters of a document’s text', async () => {
    const long = await docxFile('Long', ['aardvark', 'x'.repeat(MAX_TEXT_CHARS), 'zebra']);
    const { text } = await extractText(long, 'MS_WORD');
    assert.equal(text.length, MAX_TEXT_CHARS);
    assert.ok(text.startsWith('aardvark\nxxx'));
  });

  it('indexes each format from an S3 data source and counts a corrupt one as failed', async () => {
    const bucket = join(service.s3Dir, 'library');
    mkdirSync(join(bucket, 'docs'), { recursive: true });
    writeFileSync(join(bucket, 'docs', 'harbour.pdf'), pdfFile('Harbour notes', ['Lighthouses blink at night.']));
    writeFileSync(join(bucket, 'docs', 'handbook.docx'), await docxFile('Handbook', ['Onboarding takes a fortnight.']));
    writeFileSync(join(bucket, 'docs', 'plans.pptx'), await pptxFile('Plans', ['Gannet project kickoff']));
    writeFileSync(join(bucket, 'docs', 'inventory.xlsx'), await xlsxFile('Inventory', [['Barometers', 7]]));
    writeFileSync(join(bucket, 'docs', 'damaged.xlsx'), Buffer.from('PK\u0003\u0004 truncated'));
    const { Id } = await client.createDataSourceAsync({
      IndexId: index,
      Name: 'library',
      Type: 'S3',
      RoleArn: ROLE,
      Configuration: { S3Configuration: { BucketName: 'library' } },
    });
    await until(async () => (await client.describeDataSourceAsync({ IndexId: index, Id: Id! })).Status === 'ACTIVE');
    const { ExecutionId } = await client.startDataSourceSyncJobAsync({ IndexId: index, Id: Id! });
    const job = await until(async () => {
      const history = (await client.listDataSourceSyncJobsAsync({ IndexId: index, Id: Id! })).History!;
      const found = history.find((item) => item.ExecutionId === ExecutionId);
      return found && !['SYNCING', 'STOPPING'].includes(found.Status!) ? found : undefined;
    }, 15_000);
    assert.equal(job.Status, 'INCOMPLETE');
    assert.deepEqual(job.Metrics, { DocumentsAdded: '4', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '1', DocumentsScanned: '5' });
    assert.deepEqual(await hits('lighthouses'), [['s3://library/docs/harbour.pdf', 'Harbour notes']]);
    assert.deepEqual(await hits('fortnight'), [['s3://library/docs/handbook.docx', 'Handbook']]);
    assert.deepEqual(await hits('gannet'), [['s3://library/docs/plans.pptx', 'Plans']]);
    assert.deepEqual(await hits('barometers'), [['s3://library/docs/inventory.xlsx', 'Inventory']]);
  });
});
