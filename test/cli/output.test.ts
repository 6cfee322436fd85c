import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus output formats, --query and colour', function () {
  this.timeout(60_000);
  let t: TestService;
  let ids: string[];

  before(async () => {
    requireBuild();
    t = await startTestService();
    const created = await Promise.all(
      ['alpha', 'beta'].map((name) => t.run(['search', 'index', 'create', '--name', name, '--role-arn', ROLE, '--description', `${name} index`])),
    );
    ids = created.map((result) => json(result).Id);
  });
  after(() => t?.close());

  it('prints the same data as json (default), yaml, text and table', async () => {
    const [asJson, asYaml, asText, asTable] = await Promise.all([
      t.run(['search', 'index', 'list']),
      t.run(['search', 'index', 'list', '--output', 'yaml']),
      t.run(['search', 'index', 'list', '--output', 'text']),
      t.run(['search', 'index', 'list', '--output', 'table']),
    ]);
    const data = json(asJson);
    assert.match(asJson.stdout, /^\{\n  "IndexConfigurationSummaryItems": \[\n    \{\n      "Name": /, 'two-space JSON');
    assert.deepEqual(parseYaml(asYaml.stdout), data);
    const lines = asText.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2);
    for (const item of data.IndexConfigurationSummaryItems) {
      const keys = Object.keys(item).sort();
      assert.ok(lines.includes(['INDEXCONFIGURATIONSUMMARYITEMS', ...keys.map((key) => item[key])].join('\t')), asText.stdout);
    }
    assert.match(asTable.stdout, /^IndexConfigurationSummaryItems\n┌/);
    for (const id of ids) assert.match(asTable.stdout, new RegExp(`│ ${id} │`));
    assert.doesNotMatch(asTable.stdout, /\x1b\[/, 'no colour when stdout is not a terminal');
    for (const result of [asJson, asYaml, asText, asTable]) assert.equal(result.stderr, '', 'stdout carries the data, stderr nothing');
  });

  it('takes the format from AWS_DEFAULT_OUTPUT and the profile when no flag is given', async () => {
    const [fromEnv, flagWins] = await Promise.all([
      t.run(['search', 'index', 'describe', '--id', ids[0]!, '--query', 'Name'], { AWS_DEFAULT_OUTPUT: 'text' }),
      t.run(['search', 'index', 'describe', '--id', ids[0]!, '--query', 'Name', '--output', 'json'], { AWS_DEFAULT_OUTPUT: 'text' }),
    ]);
    assert.equal(fromEnv.stdout, 'alpha\n');
    assert.equal(flagWins.stdout, '"alpha"\n');
  });

  it('--query applies JMESPath to the whole result in every format', async () => {
    const query = 'IndexConfigurationSummaryItems[].Name | sort(@)';
    const [asJson, asText, filtered, bad] = await Promise.all([
      t.run(['search', 'index', 'list', '--query', query]),
      t.run(['search', 'index', 'list', '--query', query, '--output', 'text']),
      t.run(['search', 'index', 'list', '--query', "IndexConfigurationSummaryItems[?Name=='beta'].Id | [0]", '--output', 'text']),
      t.run(['search', 'index', 'list', '--query', 'IndexConfigurationSummaryItems[']),
    ]);
    assert.deepEqual(json(asJson), ['alpha', 'beta']);
    assert.equal(asText.stdout, 'alpha\tbeta\n');
    assert.equal(filtered.stdout, `${ids[1]}\n`);
    assert.equal(bad.code, 252);
    assert.match(bad.stderr, /^nimbus: Invalid --query expression: /);
  });

  it('colours tables with --color on, never with NO_COLOR or --color off', async () => {
    const [on, off, noColor] = await Promise.all([
      t.run(['search', 'index', 'list', '--output', 'table', '--color', 'on']),
      t.run(['search', 'index', 'list', '--output', 'table', '--color', 'off']),
      t.run(['search', 'index', 'list', '--output', 'table'], { NO_COLOR: '1' }),
    ]);
    assert.match(on.stdout, /\x1b\[36mName\x1b\[39m/);
    assert.doesNotMatch(off.stdout, /\x1b\[/);
    assert.doesNotMatch(noColor.stdout, /\x1b\[/);
  });

  it('--stats adds a one-line summary on stderr; --debug traces on stderr; stdout is unchanged', async () => {
    const [plain, stats, debug] = await Promise.all([
      t.run(['search', 'index', 'list']),
      t.run(['search', 'index', 'list', '--stats']),
      t.run(['search', 'index', 'list', '--debug']),
    ]);
    assert.equal(stats.stdout, plain.stdout);
    assert.match(stats.stderr, /^stats: \d+\.\d{3}s total, 1 request, 1 attempt, 0\.000s retry delay\n$/);
    assert.equal(debug.stdout, plain.stdout);
    assert.match(debug.stderr, /ListIndices .*entering step send/, 'the client trace goes to stderr');
    assert.match(debug.stderr, /Signature=\[signature\]/, 'with the signature scrubbed');
  });

  it('--generate-cli-skeleton prints the input as JSON and --cli-input-json takes it back', async () => {
    const skeleton = json(await t.run(['search', 'index', 'describe', '--generate-cli-skeleton']));
    assert.deepEqual(skeleton, { Id: '' });
    const described = json(await t.run(['search', 'index', 'describe', '--cli-input-json', JSON.stringify({ Id: ids[1] })]));
    assert.equal(described.Name, 'beta');
  });
});
