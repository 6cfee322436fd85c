import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const ROLE = 'arn:aws:iam::000000000000:role/search';

describe('nimbus commands against the local service', function () {
  this.timeout(120_000);
  let t: TestService;

  before(async () => {
    requireBuild();
    t = await startTestService();
    t.putS3Object('faqs', 'support.csv', 'How do I reset my password?,Use the reset link on the sign-in page.\nWhere is the office?,Main street 1.\n');
    t.putS3Object('lexicon', 'synonyms.txt', 'laptop, notebook\nphone, mobile\n');
    t.putS3Object('lexicon', 'synonyms-v2.txt', 'laptop, notebook, computer\n');
    t.putS3Object('manuals', 'guide.txt', 'The vacation policy allows twenty days.');
  });
  after(() => t?.close());

  it('runs every search command', async () => {
    const index = json(
      await t.run([
        'search',
        'index',
        'create',
        '--name',
        'docs',
        '--role-arn',
        ROLE,
        '--edition',
        'DEVELOPER_EDITION',
        '--tags',
        'Key=team,Value=web',
        '--wait',
      ]),
    );
    const indexId: string = index.Id;
    assert.match(indexId, /^[0-9a-f-]{36}$/);
    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${indexId}`;
    const documents = join(t.dir, 'documents.json');
    writeFileSync(
      documents,
      JSON.stringify([
        { Id: 'vacation', Title: 'Vacation policy', Blob: Buffer.from('Employees get twenty days of vacation.').toString('base64'), ContentType: 'PLAIN_TEXT' },
        { Id: 'password', Title: 'Passwords', Blob: Buffer.from('Reset a password from the sign-in page.').toString('base64'), ContentType: 'PLAIN_TEXT' },
      ]),
    );

    const [dataSource, faq, thesaurus, put, tagged] = (
      await Promise.all([
        t.run([
          'search',
          'data-source',
          'create',
          '--index-id',
          indexId,
          '--name',
          'manuals',
          '--type',
          'S3',
          '--role-arn',
          ROLE,
          '--configuration',
          '{"S3Configuration":{"BucketName":"manuals"}}',
          '--wait',
        ]),
        t.run([
          'search',
          'faq',
          'create',
          '--index-id',
          indexId,
          '--name',
          'support',
          '--s3-path',
          'Bucket=faqs,Key=support.csv',
          '--role-arn',
          ROLE,
          '--wait',
        ]),
        t.run([
          'search',
          'thesaurus',
          'create',
          '--index-id',
          indexId,
          '--name',
          'terms',
          '--source-s3-path',
          'Bucket=lexicon,Key=synonyms.txt',
          '--role-arn',
          ROLE,
          '--wait',
        ]),
        t.run(['search', 'document', 'put', '--index-id', indexId, '--documents', `file://${documents}`]),
        t.run(['search', 'tag', 'add', '--resource-arn', arn, '--tags', 'Key=env,Value=dev']),
      ])
    ).map(json);
    assert.deepEqual(put.FailedDocuments, []);
    assert.deepEqual(tagged, {});
    const ids = { dataSource: dataSource.Id as string, faq: faq.Id as string, thesaurus: thesaurus.Id as string };

    const results = (
      await Promise.all([
        t.run(['search', 'index', 'describe', '--id', indexId]),
        t.run(['search', 'index', 'list']),
        t.run(['search', 'index', 'update', '--id', indexId, '--description', 'company handbook']),
        t.run(['search', 'data-source', 'describe', '--index-id', indexId, '--id', ids.dataSource]),
        t.run(['search', 'data-source', 'list', '--index-id', indexId]),
        t.run(['search', 'data-source', 'update', '--index-id', indexId, '--id', ids.dataSource, '--schedule', 'cron(0 2 * * ? *)']),
        t.run(['search', 'faq', 'describe', '--index-id', indexId, '--id', ids.faq]),
        t.run(['search', 'faq', 'list', '--index-id', indexId]),
        t.run(['search', 'thesaurus', 'describe', '--index-id', indexId, '--id', ids.thesaurus]),
        t.run(['search', 'thesaurus', 'list', '--index-id', indexId]),
        t.run(['search', 'thesaurus', 'update', '--index-id', indexId, '--id', ids.thesaurus, '--source-s3-path', 'Bucket=lexicon,Key=synonyms-v2.txt']),
        t.run(['search', 'tag', 'list', '--resource-arn', arn]),
      ])
    ).map(json);
    const [described, listed, , dsDescribed, dsListed, , faqDescribed, faqListed, thDescribed, thListed, , tags] = results;
    assert.equal(described.Name, 'docs');
    assert.ok(listed.IndexConfigurationSummaryItems.some((item: { Id: string }) => item.Id === indexId));
    assert.equal(dsDescribed.Name, 'manuals');
    assert.deepEqual(
      dsListed.SummaryItems.map((item: { Id: string }) => item.Id),
      [ids.dataSource],
    );
    assert.equal(faqDescribed.Name, 'support');
    assert.deepEqual(
      faqListed.FaqSummaryItems.map((item: { Id: string }) => item.Id),
      [ids.faq],
    );
    assert.equal(thDescribed.Name, 'terms');
    assert.deepEqual(
      thListed.ThesaurusSummaryItems.map((item: { Id: string }) => item.Id),
      [ids.thesaurus],
    );
    assert.deepEqual(tags.Tags.map((tag: { Key: string }) => tag.Key).sort(), ['env', 'team']);
    assert.equal((await t.run(['search', 'index', 'describe', '--id', indexId, '--query', 'Description', '--output', 'text'])).stdout, 'company handbook\n');

    const sync = json(await t.run(['search', 'data-source', 'sync', 'start', '--index-id', indexId, '--id', ids.dataSource, '--wait']));
    assert.ok(sync.ExecutionId);
    const jobs = json(await t.run(['search', 'data-source', 'sync', 'list', '--index-id', indexId, '--id', ids.dataSource]));
    assert.equal(jobs.History[0].ExecutionId, sync.ExecutionId);
    const stop = await t.run(['search', 'data-source', 'sync', 'stop', '--index-id', indexId, '--id', ids.dataSource]);
    assert.ok(stop.code === 0 || (stop.code === 254 && /ResourceNotFoundException|ConflictException|ValidationException/.test(stop.stderr)), stop.stderr);

    const query = json(await t.run(['search', 'query', '--index-id', indexId, '--query-text', 'vacation']));
    assert.ok(query.QueryId);
    const hit = query.ResultItems.find((item: { DocumentId?: string }) => item.DocumentId === 'vacation');
    assert.ok(hit, JSON.stringify(query.ResultItems));
    json(
      await t.run([
        'search',
        'feedback',
        'submit',
        '--index-id',
        indexId,
        '--query-id',
        query.QueryId,
        '--relevance-feedback-items',
        `ResultId=${hit.Id},RelevanceValue=RELEVANT`,
      ]),
    );

    const [untagged, removed] = (
      await Promise.all([
        t.run(['search', 'tag', 'remove', '--resource-arn', arn, '--tag-keys', 'env']),
        t.run(['search', 'document', 'delete', '--index-id', indexId, '--document-id-list', 'vacation', 'password']),
      ])
    ).map(json);
    assert.deepEqual(untagged, {});
    assert.deepEqual(removed.FailedDocuments, []);

    (
      await Promise.all([
        t.run(['search', 'faq', 'delete', '--index-id', indexId, '--id', ids.faq, '--wait']),
        t.run(['search', 'thesaurus', 'delete', '--index-id', indexId, '--id', ids.thesaurus, '--wait']),
        t.run(['search', 'data-source', 'delete', '--index-id', indexId, '--id', ids.dataSource, '--wait']),
      ])
    ).map(json);
    json(await t.run(['search', 'index', 'delete', '--id', indexId, '--wait']));
    const gone = await t.run(['search', 'index', 'describe', '--id', indexId]);
    assert.equal(gone.code, 254);
    assert.match(gone.stderr, /^nimbus: ResourceNotFoundException: .* \(request id [\w-]+\)\n$/);
  });

  it('runs every mobile command', async () => {
    const project = join(t.dir, 'project.yml');
    writeFileSync(project, '--- !com.amazonaws.mobilehub.v0.Project\nfeatures: {}\n');
    const created = json(await t.run(['mobile', 'project', 'create', '--name', 'app', '--project-region', 'eu-west-1', '--wait']));
    const projectId: string = created.details.projectId;
    assert.equal(created.details.region, 'eu-west-1');

    const [described, updated, listed, exported, bundles, bundle, bundleExport] = (
      await Promise.all([
        t.run(['mobile', 'project', 'describe', '--project-id', projectId, '--sync-from-resources']),
        t.run(['mobile', 'project', 'update', '--project-id', projectId, '--contents', `fileb://${project}`]),
        t.run(['mobile', 'project', 'list']),
        t.run(['mobile', 'project', 'export', '--project-id', projectId]),
        t.run(['mobile', 'bundle', 'list']),
        t.run(['mobile', 'bundle', 'describe', '--bundle-id', 'app-config']),
        t.run(['mobile', 'bundle', 'export', '--bundle-id', 'app-config', '--project-id', projectId, '--platform', 'ANDROID']),
      ])
    ).map(json);
    assert.equal(described.details.name, 'app');
    assert.equal(updated.details.projectId, projectId);
    assert.deepEqual(
      listed.projects.map((p: { projectId: string }) => p.projectId),
      [projectId],
    );
    assert.match(exported.downloadUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.ok(bundles.bundleList.length > 2);
    assert.equal(bundle.details.bundleId, 'app-config');
    assert.match(bundleExport.downloadUrl, /^http/);

    const deleted = json(await t.run(['mobile', 'project', 'delete', '--project-id', projectId]));
    assert.ok(Array.isArray(deleted.deletedResources));
    const gone = await t.run(['mobile', 'project', 'describe', '--project-id', projectId]);
    assert.equal(gone.code, 254);
    assert.match(gone.stderr, /^nimbus: NotFoundException: /);
  });
});
