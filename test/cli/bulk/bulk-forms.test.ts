import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nimbus, requireBuild } from '../helpers/cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { createActiveIndex, localClient, readFailures, storedIds } from '../../integration/bulk/support.js';

/** `count` JSON Lines documents `p-0`, `p-1`… with plain text. */
function jsonl(count: number, prefix = 'p'): string {
  return Array.from({ length: count }, (_, i) => JSON.stringify({ Id: `${prefix}-${i}`, Title: `Doc ${i}`, Text: `text of ${prefix} ${i}` })).join('\n') + '\n';
}

describe('nimbus search document put/delete: bulk forms, usage and output', function () {
  this.timeout(60_000);
  let t: TestService;
  let indexId: string;

  before(async () => {
    requireBuild();
    t = await startTestService();
    indexId = await createActiveIndex(localClient(t.service.endpoint));
    writeFileSync(join(t.dir, 'docs.jsonl'), jsonl(25));
  });
  after(async () => t?.close());

  const stdin = (args: string[], input: string) => nimbus([...args, '--endpoint-url', t.service.endpoint], { env: t.env, input });
  const stored = () => storedIds(join(t.dir, 'data'), indexId);

  it('loads a directory tree with --from: file ids, sidecar ids and titles, summary on stdout, exit 0', async () => {
    const tree = join(t.dir, 'handbook');
    mkdirSync(join(tree, 'nested'), { recursive: true });
    writeFileSync(join(tree, 'intro.txt'), 'welcome aboard zeppelin');
    writeFileSync(join(tree, 'guide.md'), '# Guide\n\nhow to fly a dirigible');
    writeFileSync(join(tree, 'guide.md.metadata.json'), JSON.stringify({ DocumentId: 'the-guide', Title: 'Flying guide' }));
    writeFileSync(join(tree, 'nested', 'page.html'), '<html><body><p>balloon page</p></body></html>');
    const result = await t.run(['search', 'document', 'put', '--index-id', indexId, '--from', tree]);
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual([summary.read, summary.acknowledged, summary.failed, summary.calls], [3, 3, 0, 1]);
    assert.equal(summary.lastLine, undefined);
    assert.match(result.stderr, /^3 documents sent, 0 failed, 0 retried \([\d.]+ [KB ]+\) in /m);
    for (const id of ['intro.txt', 'the-guide', 'nested/page.html']) assert.ok(stored().has(id), id);
    const { ResultItems } = await localClient(t.service.endpoint).queryAsync({ IndexId: indexId, QueryText: 'dirigible' });
    assert.equal(ResultItems?.[0]?.DocumentTitle?.Text, 'Flying guide');
  });

  it('reads JSON Lines from standard input; --query and --output apply to the summary', async () => {
    const result = await stdin(
      ['search', 'document', 'put', '--index-id', indexId, '--jsonl', '-', '--query', '[acknowledged, failed, lastLine]', '--output', 'text'],
      jsonl(25, 'q'),
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '25\t0\t25\n');
    for (let i = 0; i < 25; i++) assert.ok(stored().has(`q-${i}`));
  });

  it('without --failures lists the first failures on stderr and exits 254', async () => {
    const lines = [...Array.from({ length: 12 }, (_, i) => `{"Id": "bad-${i}", "Text": 7}`), '{"Id": "fine", "Text": "ok"}', 'not json'];
    const result = await stdin(['search', 'document', 'put', '--index-id', indexId, '--jsonl', '-'], `${lines.join('\n')}\n`);
    assert.equal(result.code, 254, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual([summary.read, summary.acknowledged, summary.failed], [14, 1, 13]);
    assert.match(result.stderr, /^Failed documents:\n {2}bad-0 \(line 1\): InvalidDocument: Text must be a string$/m);
    assert.match(result.stderr, /^ {2}… and 3 more: --failures FILE lists them all\.$/m);
    assert.match(result.stderr, /^nimbus: 13 of 14 documents failed$/m);
    assert.ok(stored().has('fine'));
  });

  it('an unknown index stops the run (exit 254) and every document read is listed as failed', async () => {
    const failures = join(t.dir, 'unknown-index.jsonl');
    const result = await t.run([
      'search',
      'document',
      'put',
      '--index-id',
      '00000000-0000-4000-8000-000000000000',
      '--jsonl',
      join(t.dir, 'docs.jsonl'),
      '--failures',
      failures,
    ]);
    assert.equal(result.code, 254, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.stopped.code, 'ResourceNotFoundException');
    assert.equal(summary.acknowledged, 0);
    assert.equal(readFailures(failures).length, summary.read);
    assert.match(result.stderr, /^nimbus: the run stopped after ResourceNotFoundException; /m);
  });

  it('deletes ids read from standard input with --ids-from -, skipping blank lines', async () => {
    const result = await stdin(['search', 'document', 'delete', '--index-id', indexId, '--ids-from', '-'], 'q-0\n\nq-1\r\nq-2\n');
    assert.equal(result.code, 0, result.stderr);
    const { elapsedMs, rate, ...counts } = JSON.parse(result.stdout);
    assert.ok(elapsedMs >= 0 && rate > 0);
    assert.deepEqual(counts, {
      read: 3,
      unchanged: 0,
      skipped: 0,
      acknowledged: 3,
      failed: 0,
      retried: 0,
      throttled: 0,
      concurrency: { max: 8, lowest: 8 },
      bytes: 0,
      calls: 1,
      lastLine: 4,
    });
    assert.match(result.stderr, /^3 documents deleted, 0 failed/m);
    assert.ok(!stored().has('q-0') && !stored().has('q-2') && stored().has('q-3'));
  });

  it('keeps the one-batch forms: --documents and --document-id-list print the operation result', async () => {
    const put = await t.run([
      'search',
      'document',
      'put',
      '--index-id',
      indexId,
      '--documents',
      JSON.stringify([{ Id: 'one', Blob: Buffer.from('single').toString('base64'), ContentType: 'PLAIN_TEXT' }]),
    ]);
    assert.equal(put.code, 0, put.stderr);
    assert.deepEqual(JSON.parse(put.stdout), { FailedDocuments: [] });
    const removed = await t.run(['search', 'document', 'delete', '--index-id', indexId, '--document-id-list', 'one']);
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(JSON.parse(removed.stdout), { FailedDocuments: [] });
    assert.equal(put.stderr + removed.stderr, '');
  });

  /** Bad invocations: arguments with `@/` standing for the test directory, and the message expected. */
  const usage: Array<[string, string[], RegExp]> = [
    ['two sources', ['put', '--jsonl', '@/docs.jsonl', '--from', '@/'], /cannot also be provided when using/],
    ['--documents with --jsonl', ['put', '--jsonl', '@/docs.jsonl', '--documents', '[]'], /cannot also be provided when using/],
    ['--ids-from with --document-id-list', ['delete', '--ids-from', '@/docs.jsonl', '--document-id-list', 'a'], /cannot also be provided when using/],
    [
      '--concurrency without a bulk source',
      ['put', '--documents', '[{"Id":"x"}]', '--concurrency', '2'],
      /^nimbus: --concurrency goes with --from or --jsonl \(a bulk run\)$/m,
    ],
    [
      '--failures without --ids-from',
      ['delete', '--document-id-list', 'a', '--failures', '@/f.jsonl'],
      /^nimbus: --failures goes with --ids-from \(a bulk run\)$/m,
    ],
    ['a missing JSON Lines file', ['put', '--jsonl', '@/missing.jsonl'], /^nimbus: --jsonl \S+\/missing\.jsonl: no such file or directory$/m],
    ['a directory as --jsonl', ['put', '--jsonl', '@/'], /^nimbus: --jsonl \S+: is a directory, not a file$/m],
    ['a missing --from path', ['put', '--from', '@/docs.jsonl', '@/nowhere'], /^nimbus: --from \S+\/nowhere: no such file or directory$/m],
    ['a failures file over the input', ['put', '--jsonl', '@/docs.jsonl', '--failures', '@/./docs.jsonl'], /is also an input: it would be overwritten/],
    [
      'a failures file in a missing directory',
      ['delete', '--ids-from', '@/docs.jsonl', '--failures', '@/no/dir/f.jsonl'],
      /the directory \S+\/no\/dir does not exist/,
    ],
    [
      'an invalid index id',
      ['put', '--jsonl', '@/docs.jsonl', '--index-id', 'x'.repeat(40)],
      /^nimbus: InvalidArgumentException: Found 1 error in the input of BatchPutDocument: .*IndexId/m,
    ],
    [
      'two invalid shared members, one a line',
      ['put', '--jsonl', '@/docs.jsonl', '--index-id', 'x'.repeat(40), '--role-arn', 'r'],
      /^nimbus: InvalidArgumentException: Found 2 errors in the input of BatchPutDocument:\n {2}- .*\n {2}- .*$/m,
    ],
    ['a concurrency of 0', ['put', '--jsonl', '@/docs.jsonl', '--concurrency', '0'], /--concurrency: Expected an integer greater than or equal to 1/],
    [
      'Documents in --cli-input-json with --jsonl',
      ['put', '--jsonl', '@/docs.jsonl', '--cli-input-json', '{"Documents":[{"Id":"x"}]}'],
      /--cli-input-json gives Documents/,
    ],
  ];
  for (const [name, args, message] of usage) {
    it(`is a usage error (252), before anything is sent: ${name}`, async () => {
      const [verb, ...rest] = args.map((arg) => arg.replace(/^@\//, `${t.dir}/`));
      const before = stored().size;
      const result = await t.run(['search', 'document', verb!, ...(rest.includes('--index-id') ? rest : ['--index-id', indexId, ...rest])]);
      assert.equal(result.code, 252, result.stderr);
      assert.match(result.stderr, message);
      assert.equal(result.stdout, '');
      assert.equal(stored().size, before);
      assert.ok(!existsSync(join(t.dir, 'f.jsonl')));
    });
  }

  it('names the bulk flags in the help, with the one-batch flag no longer plainly required', async () => {
    const help = await t.run(['search', 'document', 'put', '--help']);
    assert.match(help.stdout, /BULK FLAGS\n {2}--concurrency=<n>/);
    assert.match(help.stdout, /--from=<path>\.\.\.\s/);
    assert.match(help.stdout, /Required unless --from or --jsonl is given\./);
    const remove = await t.run(['search', 'document', 'delete', '--help']);
    assert.match(remove.stdout, /--ids-from=<file\|->/);
  });
});
