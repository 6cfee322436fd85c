import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { documentCheck } from '../../../src/lib/bulk/document-entry.js';
import { jsonlSource, parseJsonlDocument } from '../../../src/lib/bulk/jsonl-source.js';
import type { SourceItem } from '../../../src/lib/bulk/types.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { testClient } from './doc-server.js';

const rules = { check: documentCheck(testClient('http://127.0.0.1:1')) };
const parse = (line: string) => parseJsonlDocument(line, { line: 7 }, rules);

function failureOf(item: SourceItem<SearchDocument>) {
  assert.equal(item.kind, 'failure');
  return item as Extract<SourceItem<SearchDocument>, { kind: 'failure' }>;
}

describe('bulk: JSON Lines documents', () => {
  it('decodes a base64 Blob and keeps the other members', () => {
    const item = parse(
      JSON.stringify({
        Id: 'a',
        Title: 'T',
        Blob: Buffer.from('héllo').toString('base64'),
        ContentType: 'HTML',
        Attributes: [{ Key: 'k', Value: { LongValue: 3 } }],
      }),
    );
    assert.equal(item.kind, 'item');
    if (item.kind !== 'item') return;
    assert.equal(item.id, 'a');
    assert.deepEqual(item.item.Blob, Buffer.from('héllo'));
    assert.equal(item.item.ContentType, 'HTML');
    assert.equal(item.contentBytes, 6);
    assert.ok(item.bytes > 8 + JSON.stringify({ Id: 'a', Title: 'T' }).length);
    assert.deepEqual(item.ref, { line: 7 });
  });

  it('takes plain Text instead of Blob, as PLAIN_TEXT unless a content type is given', () => {
    const plain = parse('{"Id": "t", "Text": "some words"}');
    assert.equal(plain.kind, 'item');
    if (plain.kind === 'item') {
      assert.deepEqual(plain.item.Blob, Buffer.from('some words'));
      assert.equal(plain.item.ContentType, 'PLAIN_TEXT');
      assert.equal('Text' in plain.item, false);
    }
    const markdown = parse('{"Id": "m", "Text": "# hi", "ContentType": "MD"}');
    assert.equal(markdown.kind === 'item' && markdown.item.ContentType, 'MD');
  });

  for (const [label, line, code, id, pattern] of [
    ['malformed JSON', '{"Id": "x", ', 'InvalidJson', null, /not valid JSON/],
    ['a JSON array', '[1, 2]', 'InvalidDocument', null, /expected a JSON object/],
    ['no Id', '{"Text": "x"}', 'InvalidDocument', null, /no Id/],
    ['both Blob and Text', '{"Id": "b", "Blob": "eA==", "Text": "x"}', 'InvalidDocument', 'b', /either Blob or Text/],
    ['Blob that is not base64', '{"Id": "b", "Blob": "not base64!"}', 'InvalidDocument', 'b', /base64/],
    ['a non-string Text', '{"Id": "b", "Text": 5}', 'InvalidDocument', 'b', /Text must be a string/],
    ['an unknown content type', '{"Id": "c", "Text": "x", "ContentType": "EPUB"}', 'InvalidDocument', 'c', /ContentType/],
    ['an unknown member', '{"Id": "u", "Text": "x", "Colour": "red"}', 'InvalidDocument', 'u', /Colour/],
    [
      'an attribute key too long',
      `{"Id": "k", "Text": "x", "Attributes": [{"Key": "${'k'.repeat(201)}", "Value": {"StringValue": "v"}}]}`,
      'InvalidDocument',
      'k',
      /Attributes\[0\]\.Key/,
    ],
  ] as const) {
    it(`fails ${label} alone, with its line and code`, () => {
      const failure = failureOf(parse(line));
      assert.equal(failure.code, code);
      assert.equal(failure.id, id);
      assert.deepEqual(failure.ref, { line: 7 });
      assert.match(failure.message, pattern);
    });
  }

  it('fails a document over the size limit without the model check', () => {
    const failure = failureOf(parseJsonlDocument(JSON.stringify({ Id: 'big', Text: 'x'.repeat(101) }), { line: 1 }, { ...rules, maxDocumentBytes: 100 }));
    assert.equal(failure.code, 'DocumentTooLarge');
    assert.equal(failure.id, 'big');
  });

  it('streams a file of lines with line numbers, skipping blank lines, CRLF or LF', async () => {
    const text = '{"Id": "1", "Text": "a"}\r\n\r\n{"Id": "2", "Text": "b"}\nnot json\n   \n{"Id": "4", "Text": "d"}';
    const items: SourceItem<SearchDocument>[] = [];
    for await (const item of jsonlSource(Readable.from([Buffer.from(text)]), rules, new AbortController().signal)) items.push(item);
    assert.deepEqual(
      items.map((item) => [item.kind, item.kind === 'skip' ? null : item.id, item.ref.line]),
      [
        ['item', '1', 1],
        ['item', '2', 3],
        ['failure', null, 4],
        ['item', '4', 6],
      ],
    );
  });
});
