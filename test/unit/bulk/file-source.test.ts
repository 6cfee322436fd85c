import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentCheck } from '../../../src/lib/bulk/document-entry.js';
import { fileSource } from '../../../src/lib/bulk/file-source.js';
import type { SourceItem } from '../../../src/lib/bulk/types.js';
import type { SearchDocument } from '../../../src/lib/services/search/types.js';
import { testClient } from './doc-server.js';

const rules = { check: documentCheck(testClient('http://127.0.0.1:1')) };

/** The documents and failures of a load by id (skipped files left out). */
async function collect(roots: string[], maxDocumentBytes?: number): Promise<Map<string, Exclude<SourceItem<SearchDocument>, { kind: 'skip' }>>> {
  const items = new Map<string, Exclude<SourceItem<SearchDocument>, { kind: 'skip' }>>();
  for await (const item of fileSource(roots, { ...rules, maxDocumentBytes }, new AbortController().signal))
    if (item.kind !== 'skip') items.set(String(item.id), item);
  return items;
}

describe('bulk: documents from files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'nimbus-files-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (path: string, content: string | Buffer) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  };

  it('walks directories recursively with content types by extension and ids relative to the root', async () => {
    write('a.txt', 'plain');
    write('notes/b.md', '# md');
    write('notes/deep/c.html', '<p>x</p>');
    write('notes/deep/d.htm', '<p>y</p>');
    write('data/e.json', '{"k": 1}');
    write('bin/f.pdf', Buffer.from([0x25, 0x50, 0x44, 0x46]));
    write('bin/g.docx', 'word');
    write('bin/h.pptx', 'slides');
    write('bin/i.xlsx', 'sheet');
    write('skip/picture.png', 'png');
    write('skip/.hidden.txt', 'hidden');
    write('.git/config.txt', 'hidden dir');
    const items = await collect([dir]);
    const types = Object.fromEntries([...items].map(([id, item]) => [id, item.kind === 'item' ? item.item.ContentType : item.code]));
    assert.deepEqual(types, {
      'a.txt': 'PLAIN_TEXT',
      'notes/b.md': 'MD',
      'notes/deep/c.html': 'HTML',
      'notes/deep/d.htm': 'HTML',
      'data/e.json': 'JSON',
      'bin/f.pdf': 'PDF',
      'bin/g.docx': 'MS_WORD',
      'bin/h.pptx': 'PPT',
      'bin/i.xlsx': 'MS_EXCEL',
    });
    const pdf = items.get('bin/f.pdf')!;
    assert.ok(pdf.kind === 'item');
    assert.deepEqual(pdf.item.Blob, Buffer.from([0x25, 0x50, 0x44, 0x46]));
    assert.equal(pdf.contentBytes, 4);
    assert.equal(pdf.ref.path, join(dir, 'bin/f.pdf'));
  });

  it('applies sidecars: id, title, content type, typed attributes, ACL; sidecars are not documents', async () => {
    write('r/report.txt', 'numbers');
    write(
      'r/report.txt.metadata.json',
      JSON.stringify({
        DocumentId: 'reports/q1',
        Title: 'Q1',
        ContentType: 'CSV',
        Attributes: { year: 2020, _category: 'fin', _created_at: '2020-01-01T00:00:00Z', tags: ['x'] },
        AccessControlList: [{ Name: 'u', Type: 'USER', Access: 'ALLOW' }],
      }),
    );
    write('r/plain.txt', 'no sidecar');
    write('r/orphan.pdf.metadata.json', '{}');
    const items = await collect([join(dir, 'r')]);
    assert.deepEqual([...items.keys()].sort(), ['plain.txt', 'reports/q1']);
    const report = items.get('reports/q1')!;
    assert.ok(report.kind === 'item');
    assert.equal(report.item.Title, 'Q1');
    assert.equal(report.item.ContentType, 'CSV');
    assert.deepEqual(report.item.AccessControlList, [{ Name: 'u', Type: 'USER', Access: 'ALLOW' }]);
    assert.deepEqual(report.item.Attributes, [
      { Key: 'year', Value: { LongValue: 2020 } },
      { Key: '_category', Value: { StringValue: 'fin' } },
      { Key: '_created_at', Value: { DateValue: new Date('2020-01-01T00:00:00Z') } },
      { Key: 'tags', Value: { StringListValue: ['x'] } },
    ]);
  });

  it('fails a document with a bad sidecar, a file over the limit, or an invalid sidecar value, alone', async () => {
    write('bad.txt', 'x');
    write('bad.txt.metadata.json', '{"Title": ');
    write('big.txt', 'y'.repeat(50));
    write('acl.txt', 'z');
    write('acl.txt.metadata.json', JSON.stringify({ AccessControlList: [{ Name: 'u', Type: 'ROBOT', Access: 'ALLOW' }] }));
    write('ok.txt', 'fine');
    const items = await collect([dir], 10);
    const codes = Object.fromEntries([...items].map(([id, item]) => [id, item.kind === 'item' ? 'item' : item.code]));
    assert.deepEqual(codes, { 'bad.txt': 'InvalidMetadata', 'big.txt': 'DocumentTooLarge', 'acl.txt': 'InvalidDocument', 'ok.txt': 'item' });
    const bad = items.get('bad.txt')!;
    assert.ok(bad.kind === 'failure' && /bad\.txt\.metadata\.json: not valid JSON/.test(bad.message));
  });

  it('takes files given directly (id = file name), by the same rules, and follows file symlinks, not directory symlinks', async () => {
    write('one/x.txt', 'x');
    write('one/x.txt.metadata.json', '{"Title": "X"}');
    write('one/x.png', 'png');
    write('two/y.md', 'y');
    symlinkSync(join(dir, 'one/x.txt'), join(dir, 'two/link.txt'));
    symlinkSync(join(dir, 'one'), join(dir, 'two/loop'));
    const items = await collect([join(dir, 'one/x.txt'), join(dir, 'one/x.txt.metadata.json'), join(dir, 'one/x.png'), join(dir, 'two')]);
    assert.deepEqual([...items.keys()].sort(), ['link.txt', 'x.txt', 'y.md']);
    const x = items.get('x.txt')!;
    assert.ok(x.kind === 'item' && x.item.Title === 'X');
  });

  it('fails up front, in one line, for a root that does not exist', async () => {
    await assert.rejects(collect([join(dir, 'missing')]), /^Error: cannot read .*missing: no such file or directory$/);
  });

  it('tells its position once the background count is done', async () => {
    for (let i = 0; i < 5; i++) write(`f${i}.txt`, 'x');
    const source = fileSource([dir], rules, new AbortController().signal);
    let seen = 0;
    for await (const _item of source) {
      seen++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(seen, 5);
    assert.deepEqual(source.position?.(), { done: 5, total: 5 });
  });
});
