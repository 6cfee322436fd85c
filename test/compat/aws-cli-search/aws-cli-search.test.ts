import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { awsCliEnv, awsCliJson } from '../aws-cli.js';
import { findAwsClis, type AwsCli } from './cli-finder.js';

const run = promisify(execFile);
const ROLE = 'arn:aws:iam::000000000000:role/kendra';
const clis = findAwsClis();

function suite(cli: AwsCli): void {
  describe(`the AWS CLI v${cli.major} drives the local search service (${cli.path})`, function () {
    this.timeout(120_000);
    let dir: string;
    let service: LocalService;

    before(async () => {
      console.log(`      using ${cli.version} at ${cli.path}`);
      dir = mkdtempSync(join(tmpdir(), 'nimbus-aws-cli-search-'));
      service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0 });
      const kb = join(dir, 'data', 's3', 'cli-kb');
      mkdirSync(join(kb, 'docs'), { recursive: true });
      writeFileSync(join(kb, 'faq.csv'), 'How do I rotate my keys?,Create a new key then delete the old one.\n');
      writeFileSync(join(kb, 'synonyms.txt'), 'car, automobile\n');
      writeFileSync(join(kb, 'docs', 'engine.md'), '# Engines\n\nA diesel engine has no spark plugs.');
      writeFileSync(join(kb, 'docs', 'tyres.txt'), 'Check tyre pressure monthly.');
      writeFileSync(
        join(dir, 'documents.json'),
        JSON.stringify([
          {
            Id: 'car-manual',
            Title: 'Car manual',
            Blob: 'The car needs an oil change every year.',
            ContentType: 'PLAIN_TEXT',
            Attributes: [{ Key: '_category', Value: { StringValue: 'manuals' } }],
          },
          {
            Id: 'bike-manual',
            Title: 'Bike manual',
            Blob: 'Oil the bike chain every month.',
            ContentType: 'PLAIN_TEXT',
            Attributes: [{ Key: '_category', Value: { StringValue: 'manuals' } }],
          },
          {
            Id: 'recipe',
            Title: 'Soup',
            Blob: 'Boil the leeks.',
            ContentType: 'PLAIN_TEXT',
            Attributes: [{ Key: '_category', Value: { StringValue: 'cooking' } }],
          },
        ]),
      );
    });
    after(async () => {
      await service?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** Runs `aws kendra <args>` against the local service and parses its JSON output. */
    const aws = (...args: string[]): Promise<any> =>
      awsCliJson(cli.path, ['kendra', ...args, '--endpoint-url', service.endpoint, '--region', 'us-east-1'], dir);
    const failsWith = (promise: Promise<unknown>, code: string) =>
      assert.rejects(promise, (error: any) => error.code !== 0 && new RegExp(code).test(error.stderr));

    it('runs every seed search operation and gets the real answers', async () => {
      const { Id: index } = await aws(
        'create-index',
        '--name',
        'cli-index',
        '--role-arn',
        ROLE,
        '--edition',
        'DEVELOPER_EDITION',
        '--tags',
        'Key=team,Value=cli',
      );
      assert.match(index, /^[0-9a-f-]{36}$/);
      const arn = `arn:aws:kendra:us-east-1:000000000000:index/${index}`;
      await aws(
        'update-index',
        '--id',
        index,
        '--description',
        'driven by the CLI',
        '--document-metadata-configuration-updates',
        JSON.stringify([{ Name: '_category', Type: 'STRING_VALUE', Search: { Facetable: true, Displayable: true } }]),
      );
      const [described, listed] = await Promise.all([aws('describe-index', '--id', index), aws('list-indices', '--max-results', '10')]);
      assert.equal(described.Description, 'driven by the CLI');
      assert.equal(described.Status, 'ACTIVE');
      const created = cli.major === 1 ? described.CreatedAt * 1000 : Date.parse(described.CreatedAt);
      assert.ok(Math.abs(created - Date.now()) < 60_000, `the CLI read the timestamp ${described.CreatedAt}`);
      assert.ok(listed.IndexConfigurationSummaryItems.some((item: any) => item.Id === index));

      const binary = cli.major === 2 ? ['--cli-binary-format', 'raw-in-base64-out'] : [];
      const put = await aws('batch-put-document', '--index-id', index, '--documents', `file://${join(dir, 'documents.json')}`, ...binary);
      assert.deepEqual(put.FailedDocuments, []);
      const found = await aws(
        'query',
        '--index-id',
        index,
        '--query-text',
        'oil change',
        '--facets',
        'DocumentAttributeKey=_category',
        '--attribute-filter',
        JSON.stringify({ EqualsTo: { Key: '_category', Value: { StringValue: 'manuals' } } }),
        '--page-size',
        '5',
      );
      assert.deepEqual(
        found.ResultItems.map((item: any) => item.DocumentId),
        ['car-manual', 'bike-manual'],
      );
      assert.equal(found.TotalNumberOfResults, 2);
      assert.equal(found.ResultItems[0].DocumentExcerpt.Text, 'The car needs an oil change every year.');
      assert.deepEqual(found.FacetResults[0].DocumentAttributeValueCountPairs, [{ DocumentAttributeValue: { StringValue: 'manuals' }, Count: 2 }]);
      await aws(
        'submit-feedback',
        '--index-id',
        index,
        '--query-id',
        found.QueryId,
        '--relevance-feedback-items',
        `ResultId=${found.ResultItems[1].Id},RelevanceValue=RELEVANT`,
      );
      await aws('batch-delete-document', '--index-id', index, '--document-id-list', 'recipe');
      assert.equal((await aws('query', '--index-id', index, '--query-text', 'leeks')).TotalNumberOfResults, 0);

      const { Id: faq } = await aws(
        'create-faq',
        '--index-id',
        index,
        '--name',
        'keys',
        '--s3-path',
        'Bucket=cli-kb,Key=faq.csv',
        '--role-arn',
        ROLE,
        '--file-format',
        'CSV',
      );
      const { Id: thesaurus } = await aws(
        'create-thesaurus',
        '--index-id',
        index,
        '--name',
        'words',
        '--role-arn',
        ROLE,
        '--source-s3-path',
        'Bucket=cli-kb,Key=synonyms.txt',
      );
      const { Id: s3Source } = await aws(
        'create-data-source',
        '--index-id',
        index,
        '--name',
        'kb',
        '--type',
        'S3',
        '--role-arn',
        ROLE,
        '--configuration',
        JSON.stringify({ S3Configuration: { BucketName: 'cli-kb', InclusionPrefixes: ['docs/'] } }),
      );
      const { Id: customSource } = await aws('create-data-source', '--index-id', index, '--name', 'custom', '--type', 'CUSTOM');
      const [faqDescribed, faqs, thesaurusDescribed, thesauri, sourceDescribed, sources] = await Promise.all([
        aws('describe-faq', '--index-id', index, '--id', faq),
        aws('list-faqs', '--index-id', index),
        aws('describe-thesaurus', '--index-id', index, '--id', thesaurus),
        aws('list-thesauri', '--index-id', index),
        aws('describe-data-source', '--index-id', index, '--id', s3Source),
        aws('list-data-sources', '--index-id', index),
      ]);
      assert.equal(faqDescribed.Status, 'ACTIVE');
      assert.deepEqual(
        faqs.FaqSummaryItems.map((item: any) => item.Name),
        ['keys'],
      );
      assert.deepEqual([thesaurusDescribed.Status, thesaurusDescribed.TermCount, thesaurusDescribed.SynonymRuleCount], ['ACTIVE', 2, 1]);
      assert.deepEqual(
        thesauri.ThesaurusSummaryItems.map((item: any) => item.Id),
        [thesaurus],
      );
      assert.deepEqual(sourceDescribed.Configuration.S3Configuration.InclusionPrefixes, ['docs/']);
      assert.deepEqual(sources.SummaryItems.map((item: any) => item.Name).sort(), ['custom', 'kb']);

      const answer = await aws('query', '--index-id', index, '--query-text', 'how do I rotate keys');
      assert.equal(answer.ResultItems[0].Type, 'QUESTION_ANSWER');
      assert.equal(answer.ResultItems[0].DocumentExcerpt.Text, 'Create a new key then delete the old one.');
      const synonym = await aws('query', '--index-id', index, '--query-text', 'automobile');
      assert.deepEqual(
        synonym.ResultItems.map((item: any) => item.DocumentId),
        ['car-manual'],
      );

      const { ExecutionId } = await aws('start-data-source-sync-job', '--index-id', index, '--id', s3Source);
      let history: any[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        history = (await aws('list-data-source-sync-jobs', '--index-id', index, '--id', s3Source)).History;
        if (history[0]?.Status !== 'SYNCING') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(history[0].ExecutionId, ExecutionId);
      assert.equal(history[0].Status, 'SUCCEEDED');
      assert.deepEqual(history[0].Metrics, { DocumentsAdded: '2', DocumentsModified: '0', DocumentsDeleted: '0', DocumentsFailed: '0', DocumentsScanned: '2' });
      const diesel = (await aws('query', '--index-id', index, '--query-text', 'diesel')).ResultItems;
      assert.deepEqual(
        diesel.map((item: any) => [item.DocumentTitle.Text, item.DocumentURI]),
        [['Engines', 's3://cli-kb/docs/engine.md']],
      );
      await aws('start-data-source-sync-job', '--index-id', index, '--id', customSource);
      await failsWith(aws('start-data-source-sync-job', '--index-id', index, '--id', customSource), 'ResourceInUseException');
      await aws('stop-data-source-sync-job', '--index-id', index, '--id', customSource);
      const filtered = await aws('list-data-source-sync-jobs', '--index-id', index, '--id', s3Source, '--status-filter', 'FAILED');
      assert.deepEqual(filtered.History, []);

      await aws('update-data-source', '--index-id', index, '--id', s3Source, '--description', 'the knowledge base');
      await aws('update-thesaurus', '--index-id', index, '--id', thesaurus, '--description', 're-read');
      await aws('tag-resource', '--resource-arn', arn, '--tags', 'Key=env,Value=test');
      await aws('untag-resource', '--resource-arn', arn, '--tag-keys', 'team');
      assert.deepEqual((await aws('list-tags-for-resource', '--resource-arn', arn)).Tags, [{ Key: 'env', Value: 'test' }]);
      assert.equal((await aws('describe-data-source', '--index-id', index, '--id', s3Source)).Description, 'the knowledge base');

      await Promise.all([
        aws('delete-faq', '--index-id', index, '--id', faq),
        aws('delete-thesaurus', '--index-id', index, '--id', thesaurus),
        aws('delete-data-source', '--index-id', index, '--id', customSource),
      ]);
      await aws('delete-index', '--id', index);
      await failsWith(aws('describe-index', '--id', index), 'ResourceNotFoundException');
    });

    it('shows the service errors the way the real service sends them', async () => {
      await failsWith(aws('describe-index', '--id', '0'.repeat(36)), 'ResourceNotFoundException');
      await failsWith(aws('list-indices', '--next-token', 'not-a-token'), 'ValidationException');
      const { stderr } = await run(cli.path, ['kendra', 'list-indices', '--endpoint-url', service.endpoint, '--region', 'us-east-1'], {
        env: { ...awsCliEnv(dir), AWS_SECRET_ACCESS_KEY: 'wrong' },
        cwd: dir,
      }).catch((error) => error);
      assert.match(stderr, /InvalidSignatureException/);
    });
  });
}

if (clis.length === 0) {
  describe('the AWS CLI drives the local search service', function () {
    it('needs an AWS CLI', function () {
      assert.fail('no AWS CLI found: install the v1 CLI (pip install awscli) or the v2 CLI (apt-get install -y awscli)');
    });
  });
} else {
  for (const cli of clis) suite(cli);
}
