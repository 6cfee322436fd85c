import { strict as assert } from 'node:assert';
import { nextFire, parseCron } from '../../../src/lib/local/search/core/cron.js';
import { parseCsv } from '../../../src/lib/local/search/core/csv.js';
import { parseFaqFile } from '../../../src/lib/local/search/core/faq-file.js';
import { fieldMap, RESERVED_FIELDS, applyFieldUpdates } from '../../../src/lib/local/search/core/fields.js';
import { globMatcher } from '../../../src/lib/local/search/core/glob.js';
import { parseSolrSynonyms } from '../../../src/lib/local/search/core/synonym-rules.js';

describe('local search: file formats', function () {
  it('parses CSV with quotes, escaped quotes, CRLF and a BOM', () => {
    assert.deepEqual(parseCsv('\ufeffa,"b, c","say ""hi"""\r\n\r\nd,"multi\nline",\n'), [
      ['a', 'b, c', 'say "hi"'],
      ['d', 'multi\nline', ''],
    ]);
    assert.throws(() => parseCsv('a,"open'), /not closed/);
  });

  it('parses Solr synonym files: equivalences, mappings, comments, counts', () => {
    const parsed = parseSolrSynonyms('# comment\nSofa, couch , settee\n\nnotebook computer, laptop computer => laptop # trailing\n');
    assert.deepEqual(parsed.rules, [
      { from: ['sofa', 'couch', 'settee'], to: ['sofa', 'couch', 'settee'], equivalent: true },
      { from: ['notebook computer', 'laptop computer'], to: ['laptop'], equivalent: false },
    ]);
    assert.equal(parsed.termCount, 6);
    assert.throws(() => parseSolrSynonyms('a => b => c'), /line 1: a rule has at most one =>/);
    assert.throws(() => parseSolrSynonyms('lonely\n'), /line 1: an equivalence rule needs at least two terms/);
    assert.throws(() => parseSolrSynonyms('# nothing\n'), /no synonym rules/);
  });

  it('parses FAQ files in the three formats, typing attributes by the index fields', () => {
    const fields = fieldMap(
      applyFieldUpdates(RESERVED_FIELDS, [
        { Name: 'team', Type: 'STRING_VALUE' },
        { Name: 'rank', Type: 'LONG_VALUE' },
      ]),
    );
    assert.deepEqual(
      parseFaqFile('Q1?,A1\nQ2?,A2,https://x.test/2\n', 'CSV', fields).map((entry) => [entry.question, entry.answer, entry.sourceUri]),
      [
        ['Q1?', 'A1', null],
        ['Q2?', 'A2', 'https://x.test/2'],
      ],
    );
    const header = parseFaqFile('_question,_answer,team,rank\nQ?,A,ops,3\n', 'CSV_WITH_HEADER', fields);
    assert.deepEqual(header[0]!.attrs, { team: { t: 'STRING_VALUE', v: 'ops' }, rank: { t: 'LONG_VALUE', v: 3 } });
    const json = parseFaqFile(
      JSON.stringify({ SchemaVersion: 1, FaqDocuments: [{ Question: 'Q?', Answer: 'A', Attributes: { _source_uri: 'https://x.test', rank: 2 } }] }),
      'JSON',
      fields,
    );
    assert.equal(json[0]!.sourceUri, 'https://x.test');
    assert.deepEqual(json[0]!.attrs.rank, { t: 'LONG_VALUE', v: 2 });
    assert.throws(() => parseFaqFile('_question,_answer,color\nQ,A,red\n', 'CSV_WITH_HEADER', fields), /row 2: color is not a field of the index/);
    assert.throws(() => parseFaqFile('_question,_answer,rank\nQ,A,high\n', 'CSV_WITH_HEADER', fields), /rank is not a LONG_VALUE/);
    assert.throws(() => parseFaqFile(',answer\n', 'CSV', fields), /row 1: the question is empty/);
    assert.throws(() => parseFaqFile('{}', 'JSON', fields), /FaqDocuments/);
  });

  it('matches glob patterns on keys, by last segment when the pattern has no slash', () => {
    assert.equal(globMatcher('*.pdf')('a/b/c.pdf'), true);
    assert.equal(globMatcher('*.pdf')('a/b/c.pdfx'), false);
    assert.equal(globMatcher('docs/*.md')('docs/a.md'), true);
    assert.equal(globMatcher('docs/*.md')('docs/x/a.md'), false);
    assert.equal(globMatcher('docs/**/*.md')('docs/x/y/a.md'), true);
    assert.equal(globMatcher('**/drafts/**')('p/drafts/a.txt'), true);
    assert.equal(globMatcher('file?.[ch]')('file1.c'), true);
    assert.equal(globMatcher('file?.[!ch]')('file1.c'), false);
  });

  it('parses cron schedules and finds their next run', () => {
    const at = Date.UTC(2024, 0, 1, 10, 30);
    const next = (expression: string) => new Date(nextFire(parseCron(expression), at)!).toISOString();
    assert.equal(next('cron(0 12 * * ? *)'), '2024-01-01T12:00:00.000Z');
    assert.equal(next('cron(*/15 * * * ? *)'), '2024-01-01T10:45:00.000Z');
    assert.equal(next('cron(0 9 ? * MON-FRI *)'), '2024-01-02T09:00:00.000Z');
    assert.equal(next('cron(0 0 1 JAN,JUL ? *)'), '2024-07-01T00:00:00.000Z');
    assert.equal(nextFire(parseCron('cron(0 0 1 1 ? 2020)'), at), null);
    assert.throws(() => parseCron('cron(0 12 * * * *)'), /exactly one of day-of-month and day-of-week/);
    assert.throws(() => parseCron('rate(5 minutes)'), /cron expression/);
    assert.throws(() => parseCron('cron(0 12 L * ? *)'), /L, W or #/);
    assert.throws(() => parseCron('cron(61 * * * ? *)'), /between 0 and 59/);
  });
});
