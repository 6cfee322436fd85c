import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeIndex, call, ok, startTestService, textDoc, until, type TestService } from './support.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('local search service: FAQs and thesauri', function () {
  let service: TestService;
  let endpoint: string;
  let index: string;
  const put = (key: string, contents: string) => {
    const path = join(service.s3Dir, 'kb-files', key);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, contents);
  };
  const settled = (operation: string, Id: string) =>
    until(async () => {
      const answer = await ok(endpoint, operation, { Id, IndexId: index });
      return answer.Status !== 'CREATING' && answer.Status !== 'UPDATING' ? answer : undefined;
    });
  const query = (input: Record<string, unknown>) => ok(endpoint, 'Query', { IndexId: index, ...input });

  before(async () => {
    service = await startTestService();
    endpoint = service.service.endpoint;
    index = await activeIndex(endpoint);
    await ok(endpoint, 'UpdateIndex', { Id: index, DocumentMetadataConfigurationUpdates: [{ Name: 'team', Type: 'STRING_VALUE' }] });
    await until(async () => (await ok(endpoint, 'DescribeIndex', { Id: index })).Status === 'ACTIVE');
    await ok(endpoint, 'BatchPutDocument', {
      IndexId: index,
      Documents: [
        textDoc('sofa-care', 'Caring for a sofa', 'Vacuum the sofa cushions every week.'),
        textDoc('couch-story', 'The old couch', 'Grandfather sat on the couch every evening.'),
        textDoc('laptop', 'Laptop batteries', 'A notebook computer battery lasts longer when kept cool.'),
      ],
    });
  });
  after(async () => service.stop());

  it('loads FAQs in CSV, CSV_WITH_HEADER and JSON and answers questions with QUESTION_ANSWER results', async () => {
    put(
      'faq/plain.csv',
      'How do I reset my password?,"Open Settings, then choose Reset password.",https://example.com/reset\nWhere is the office?,On the second floor.\n',
    );
    put('faq/header.csv', '_question,_answer,_source_uri,team\nWho approves travel?,Your manager approves travel.,https://example.com/travel,finance\n');
    put(
      'faq/faq.json',
      JSON.stringify({
        SchemaVersion: 1,
        FaqDocuments: [{ Question: 'When is payday?', Answer: 'The last Friday of the month.', Attributes: { team: 'finance' } }],
      }),
    );
    const created: string[] = [];
    for (const [Name, Key, FileFormat] of [
      ['plain', 'faq/plain.csv', 'CSV'],
      ['header', 'faq/header.csv', 'CSV_WITH_HEADER'],
      ['json', 'faq/faq.json', 'JSON'],
    ]) {
      created.push((await ok(endpoint, 'CreateFaq', { IndexId: index, Name, S3Path: { Bucket: 'kb-files', Key }, RoleArn: ROLE, FileFormat })).Id as string);
    }
    assert.equal((await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: created[0] })).Status, 'CREATING');
    for (const id of created) assert.equal((await settled('DescribeFaq', id)).Status, 'ACTIVE');
    const described = await ok(endpoint, 'DescribeFaq', { IndexId: index, Id: created[1] });
    assert.equal(described.FileFormat, 'CSV_WITH_HEADER');
    assert.deepEqual(described.S3Path, { Bucket: 'kb-files', Key: 'faq/header.csv' });
    assert.equal((await ok(endpoint, 'DescribeIndex', { Id: index })).IndexStatistics.FaqStatistics.IndexedQuestionAnswersCount, 4);

    const answer = await query({ QueryText: 'how to reset password' });
    const qa = answer.ResultItems[0];
    assert.equal(qa.Type, 'QUESTION_ANSWER');
    const attribute = (key: string) => qa.AdditionalAttributes.find((item: any) => item.Key === key).Value.TextWithHighlightsValue;
    assert.equal(attribute('QuestionText').Text, 'How do I reset my password?');
    assert.equal(attribute('AnswerText').Text, 'Open Settings, then choose Reset password.');
    assert.ok(attribute('QuestionText').Highlights.length >= 2);
    assert.equal(qa.DocumentURI, 'https://example.com/reset');
    assert.equal(qa.DocumentExcerpt.Text, 'Open Settings, then choose Reset password.');
    const travel = await query({ QueryText: 'who approves travel', QueryResultTypeFilter: 'QUESTION_ANSWER' });
    assert.equal(travel.ResultItems.length, 1);
    assert.deepEqual(
      travel.ResultItems[0].DocumentAttributes.find((item: any) => item.Key === 'team'),
      { Key: 'team', Value: { StringValue: 'finance' } },
    );
    assert.equal((await query({ QueryText: 'payday' })).ResultItems[0].Type, 'QUESTION_ANSWER');
    assert.equal((await query({ QueryText: 'reset password', QueryResultTypeFilter: 'DOCUMENT' })).ResultItems.length, 0);
    assert.equal((await query({ QueryText: 'office printer toner cartridge' })).ResultItems.length, 0, 'one word in four is not an answer');

    const listed = await ok(endpoint, 'ListFaqs', { IndexId: index, MaxResults: 2 });
    assert.equal(listed.FaqSummaryItems.length, 2);
    const rest = await ok(endpoint, 'ListFaqs', { IndexId: index, NextToken: listed.NextToken });
    assert.deepEqual(
      [...listed.FaqSummaryItems, ...rest.FaqSummaryItems].map((item: any) => item.Name),
      ['plain', 'header', 'json'],
    );
    assert.equal(rest.NextToken, undefined);

    await ok(endpoint, 'DeleteFaq', { IndexId: index, Id: created[2] });
    assert.equal((await query({ QueryText: 'payday' })).ResultItems.length, 0);
    await until(async () => (await call(endpoint, 'DescribeFaq', { IndexId: index, Id: created[2] })).status === 400);
  });

  it('marks an FAQ whose file is missing or malformed FAILED with a useful ErrorMessage', async () => {
    put('faq/broken.csv', 'only one column\n');
    const missing = (await ok(endpoint, 'CreateFaq', { IndexId: index, Name: 'missing', S3Path: { Bucket: 'kb-files', Key: 'faq/none.csv' }, RoleArn: ROLE }))
      .Id;
    const broken = (await ok(endpoint, 'CreateFaq', { IndexId: index, Name: 'broken', S3Path: { Bucket: 'kb-files', Key: 'faq/broken.csv' }, RoleArn: ROLE }))
      .Id;
    const missingFaq = await settled('DescribeFaq', missing);
    assert.equal(missingFaq.Status, 'FAILED');
    assert.match(missingFaq.ErrorMessage, /faq\/none\.csv does not exist/);
    const brokenFaq = await settled('DescribeFaq', broken);
    assert.equal(brokenFaq.Status, 'FAILED');
    assert.match(brokenFaq.ErrorMessage, /row 1: a CSV FAQ row has a question, an answer/);
  });

  it('expands queries with thesaurus synonyms and counts its terms and rules', async () => {
    const file = '# furniture\nsofa, couch, settee\nnotebook computer => laptop\n';
    put('thesaurus/synonyms.txt', file);
    const id = (
      await ok(endpoint, 'CreateThesaurus', {
        IndexId: index,
        Name: 'words',
        RoleArn: ROLE,
        SourceS3Path: { Bucket: 'kb-files', Key: 'thesaurus/synonyms.txt' },
      })
    ).Id;
    const described = await settled('DescribeThesaurus', id);
    assert.equal(described.Status, 'ACTIVE');
    assert.equal(described.TermCount, 5);
    assert.equal(described.SynonymRuleCount, 2);
    assert.equal(described.FileSizeBytes, Buffer.byteLength(file));
    const sofa = await query({ QueryText: 'sofa' });
    const found = (answer: any, id: string) => answer.ResultItems.find((item: any) => item.DocumentId === id);
    assert.deepEqual(sofa.ResultItems.map((item: any) => item.DocumentId).sort(), ['couch-story', 'sofa-care']);
    const couchTitle = found(sofa, 'couch-story').DocumentTitle;
    assert.deepEqual(
      couchTitle.Highlights.map((h: any) => [couchTitle.Text.slice(h.BeginOffset, h.EndOffset), h.Type]),
      [['couch', 'THESAURUS_SYNONYM']],
    );
    assert.equal(found(sofa, 'sofa-care').DocumentTitle.Highlights[0].Type, 'STANDARD');
    const mapped = await query({ QueryText: 'notebook computer' });
    assert.deepEqual(
      mapped.ResultItems.map((item: any) => item.DocumentId),
      ['laptop'],
    );

    const again = await call(endpoint, 'CreateThesaurus', {
      IndexId: index,
      Name: 'second',
      RoleArn: ROLE,
      SourceS3Path: { Bucket: 'kb-files', Key: 'thesaurus/synonyms.txt' },
    });
    assert.equal(again.body.__type, 'ServiceQuotaExceededException');

    put('thesaurus/synonyms.txt', 'sofa, divan\n');
    await ok(endpoint, 'UpdateThesaurus', { IndexId: index, Id: id });
    const updated = await settled('DescribeThesaurus', id);
    assert.equal(updated.TermCount, 2);
    assert.deepEqual(
      (await query({ QueryText: 'sofa' })).ResultItems.map((item: any) => item.DocumentId),
      ['sofa-care'],
    );

    put('thesaurus/broken.txt', 'a => b => c\n');
    await ok(endpoint, 'UpdateThesaurus', { IndexId: index, Id: id, SourceS3Path: { Bucket: 'kb-files', Key: 'thesaurus/broken.txt' } });
    const failed = await settled('DescribeThesaurus', id);
    assert.equal(failed.Status, 'ACTIVE_BUT_UPDATE_FAILED');
    assert.match(failed.ErrorMessage, /line 1: a rule has at most one =>/);
    assert.equal(failed.TermCount, 2, 'the previous rules stay');

    const list = await ok(endpoint, 'ListThesauri', { IndexId: index });
    assert.deepEqual(
      list.ThesaurusSummaryItems.map((item: any) => [item.Id, item.Status]),
      [[id, 'ACTIVE_BUT_UPDATE_FAILED']],
    );
    await ok(endpoint, 'DeleteThesaurus', { IndexId: index, Id: id });
    assert.equal((await ok(endpoint, 'DescribeThesaurus', { IndexId: index, Id: id })).Status, 'DELETING');
    assert.deepEqual(
      (await query({ QueryText: 'divan sofa' })).ResultItems.map((item: any) => item.DocumentId),
      ['sofa-care'],
    );
  });
});
