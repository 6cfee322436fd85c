import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentTypeOfKey, extractTextNow } from '../../../src/lib/local/search/core/extract-text.js';
import { listS3Keys, readS3Object, resolveS3Object } from '../../../src/lib/local/search/core/s3-files.js';
import { decodePageToken, listPage, pageOf } from '../../../src/lib/local/search/core/pagination.js';
import { checkInput } from '../../../src/lib/local/protocol/validate-input.js';
import { searchModel } from '../../../src/lib/local/search/core/model.js';

describe('local search: content, S3 dir, tokens and validation', function () {
  it('extracts text from each supported format and refuses the others', () => {
    const text = (source: string, type: string) => extractTextNow(Buffer.from(source), type);
    assert.deepEqual(text('<title>T &amp; U</title><style>x{}</style><p>Hello&nbsp;<b>world</b>&#33;</p>', 'HTML'), { text: 'Hello world !', title: 'T & U' });
    assert.deepEqual(text('# Title\n\nSome **bold** [link](http://x) and `code`.', 'MD'), { text: 'Title\nSome bold link and code.', title: 'Title' });
    assert.deepEqual(text('{"a": ["x", {"b": "y"}], "n": 3}', 'JSON'), { text: 'x\ny\n3' });
    assert.deepEqual(text('{\\rtf1\\ansi Hello\\par World}', 'RTF'), { text: 'Hello\nWorld' });
    assert.throws(() => text('{', 'JSON'), /not valid JSON/);
    assert.throws(() => text('x', 'XLS'), /cannot extract text from XLS documents/);
    assert.equal(contentTypeOfKey('a/b.HTM'), 'HTML');
    assert.equal(contentTypeOfKey('noextension'), 'PLAIN_TEXT');
  });

  it('reads the S3 dir without ever leaving it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimbus-s3-'));
    try {
      mkdirSync(join(dir, 'bucket-a', 'sub'), { recursive: true });
      writeFileSync(join(dir, 'bucket-a', 'sub', 'x.txt'), 'x');
      writeFileSync(join(dir, 'outside.txt'), 'secret');
      symlinkSync(join(dir, 'outside.txt'), join(dir, 'bucket-a', 'link.txt'));
      assert.equal(readS3Object(dir, 'bucket-a', 'sub/x.txt').toString(), 'x');
      assert.deepEqual(listS3Keys(dir, 'bucket-a'), ['sub/x.txt']);
      assert.throws(() => resolveS3Object(dir, 'bucket-a', '../outside.txt'), /'\.\.' segment/);
      assert.throws(() => resolveS3Object(dir, 'bucket-a', '/outside.txt'), /absolute/);
      assert.throws(() => resolveS3Object(dir, 'bucket-a', 'link.txt'), /symbolic link/);
      assert.throws(() => resolveS3Object(dir, '..', 'outside.txt'), /not a valid S3 bucket name/);
      assert.throws(() => resolveS3Object(dir, 'bucket-b', 'x'), /bucket bucket-b does not exist/);
      assert.throws(() => readS3Object(dir, 'bucket-a', 'sub'), /is not an object/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pages with opaque tokens bound to their operation and scope', () => {
    const first = pageOf([1, 2, 3], 0, 2, 10, 'ListFaqs', 'index-1');
    assert.deepEqual(first.page, [1, 2]);
    assert.equal(decodePageToken(first.nextToken, 'ListFaqs', 'index-1'), 2);
    assert.throws(() => decodePageToken(first.nextToken, 'ListThesauri', 'index-1'), /NextToken is not valid/);
    assert.throws(() => decodePageToken(first.nextToken, 'ListFaqs', 'index-2'), /NextToken is not valid/);
    assert.equal(pageOf([1, 2, 3], 2, 2, 10, 'ListFaqs', 'index-1').nextToken, undefined);
  });

  it('answers a List request with its page and the NextToken of the rest', () => {
    const first = listPage([1, 2, 3], {}, 2, 'ListFaqs', 'index-1');
    assert.deepEqual(first.page, [1, 2]);
    const last = listPage([1, 2, 3], { NextToken: first.NextToken }, 2, 'ListFaqs', 'index-1');
    assert.deepEqual(last, { page: [3] }, 'no NextToken member once nothing remains');
    assert.deepEqual(listPage([1, 2, 3], { MaxResults: 5 }, 2, 'ListFaqs', 'index-1'), { page: [1, 2, 3] });
    assert.throws(() => listPage([1, 2, 3], { NextToken: first.NextToken }, 2, 'ListFaqs', 'index-2'), /NextToken is not valid/);
  });

  it('validates input against the model like the real service', () => {
    const validateSearchInput = (operation: string, input: Record<string, unknown>) => checkInput(searchModel().operation(operation)!, input);
    assert.deepEqual(validateSearchInput('ListIndices', { MaxResults: 5, Unknown: 1 }), { problems: [], input: { MaxResults: 5 } });
    const { problems } = validateSearchInput('BatchPutDocument', { IndexId: 'short', Documents: [{ Blob: '!!!' }] });
    assert.deepEqual(problems, [
      "Value 'short' at 'IndexId' failed to satisfy constraint: Member must have length greater than or equal to 36",
      "Value null at 'Documents.1.member.Id' failed to satisfy constraint: Member must not be null",
      "Value '!!!' at 'Documents.1.member.Blob' failed to satisfy constraint: Member must be base64-encoded data",
    ]);
    assert.match(validateSearchInput('CreateIndex', { Name: 'a b', RoleArn: 'arn:aws:iam::1:role/x' }).problems[0]!, /regular expression pattern/);
    assert.match(
      validateSearchInput('ListDataSourceSyncJobs', { Id: 'x', IndexId: 'i'.repeat(36), StartTimeFilter: { StartTime: 'soon' } }).problems[0]!,
      /timestamp/,
    );
  });
});
