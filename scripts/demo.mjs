#!/usr/bin/env node
// The local search service in one minute: starts the embedded service on a temporary data dir,
// creates an index, loads the small coffee handbook that ships with nimbus (documents, an FAQ,
// a thesaurus), and runs four queries through the SearchClient. Run `npm run build` first.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SearchClient } from '../dist/lib/index.js';
import { startLocalService } from '../dist/lib/local/server.js';

const corpus = fileURLToPath(new URL('../dist/lib/local/demo/', import.meta.url));
const ROLE = 'arn:aws:iam::000000000000:role/nimbus-demo';
const tty = process.stdout.isTTY;
const bold = (text) => (tty ? `\x1b[1m${text}\x1b[22m` : text);
const dim = (text) => (tty ? `\x1b[2m${text}\x1b[22m` : text);

/** The text with its highlights marked: [word] for the words typed, {word} for synonyms. */
function highlighted({ Text = '', Highlights = [] }) {
  let out = '';
  let at = 0;
  for (const { BeginOffset, EndOffset, Type } of [...Highlights].sort((a, b) => a.BeginOffset - b.BeginOffset)) {
    const [open, close] = Type === 'THESAURUS_SYNONYM' ? ['{', '}'] : ['[', ']'];
    out += Text.slice(at, BeginOffset) + bold(open + Text.slice(BeginOffset, EndOffset) + close);
    at = EndOffset;
  }
  return out + Text.slice(at);
}

function printResults(title, input, answer) {
  console.log(`\n${bold(title)}`);
  console.log(dim(`  Query ${JSON.stringify(input)}`));
  console.log(dim(`  ${answer.TotalNumberOfResults} results`));
  for (const item of answer.ResultItems) {
    const kind = item.Type === 'QUESTION_ANSWER' ? 'FAQ' : (item.ScoreAttributes?.ScoreConfidence ?? '');
    console.log(`  • ${highlighted(item.DocumentTitle)} ${dim(`(${item.DocumentId}, ${kind})`)}`);
    console.log(`    ${highlighted(item.DocumentExcerpt)}`);
  }
  for (const facet of answer.FacetResults ?? []) {
    const counts = facet.DocumentAttributeValueCountPairs.map((pair) => `${pair.DocumentAttributeValue.StringValue} ${pair.Count}`);
    console.log(`  facet ${facet.DocumentAttributeKey}: ${counts.join(', ')}`);
  }
}

async function until(what, check) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-demo-'));
const service = await startLocalService({ port: 0, dataDir, createDelay: 0.5 });
try {
  console.log(`${bold('nimbus local search service')} at ${service.endpoint} ${dim(`(data in ${dataDir})`)}`);
  const client = new SearchClient({ region: 'us-east-1', version: '2019-02-03', endpoint: service.endpoint, credentials: { key: 'test', secret: 'test' } });

  const { Id: IndexId } = await client.createIndexAsync({ Name: 'coffee-handbook', Edition: 'DEVELOPER_EDITION', RoleArn: ROLE });
  console.log(`created index ${IndexId}, waiting for it to become ACTIVE…`);
  const active = async () => (await client.describeIndexAsync({ Id: IndexId })).Status === 'ACTIVE';
  await until('the index', active);
  await client.updateIndexAsync({
    Id: IndexId,
    DocumentMetadataConfigurationUpdates: [
      { Name: '_category', Type: 'STRING_VALUE', Search: { Facetable: true, Displayable: true } },
      { Name: 'origin', Type: 'STRING_VALUE', Search: { Facetable: true, Displayable: true } },
      { Name: 'level', Type: 'STRING_VALUE', Search: { Facetable: true, Displayable: true } },
      { Name: 'minutes', Type: 'LONG_VALUE', Search: { Sortable: true, Displayable: true } },
    ],
  });
  await until('the index update', active);

  const bucket = join(dataDir, 's3', 'coffee-demo');
  mkdirSync(bucket, { recursive: true });
  cpSync(join(corpus, 'faq.csv'), join(bucket, 'faq.csv'));
  cpSync(join(corpus, 'thesaurus.txt'), join(bucket, 'thesaurus.txt'));
  const { Id: faqId } = await client.createFaqAsync({
    IndexId,
    Name: 'coffee-faq',
    RoleArn: ROLE,
    FileFormat: 'CSV',
    S3Path: { Bucket: 'coffee-demo', Key: 'faq.csv' },
  });
  const { Id: thesaurusId } = await client.createThesaurusAsync({
    IndexId,
    Name: 'coffee-words',
    RoleArn: ROLE,
    SourceS3Path: { Bucket: 'coffee-demo', Key: 'thesaurus.txt' },
  });

  const documents = JSON.parse(readFileSync(join(corpus, 'documents.json'), 'utf8')).map((doc) => ({
    Id: doc.id,
    Title: doc.title,
    Blob: Buffer.from(doc.body, 'utf8'),
    ContentType: 'PLAIN_TEXT',
    Attributes: [
      { Key: '_category', Value: { StringValue: doc.category } },
      { Key: 'origin', Value: { StringValue: doc.origin } },
      { Key: 'level', Value: { StringValue: doc.level } },
      { Key: 'minutes', Value: { LongValue: doc.minutes } },
    ],
  }));
  for (let start = 0; start < documents.length; start += 10) {
    const { FailedDocuments } = await client.batchPutDocumentAsync({ IndexId, Documents: documents.slice(start, start + 10) });
    if (FailedDocuments.length > 0) throw new Error(`documents failed: ${JSON.stringify(FailedDocuments)}`);
  }
  await until('the FAQ and thesaurus', async () => {
    const [faq, thesaurus] = await Promise.all([client.describeFaqAsync({ IndexId, Id: faqId }), client.describeThesaurusAsync({ IndexId, Id: thesaurusId })]);
    return faq.Status === 'ACTIVE' && thesaurus.Status === 'ACTIVE';
  });
  const { IndexStatistics } = await client.describeIndexAsync({ Id: IndexId });
  console.log(
    `loaded ${IndexStatistics.TextDocumentStatistics.IndexedTextDocumentsCount} documents and ` +
      `${IndexStatistics.FaqStatistics.IndexedQuestionAnswersCount} FAQ answers; highlights: [words you typed], {synonyms}`,
  );

  const queries = [
    ['1. A keyword query, ranked by BM25', { QueryText: 'espresso extraction', PageSize: 3 }],
    [
      '2. Filtered to beginner guides, with facets',
      {
        QueryText: 'roast beans',
        AttributeFilter: { EqualsTo: { Key: 'level', Value: { StringValue: 'beginner' } } },
        Facets: [{ DocumentAttributeKey: '_category' }, { DocumentAttributeKey: 'origin' }],
        PageSize: 3,
      },
    ],
    ['3. A question the FAQ answers', { QueryText: 'how long do coffee beans stay fresh?', PageSize: 2 }],
    ['4. A synonym from the thesaurus: mill finds grinders', { QueryText: 'mill', PageSize: 3 }],
  ];
  for (const [title, input] of queries) printResults(title, input, await client.queryAsync({ IndexId, ...input }));
} finally {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
}
