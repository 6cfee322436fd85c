import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { createActiveIndex, localClient, readFailures, storedIds } from '../../integration/bulk/support.js';

describe('nimbus search document put --from/--jsonl: one id per document, skipped files, file-name titles', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    t = await startTestService();
  });
  after(async () => t?.close());

  const newIndex = () => createActiveIndex(localClient(t.service.endpoint));
  const stored = (indexId: string) => storedIds(join(t.dir, 'data'), indexId);
  const tree = (name: string, files: Record<string, string | Buffer>): string => {
    const root = join(t.dir, name);
    for (const [path, contents] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), contents);
    }
    return root;
  };
  const titleOf = async (indexId: string, word: string): Promise<string | undefined> => {
    const { ResultItems } = await localClient(t.service.endpoint).queryAsync({ IndexId: indexId, QueryText: word });
    return ResultItems?.[0]?.DocumentTitle?.Text;
  };

  it('refuses two roots that share a relative path (exit 252), listing the clash, and sends nothing', async () => {
    const indexId = await newIndex();
    const t1 = tree('t1', { 'x/a.txt': 'one zebra' });
    const t2 = tree('t2', { 'x/a.txt': 'two zebra', 'x/b.txt': 'bee' });
    const result = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', t1, t2]);
    assert.equal(result.code, 252, result.stderr);
    assert.ok(result.stderr.includes(`x/a.txt: ${join(t1, 'x', 'a.txt')}, ${join(t2, 'x', 'a.txt')}`), result.stderr);
    assert.match(result.stderr, /^nimbus: 1 document id is given to more than one document.*nothing was sent; give --id-base DIR/m);
    assert.equal(stored(indexId).size, 0);

    // With --id-base the two files have distinct ids, and both are stored.
    const based = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', t1, t2, '--id-base', t.dir]);
    assert.equal(based.code, 0, based.stderr);
    assert.deepEqual([...stored(indexId)].sort(), ['t1/x/a.txt', 't2/x/a.txt', 't2/x/b.txt']);
  });

  it('refuses a sidecar DocumentId that another file has, and repeated ids in a JSON Lines file', async () => {
    const indexId = await newIndex();
    const root = tree('sidecar-clash', { 'a.txt': 'alpha', 'b.txt': 'beta', 'b.txt.metadata.json': JSON.stringify({ DocumentId: 'a.txt' }) });
    const files = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', root]);
    assert.equal(files.code, 252, files.stderr);
    const listed = /^ {2}a\.txt: (.+), (.+)$/m.exec(files.stderr);
    assert.deepEqual([listed?.[1], listed?.[2]].sort(), [join(root, 'a.txt'), join(root, 'b.txt')], files.stderr);

    const jsonl = join(t.dir, 'repeated.jsonl');
    writeFileSync(jsonl, ['{"Id":"d1","Text":"first"}', '{"Id":"d2","Text":"x"}', '{"Id":"d1","Text":"second"}'].join('\n'));
    const lines = await t.run(['search', 'document', 'put', '--index-id', indexId, '--jsonl', jsonl]);
    assert.equal(lines.code, 252, lines.stderr);
    assert.match(lines.stderr, /^ {2}d1: line 1, line 3$/m);
    assert.equal(stored(indexId).size, 0);
  });

  it('from standard input, sends the first document of an id and fails the repeats as DuplicateId (exit 252)', async () => {
    const indexId = await newIndex();
    const failures = join(t.dir, 'dup-failures.jsonl');
    const input = ['{"Id":"d1","Text":"first quokka"}', '{"Id":"d2","Text":"x"}', '{"Id":"d1","Text":"second wombat"}'].join('\n');
    const result = await nimbus(
      ['search', 'document', 'put', '--index-id', indexId, '--jsonl', '-', '--failures', failures, '--endpoint-url', t.service.endpoint],
      {
        env: t.env,
        input,
      },
    );
    assert.equal(result.code, 252, result.stderr);
    assert.match(result.stderr, /^nimbus: 1 document repeated the id of an earlier one and was not sent \(DuplicateId\)/m);
    assert.deepEqual(
      readFailures(failures).map((failure) => [failure.id, failure.code, failure.line]),
      [['d1', 'DuplicateId', 3]],
    );
    assert.deepEqual([...stored(indexId)].sort(), ['d1', 'd2']);
    assert.equal((await localClient(t.service.endpoint).queryAsync({ IndexId: indexId, QueryText: 'wombat' })).ResultItems?.length, 0);
  });

  it('--id-base gives a file the same id whichever path is given, and refuses files outside it', async () => {
    const indexId = await newIndex();
    const corpus = tree('corpus', { 'sub3/file3.html': '<p>file three</p>', 'top.txt': 'top' });
    const whole = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', corpus, '--id-base', corpus]);
    assert.equal(whole.code, 0, whole.stderr);
    const one = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', join(corpus, 'sub3', 'file3.html'), '--id-base', corpus]);
    assert.equal(one.code, 0, one.stderr);
    assert.deepEqual([...stored(indexId)].sort(), ['sub3/file3.html', 'top.txt']);

    const outside = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', corpus, '--id-base', join(corpus, 'sub3')]);
    assert.equal(outside.code, 252, outside.stderr);
    assert.match(outside.stderr, /^nimbus: 1 file is outside --id-base .*sub3/m);
    assert.ok(outside.stderr.includes(`  ${join(corpus, 'top.txt')}\n`), outside.stderr);

    const help = await t.run(['search', 'document', 'put', '--help']);
    const text = help.stdout.replace(/\s+/g, ' ');
    assert.match(text, /--id-base=<dir> With --from: make every file's id its path relative to this directory/);
    assert.match(text, /a file's id is its path relative to the directory given to --from/);
  });

  it('counts and lists skipped files with the reason; reads a text file without an extension', async () => {
    const indexId = await newIndex();
    const root = tree('mixed', {
      'page.txt': 'plain page',
      'picture.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      blob: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]),
      NOTES: 'release notes mention a narwhal\n',
      '.hidden.txt': 'secret',
      '.git/config': '[core]',
    });
    const failures = join(t.dir, 'skips.jsonl');
    const result = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', root, '--failures', failures]);
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual([summary.read, summary.acknowledged, summary.failed, summary.skipped], [2, 2, 0, 4]);
    assert.match(result.stderr, /^Skipped 4 files that are not documents to send .*: listed in .*skips\.jsonl with the reason\.$/m);
    const skips = new Map(readFailures(failures).map((record) => [record.path, [record.code, record.message]]));
    assert.deepEqual(skips.get(join(root, 'picture.png')), ['Skipped', '.png is not a type the service indexes']);
    assert.deepEqual(skips.get(join(root, 'blob')), ['Skipped', 'no extension, and the content is not text (UTF-8 without NUL bytes)']);
    assert.deepEqual(skips.get(join(root, '.hidden.txt')), ['Skipped', 'a hidden file']);
    assert.deepEqual(skips.get(join(root, '.git')), ['Skipped', 'a hidden directory']);
    assert.deepEqual([...stored(indexId)].sort(), ['NOTES', 'page.txt']);
    assert.equal(await titleOf(indexId, 'narwhal'), 'NOTES');

    const help = await t.run(['search', 'document', 'put', '--help']);
    const text = help.stdout.replace(/\s+/g, ' ');
    assert.match(text, /Files read with --from: \.txt .* and files without an extension whose content is text/);
    assert.match(text, /Skipped, counted in the summary and listed with --failures/);
  });

  it('titles plain text, CSV and JSON documents by their file name; a sidecar Title wins', async () => {
    const indexId = await newIndex();
    const root = tree('titles', {
      'meeting-notes.txt': 'minutes about a capybara',
      'prices.csv': 'item,price\nokapi,3\n',
      'config.json': '{"animal": "pangolin"}',
      'named.txt': 'a tapir appears',
      'named.txt.metadata.json': JSON.stringify({ Title: 'Chosen title' }),
    });
    const result = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', root]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(await titleOf(indexId, 'capybara'), 'meeting-notes');
    assert.equal(await titleOf(indexId, 'okapi'), 'prices');
    assert.equal(await titleOf(indexId, 'pangolin'), 'config');
    assert.equal(await titleOf(indexId, 'tapir'), 'Chosen title');
  });
});
