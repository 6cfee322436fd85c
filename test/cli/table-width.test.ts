import assert from 'node:assert/strict';
import { json, requireBuild, type CliResult } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** The widest line of a run's stdout, in characters. */
function widest(result: CliResult): number {
  assert.equal(result.code, 0, result.stderr);
  return Math.max(...result.stdout.split('\n').map((line) => [...line].length));
}

describe('nimbus --output table: lists of lists, and tables fitted to the width', function () {
  this.timeout(60_000);
  let t: TestService;
  let ids: string[];

  before(async () => {
    requireBuild();
    t = await startTestService();
    const created = await Promise.all(['alpha', 'beta'].map((name) => t.run(['search', 'index', 'create', '--name', name, '--role-arn', ROLE])));
    ids = created.map((result) => json(result).Id);
    const text = (words: string) => Buffer.from(words).toString('base64');
    const documents = [
      { Id: 'zebra-1', Title: 'Zebras', Blob: text('zebras graze on the open savannah in large herds'), ContentType: 'PLAIN_TEXT' },
      { Id: 'zebra-2', Title: 'Stripes', Blob: text('every zebra has its own pattern of stripes'), ContentType: 'PLAIN_TEXT' },
    ];
    json(await t.run(['search', 'document', 'put', '--index-id', ids[0]!, '--documents', JSON.stringify(documents)]));
  });
  after(() => t?.close());

  it('prints a list of lists as rows of cells, as the AWS CLI does', async () => {
    const result = await t.run(['search', 'index', 'list', '--output', 'table', '--query', 'sort_by(IndexConfigurationSummaryItems, &Name)[].[Name,Status]']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ListIndices\n┌/);
    assert.match(result.stdout, /│ alpha │ ACTIVE │\n│ beta  │ ACTIVE │\n/);
    assert.doesNotMatch(result.stdout, /alpha, ACTIVE/);
  });

  it('fits index list to 80 columns when stdout is no terminal and COLUMNS is unset, keeping ids and names whole', async () => {
    const [narrow, wide, json80] = await Promise.all([
      t.run(['search', 'index', 'list', '--output', 'table']),
      t.run(['search', 'index', 'list', '--output', 'table'], { COLUMNS: '200' }),
      t.run(['search', 'index', 'list']),
    ]);
    assert.ok(widest(narrow) <= 80, narrow.stdout);
    for (const id of ids) assert.match(narrow.stdout, new RegExp(`│ ${id} │`));
    assert.match(narrow.stdout, /│ alpha +│/);
    assert.doesNotMatch(narrow.stdout, /…/, 'ids, names and timestamps are never cut');
    assert.equal(narrow.stderr, '', 'no note into a pipe');
    // At 200 columns nothing is left out: the timestamps are there, whole.
    assert.ok(widest(wide) > 80 && widest(wide) <= 200, wide.stdout);
    assert.match(wide.stdout, /│ CreatedAt +│/);
    assert.match(wide.stdout, /│ \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z +│/);
    // JSON stays complete.
    assert.ok(Object.keys(json(json80).IndexConfigurationSummaryItems[0]).includes('CreatedAt'));
  });

  it('shortens the FeedbackToken of a query result with a marker, keeps the result and query ids whole, and fits COLUMNS', async () => {
    const [table, narrow, asJson] = await Promise.all([
      t.run(['search', 'query', '--index-id', ids[0]!, '--query-text', 'zebra', '--output', 'table']),
      t.run(['search', 'query', '--index-id', ids[0]!, '--query-text', 'zebra', '--output', 'table'], { COLUMNS: '100' }),
      t.run(['search', 'query', '--index-id', ids[0]!, '--query-text', 'zebra']),
    ]);
    const result = json(asJson);
    assert.equal(result.ResultItems.length, 2);
    assert.ok(widest(table) <= 80, table.stdout);
    assert.ok(widest(narrow) <= 100, narrow.stdout);
    // Each run is a new query: compare the table with its own query id.
    const queryId = /│ QueryId +│ ([0-9a-f-]{36}) │/.exec(table.stdout)?.[1];
    assert.ok(queryId, table.stdout);
    const resultIds = table.stdout.match(new RegExp(`${queryId}-[0-9a-f-]{36}`, 'g')) ?? [];
    assert.equal(resultIds.length, 2, 'both result ids (query id + document hash, 73 characters) whole');
    const tokens = [...table.stdout.matchAll(/│ FeedbackToken +│ (\S+) +│/g)].map((match) => match[1]!);
    assert.equal(tokens.length, 2, table.stdout);
    for (const [index, token] of tokens.entries()) {
      assert.match(token, /^[\w.=+/-]{20,}…$/, 'the token is shortened with a marker');
      assert.ok(result.ResultItems[index].FeedbackToken.length > token.length + 50, 'JSON keeps the whole token');
    }
    assert.match(table.stdout, /the open savannah/, 'excerpts are wrapped, not cut');
  });

  it('fits mobile bundle list (with its base64 icons) to the width, with every bundle id whole', async () => {
    const [table, asJson] = await Promise.all([t.run(['mobile', 'bundle', 'list', '--output', 'table']), t.run(['mobile', 'bundle', 'list'])]);
    assert.ok(widest(table) <= 80, table.stdout);
    const bundles = json(asJson).bundleList;
    assert.ok(
      bundles.some((bundle: { iconUrl?: string }) => (bundle.iconUrl?.length ?? 0) > 200),
      'JSON keeps the icons',
    );
    for (const bundle of bundles) assert.match(table.stdout, new RegExp(`│ ${bundle.bundleId} +│`));
  });
});
