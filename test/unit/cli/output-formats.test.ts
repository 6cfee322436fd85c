import assert from 'node:assert/strict';
import { Chalk } from 'chalk';
import { parse as parseYaml } from 'yaml';
import { useColor } from '../../../src/lib/cli/output/color.js';
import { formatJson } from '../../../src/lib/cli/output/json.js';
import { applyQuery, normalizeLiterals } from '../../../src/lib/cli/output/query.js';
import { formatTable } from '../../../src/lib/cli/output/table.js';
import { toPlain } from '../../../src/lib/cli/output/to-plain.js';
import { formatYaml } from '../../../src/lib/cli/output/yaml.js';
import { CliError } from '../../../src/lib/cli/errors/cli-error.js';
import { SAMPLES } from './output-samples.js';

describe('cli output formats', () => {
  it('json output is stable two-space JSON', () => {
    assert.equal(formatJson({ b: 1, a: [1] }), '{\n  "b": 1,\n  "a": [\n    1\n  ]\n}\n');
    assert.equal(formatJson(null), 'null\n');
  });

  it('yaml output parses back to the same data', () => {
    for (const sample of SAMPLES) assert.deepEqual(parseYaml(formatYaml(sample)), sample);
  });

  it('table output lays out scalars, lists of structures and nested sections', () => {
    const plain = new Chalk({ level: 0 });
    const table = formatTable(SAMPLES[1], 'DescribeIndex', { chalk: plain });
    assert.match(table, /^DescribeIndex\n┌/);
    assert.match(table, /│ Id\s+│ x\s+│/);
    assert.match(table, /\nStats\.Faq\n/);
    assert.match(table, /│ Key │ Value │\n.*\n│ k   │ v     │/);
    assert.doesNotMatch(table, /\x1b\[/, 'no colour codes when colour is off');
    const list = formatTable(SAMPLES[0], 'ListIndices', { chalk: plain });
    assert.match(list, /│ Name │ Id │ Status\s+│ Extra │/);
    const nested = formatTable(SAMPLES[2], 'DescribeProject', { chalk: plain });
    assert.match(nested, /\ndetails\.resources\n/);
    assert.match(nested, /│ t\s+│ a: 1\s+│/, 'a nested structure inside a cell is shown as key: value lines');
    const coloured = formatTable(SAMPLES[0], 'ListIndices', { chalk: new Chalk({ level: 1 }) });
    assert.match(coloured, /\x1b\[36mName\x1b\[39m/);
  });

  it('fits the width: text wraps at words, ids stay whole, a single wide row turns into Key/Value rows', () => {
    const text = 'word '.repeat(40).trim();
    const id = '47f17f4b-595a-4f13-8070-0123456789ab';
    const two = formatTable(
      {
        Items: [
          { Text: text, Id: id },
          { Text: 'short', Id: '2' },
        ],
      },
      'T',
      { chalk: new Chalk({ level: 1 }), width: 60 },
    );
    const plainLines = two.split('\n').map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
    assert.ok(Math.max(...plainLines.map((line) => line.length)) <= 60, two);
    assert.ok(
      plainLines.some((line) => line.includes(id)),
      'the id whole',
    );
    assert.equal(plainLines.join(' ').match(/word/g)?.length, 40, 'every word of the text, wrapped');
    assert.match(two, /\x1b\[36mText\x1b\[39m/, 'header colour codes are whole');
    const one = formatTable({ Items: [{ Text: text, Id: id }] }, 'T', { chalk: new Chalk({ level: 0 }), width: 60 });
    assert.match(one, /│ Text │ word word/);
    assert.match(one, new RegExp(`│ Id   │ ${id} +│`));
    const fits = formatTable({ Items: [{ Text: 'a', Id: id }] }, 'T', { chalk: new Chalk({ level: 0 }), width: 200 });
    assert.match(fits, /│ Text │ Id +│/, 'a table that fits keeps its columns');
  });

  it('shortens long opaque values with a marker, and leaves out the least important columns that still do not fit', () => {
    const token = 'QUJD'.repeat(50);
    const omitted: string[][] = [];
    const table = formatTable(
      {
        Items: [
          { Name: 'alpha', Id: 'a'.repeat(30), Status: 'ACTIVE', Token: token, CreatedAt: '2026-01-02T03:04:05Z', Extra: 'x'.repeat(20) },
          { Name: 'beta', Id: 'b'.repeat(30), Status: 'ACTIVE', Token: token, CreatedAt: '2026-01-02T03:04:05Z', Extra: 'y'.repeat(20) },
        ],
      },
      'T',
      { chalk: new Chalk({ level: 0 }), width: 80, onOmitted: (_title, columns) => omitted.push(columns) },
    );
    const lines = table.split('\n');
    assert.ok(Math.max(...lines.map((line) => line.length)) <= 80, table);
    assert.ok(table.includes('a'.repeat(30)) && table.includes('alpha'), 'ids and names whole');
    assert.ok(!table.includes('2026-01-02T03:0') || table.includes('2026-01-02T03:04:05Z'), 'a timestamp is whole or left out');
    assert.equal(omitted.length, 1);
    assert.ok(omitted[0]!.length > 0 && !omitted[0]!.includes('Id') && !omitted[0]!.includes('Name'), omitted.join());
    const tokenTable = formatTable({ Token: token, Id: 'x' }, 'T', { chalk: new Chalk({ level: 0 }), width: 60 });
    assert.match(tokenTable, /│ Token │ (QUJD)+Q?U?J?…? *│/);
    assert.match(tokenTable, /…/);
  });

  it('prints a list of lists as rows of cells', () => {
    const table = formatTable(
      [
        ['docs', 'ACTIVE'],
        ['faq', 'CREATING', 'extra'],
      ],
      'ListIndices',
      { chalk: new Chalk({ level: 0 }), width: 80 },
    );
    assert.match(table, /│ docs │ ACTIVE   │       │\n│ faq  │ CREATING │ extra │/);
  });

  it('plain data drops $metadata, writes timestamps as ISO 8601 and bytes as base64', () => {
    const result = {
      $metadata: { requestId: 'r' },
      When: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
      At: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 120)),
      Data: new Uint8Array([104, 105]),
      Gone: undefined,
    };
    assert.deepEqual(toPlain(result), { When: '2024-01-02T03:04:05Z', At: '2024-01-02T03:04:05.120Z', Data: 'aGk=' });
  });

  it('--query runs JMESPath and reports a bad expression as a usage error', () => {
    assert.deepEqual(applyQuery(SAMPLES[0], "IndexConfigurationSummaryItems[?Status=='ACTIVE'].Name"), ['a']);
    assert.throws(
      () => applyQuery({}, 'a[?'),
      (error: unknown) => error instanceof CliError && error.exitCode === 252,
    );
  });

  it('colour: on, off, or auto (a terminal, NO_COLOR unset, TERM not dumb)', () => {
    assert.equal(useColor('on', { NO_COLOR: '1' }, false), true);
    assert.equal(useColor('off', {}, true), false);
    assert.equal(useColor('auto', {}, true), true);
    assert.equal(useColor('auto', {}, false), false);
    assert.equal(useColor('auto', { NO_COLOR: '1' }, true), false);
    assert.equal(useColor('auto', { TERM: 'dumb' }, true), false);
  });

  it('reads JMESPath backtick text that is not JSON as a string, as the AWS CLI does', () => {
    assert.equal(normalizeLiterals('a[?s==`ACTIVE`]'), 'a[?s==`"ACTIVE"`]');
    assert.equal(normalizeLiterals('a[?s==`"x"` && n==`1` && o==`{"a":1}`]'), 'a[?s==`"x"` && n==`1` && o==`{"a":1}`]');
    assert.equal(normalizeLiterals("a[?s=='`q`']"), "a[?s=='`q`']", 'a raw string is left alone');
    assert.equal(normalizeLiterals('a[?s==`ACT'), 'a[?s==`ACT', 'unterminated: left for the parser to report');
  });
});
