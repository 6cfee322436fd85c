import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textDoc, until } from '../integration/local-search/support.js';

/** Calls a search operation that must succeed, signed at the service's time. */
export type Call = (operation: string, input: Record<string, unknown>) => Promise<any>;

const ROLE = 'arn:aws:iam::000000000000:role/search';

/** What the page tests search: an index with facetable and sortable fields, documents, an FAQ, a failed data source and an experience. */
export interface SeededIndex {
  indexId: string;
  experienceId: string;
  dataSourceId: string;
  /** The HOME endpoint of the experience. */
  home: string;
}

const TEAMS = ['People', 'Finance', 'Engineering'];

/** 24 policy documents over three teams, with priorities to sort on, plus one whose title and link are hostile. */
function documents(): Array<Record<string, unknown>> {
  const topics = ['vacation', 'expense', 'travel', 'security', 'hiring', 'laptop', 'parking', 'training'];
  const docs = topics.flatMap((topic, at) =>
    [0, 1, 2].map((version) =>
      textDoc(
        `${topic}-${version}`,
        `${topic[0]!.toUpperCase()}${topic.slice(1)} policy, part ${version + 1}`,
        `The ${topic} policy explains how ${topic} requests are made and approved. Part ${version + 1} covers the ${topic} policy details.`,
        { team: TEAMS[(at + version) % 3]!, priority: at * 3 + version, _source_uri: `https://intranet.example.com/policies/${topic}/${version}` },
      ),
    ),
  );
  docs.push(
    textDoc('hostile', '<img src=x onerror="window.__xss=1">Hostile policy', 'A hostile policy document <script>window.__xss=2</script> with markup.', {
      team: 'People',
      priority: 99,
      _source_uri: 'javascript:window.__xss=3',
    }),
  );
  return docs;
}

/** Seeds the service that `ok` calls (whose S3 directory is `s3Dir`). */
export async function seedIndex(ok: Call, s3Dir: string): Promise<SeededIndex> {
  const { Id: indexId } = await ok('CreateIndex', { Name: 'policies', RoleArn: ROLE });
  await until(async () => (await ok('DescribeIndex', { Id: indexId })).Status === 'ACTIVE');
  await ok('UpdateIndex', {
    Id: indexId,
    DocumentMetadataConfigurationUpdates: [
      { Name: 'team', Type: 'STRING_VALUE', Search: { Facetable: true, Displayable: true, Searchable: false, Sortable: true } },
      { Name: 'priority', Type: 'LONG_VALUE', Search: { Facetable: false, Displayable: true, Searchable: false, Sortable: true } },
    ],
  });
  await until(async () => (await ok('DescribeIndex', { Id: indexId })).Status === 'ACTIVE');
  const all = documents();
  for (let at = 0; at < all.length; at += 10) await ok('BatchPutDocument', { IndexId: indexId, Documents: all.slice(at, at + 10) });

  mkdirSync(join(s3Dir, 'faqs'), { recursive: true });
  writeFileSync(
    join(s3Dir, 'faqs', 'hr.csv'),
    'How many vacation days do I get?,Every employee gets 25 vacation days a year.,https://intranet.example.com/faq/vacation\n',
  );
  const { Id: faqId } = await ok('CreateFaq', { IndexId: indexId, Name: 'hr', RoleArn: ROLE, S3Path: { Bucket: 'faqs', Key: 'hr.csv' }, FileFormat: 'CSV' });
  await until(async () => (await ok('DescribeFaq', { IndexId: indexId, Id: faqId })).Status === 'ACTIVE');

  mkdirSync(join(s3Dir, 'broken', 'notes'), { recursive: true });
  writeFileSync(join(s3Dir, 'broken', 'notes', 'a.txt'), 'a note');
  writeFileSync(join(s3Dir, 'broken', 'acl.json'), '[{"keyPrefix": "s3://broken/notes/", "aclEntries": [');
  const { Id: dataSourceId } = await ok('CreateDataSource', {
    IndexId: indexId,
    Name: 'shared-drive',
    Type: 'S3',
    RoleArn: ROLE,
    Configuration: { S3Configuration: { BucketName: 'broken', AccessControlListConfiguration: { KeyPath: 'acl.json' } } },
  });
  await until(async () => (await ok('DescribeDataSource', { IndexId: indexId, Id: dataSourceId })).Status === 'ACTIVE');

  const { Id: experienceId } = await ok('CreateExperience', { IndexId: indexId, Name: 'policy-finder', RoleArn: ROLE });
  const described = await until(async () => {
    const experience = await ok('DescribeExperience', { IndexId: indexId, Id: experienceId });
    return experience.Status === 'ACTIVE' && experience;
  });
  return { indexId, experienceId, dataSourceId, home: described.Endpoints[0].Endpoint as string };
}

/** Runs a sync job of the broken data source and waits until it has FAILED. */
export async function failSync(ok: Call, seeded: SeededIndex): Promise<Record<string, string>> {
  const { ExecutionId } = await ok('StartDataSourceSyncJob', { IndexId: seeded.indexId, Id: seeded.dataSourceId });
  return until(async () => {
    const history = (await ok('ListDataSourceSyncJobs', { IndexId: seeded.indexId, Id: seeded.dataSourceId })).History as Array<Record<string, string>>;
    const job = history.find((item) => item.ExecutionId === ExecutionId);
    return job && job.Status === 'FAILED' ? job : undefined;
  });
}
