import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { json, requireBuild } from './helpers/cli.js';
import { startTestService, type TestService } from './helpers/service.js';

const run = promisify(execFile);
/** pip's AWS CLI v1 has kendra; Debian's v2 has mobile. */
const AWS_V1 = 'aws';
const AWS_V2 = '/usr/bin/aws';

/**
 * Timestamps compared as instants: nimbus prints ISO 8601 (`…14:45:42.555Z`), the v2 AWS CLI
 * ISO 8601 with an offset (`…14:45:42.555000+00:00`), the v1 AWS CLI the epoch seconds it received.
 */
function normalize(value: unknown): unknown {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)) return new Date(value).getTime();
  if (typeof value === 'number' && value > 1e9 && value < 1e10) return Math.round(value * 1000);
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalize(item)]));
  return value;
}

describe('nimbus --output json carries the same data as the AWS CLI', function () {
  this.timeout(90_000);
  let t: TestService;
  let awsEnv: NodeJS.ProcessEnv;

  before(async () => {
    requireBuild();
    if (!existsSync(AWS_V2)) throw new Error(`the v2 AWS CLI is required at ${AWS_V2} for mobile (apt-get install -y awscli)`);
    t = await startTestService();
    awsEnv = {
      PATH: process.env.PATH,
      HOME: t.home,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_CONFIG_FILE: join(t.dir, 'no-config'),
      AWS_SHARED_CREDENTIALS_FILE: join(t.dir, 'no-credentials'),
      AWS_PAGER: '',
      AWS_EC2_METADATA_DISABLED: 'true',
    };
  });
  after(() => t?.close());

  async function aws(cli: string, args: string[]): Promise<unknown> {
    const { stdout } = await run(cli, [...args, '--endpoint-url', t.service.endpoint, '--output', 'json'], { env: awsEnv });
    return stdout.trim() === '' ? {} : JSON.parse(stdout);
  }

  async function same(nimbusArgs: string[], cli: string, awsArgs: string[]): Promise<unknown> {
    const [ours, theirs] = await Promise.all([t.run(nimbusArgs).then(json), aws(cli, awsArgs)]);
    assert.deepEqual(normalize(ours), normalize(theirs), `nimbus ${nimbusArgs.join(' ')} / aws ${awsArgs.join(' ')}`);
    return ours;
  }

  it('search (aws kendra, v1)', async () => {
    const role = 'arn:aws:iam::000000000000:role/r';
    t.putS3Object('faqs', 'faq.csv', 'Is it the same?,Yes.\n');
    t.putS3Object('lexicon', 'synonyms.txt', 'same, identical\n');
    const id = json(
      await t.run(['search', 'index', 'create', '--name', 'compat', '--role-arn', role, '--description', 'same data', '--tags', 'Key=k,Value=v']),
    ).Id;
    const [, dataSource, faq, thesaurus] = (
      await Promise.all([
        t.run([
          'search',
          'document',
          'put',
          '--index-id',
          id,
          '--documents',
          JSON.stringify([{ Id: 'd1', Title: 'Compat', Blob: Buffer.from('compatible output').toString('base64'), ContentType: 'PLAIN_TEXT' }]),
        ]),
        t.run([
          'search',
          'data-source',
          'create',
          '--index-id',
          id,
          '--name',
          'bucket',
          '--type',
          'S3',
          '--role-arn',
          role,
          '--configuration',
          'S3Configuration={BucketName=faqs}',
        ]),
        t.run(['search', 'faq', 'create', '--index-id', id, '--name', 'faq', '--s3-path', 'Bucket=faqs,Key=faq.csv', '--role-arn', role]),
        t.run([
          'search',
          'thesaurus',
          'create',
          '--index-id',
          id,
          '--name',
          'words',
          '--source-s3-path',
          'Bucket=lexicon,Key=synonyms.txt',
          '--role-arn',
          role,
        ]),
      ])
    ).map(json);
    const arn = `arn:aws:kendra:us-east-1:000000000000:index/${id}`;
    await Promise.all([
      same(['search', 'index', 'list'], AWS_V1, ['kendra', 'list-indices']),
      same(['search', 'index', 'describe', '--id', id], AWS_V1, ['kendra', 'describe-index', '--id', id]),
      same(['search', 'tag', 'list', '--resource-arn', arn], AWS_V1, ['kendra', 'list-tags-for-resource', '--resource-arn', arn]),
      same(['search', 'data-source', 'list', '--index-id', id], AWS_V1, ['kendra', 'list-data-sources', '--index-id', id]),
      same(['search', 'data-source', 'describe', '--index-id', id, '--id', dataSource.Id], AWS_V1, [
        'kendra',
        'describe-data-source',
        '--index-id',
        id,
        '--id',
        dataSource.Id,
      ]),
      same(['search', 'faq', 'list', '--index-id', id], AWS_V1, ['kendra', 'list-faqs', '--index-id', id]),
      same(['search', 'faq', 'describe', '--index-id', id, '--id', faq.Id], AWS_V1, ['kendra', 'describe-faq', '--index-id', id, '--id', faq.Id]),
      same(['search', 'thesaurus', 'list', '--index-id', id], AWS_V1, ['kendra', 'list-thesauri', '--index-id', id]),
      same(['search', 'thesaurus', 'describe', '--index-id', id, '--id', thesaurus.Id], AWS_V1, [
        'kendra',
        'describe-thesaurus',
        '--index-id',
        id,
        '--id',
        thesaurus.Id,
      ]),
    ]);
    const missing = '00000000-0000-4000-8000-000000000000';
    const [ours, theirs] = await Promise.all([
      t.run(['search', 'index', 'describe', '--id', missing]),
      aws(AWS_V1, ['kendra', 'describe-index', '--id', missing]).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      ),
    ]);
    assert.equal(theirs.code, 255, 'v1 exits 255 for every error');
    assert.match(theirs.stderr, /ResourceNotFoundException/);
    assert.equal(ours.code, 254);
    assert.match(ours.stderr, /^nimbus: ResourceNotFoundException: /);
  });

  it('mobile (aws mobile, v2)', async () => {
    const created = json(await t.run(['mobile', 'project', 'create', '--name', 'compat', '--project-region', 'eu-west-1']));
    const projectId = created.details.projectId;
    await Promise.all([
      same(['mobile', 'project', 'list'], AWS_V2, ['mobile', 'list-projects']),
      same(['mobile', 'project', 'describe', '--project-id', projectId], AWS_V2, ['mobile', 'describe-project', '--project-id', projectId]),
      same(['mobile', 'bundle', 'list'], AWS_V2, ['mobile', 'list-bundles']),
      same(['mobile', 'bundle', 'list', '--max-items', '2'], AWS_V2, ['mobile', 'list-bundles', '--max-items', '2']),
      same(['mobile', 'bundle', 'describe', '--bundle-id', 'app-config'], AWS_V2, ['mobile', 'describe-bundle', '--bundle-id', 'app-config']),
    ]);
    const [ours, theirs] = await Promise.all([
      t.run(['mobile', 'project', 'describe', '--project-id', 'no-such-project']),
      aws(AWS_V2, ['mobile', 'describe-project', '--project-id', 'no-such-project']).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      ),
    ]);
    assert.equal(ours.code, theirs.code, 'a service error exits 254 in both');
    assert.equal(ours.code, 254);
    assert.match(theirs.stderr, /NotFoundException/);
    assert.match(ours.stderr, /^nimbus: NotFoundException: /);
  });
});
