import assert from 'node:assert/strict';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

describe('nimbus pagination flags', function () {
  this.timeout(60_000);
  let t: TestService;
  let names: string[];

  before(async () => {
    requireBuild();
    t = await startTestService();
    names = ['p1', 'p2', 'p3', 'p4', 'p5'];
    // One at a time, so that the service lists them in this order.
    for (const name of names) json(await t.run(['search', 'index', 'create', '--name', name, '--role-arn', 'arn:aws:iam::000000000000:role/r']));
  });
  after(() => t?.close());

  const listNames = (result: { IndexConfigurationSummaryItems: Array<{ Name: string }> }): string[] =>
    result.IndexConfigurationSummaryItems.map((item) => item.Name);

  it('follows every page and merges them, whatever the page size', async () => {
    const [all, small] = (await Promise.all([t.run(['search', 'index', 'list']), t.run(['search', 'index', 'list', '--page-size', '2', '--stats'])])).map(
      (result) => ({ data: json(result), stderr: result.stderr }),
    );
    assert.deepEqual(listNames(all.data), names);
    assert.deepEqual(small.data, all.data, 'the same merged result from pages of 2');
    assert.equal(small.data.NextToken, undefined);
    assert.match(small.stderr, /3 requests/);
  });

  it('--query sees the merged result, not one page', async () => {
    const result = await t.run(['search', 'index', 'list', '--page-size', '2', '--query', 'length(IndexConfigurationSummaryItems)']);
    assert.equal(result.stdout, '5\n');
  });

  it('--max-items stops early with a NextToken that --starting-token resumes', async () => {
    const first = json(await t.run(['search', 'index', 'list', '--max-items', '3', '--page-size', '2']));
    assert.deepEqual(listNames(first), ['p1', 'p2', 'p3']);
    assert.equal(typeof first.NextToken, 'string');
    const rest = json(await t.run(['search', 'index', 'list', '--starting-token', first.NextToken, '--page-size', '2']));
    assert.deepEqual(listNames(rest), ['p4', 'p5']);
    assert.equal(rest.NextToken, undefined);
    const bad = await t.run(['search', 'index', 'list', '--starting-token', 'not-a-token!!']);
    assert.notEqual(bad.code, 0);
  });

  it('--no-paginate makes one request and prints the page with the service token', async () => {
    const page = json(await t.run(['search', 'index', 'list', '--no-paginate', '--page-size', '2']));
    assert.deepEqual(listNames(page), ['p1', 'p2']);
    assert.equal(typeof page.NextToken, 'string');
    const next = json(await t.run(['search', 'index', 'list', '--no-paginate', '--page-size', '2', '--starting-token', page.NextToken]));
    assert.deepEqual(listNames(next), ['p3', 'p4']);
  });

  it('rejects pagination flags that make no sense', async () => {
    const [both, zero, onQuery] = await Promise.all([
      t.run(['search', 'index', 'list', '--no-paginate', '--max-items', '2']),
      t.run(['search', 'index', 'list', '--page-size', '0']),
      t.run(['search', 'query', '--index-id', 'x'.repeat(36), '--max-items', '2']),
    ]);
    for (const result of [both, zero, onQuery]) assert.equal(result.code, 252, result.stderr);
    assert.match(onQuery.stderr, /Nonexistent flag: --max-items/);
  });
});
