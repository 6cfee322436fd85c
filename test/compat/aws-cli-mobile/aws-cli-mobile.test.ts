import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { buildZip } from '../../../src/lib/local/mobile/zip-writer.js';
import { awsCliJson } from '../aws-cli.js';
import { fetchAnswer } from '../../integration/local-mobile/http-client.js';
import { FULL_PROJECT_YAML, unzip } from '../../integration/local-mobile/support.js';

const AWS_CLI = '/usr/bin/aws';

describe('the v2 AWS CLI drives the local mobile service', function () {
  this.timeout(60_000);
  let dir: string;
  let service: LocalService;

  before(async function () {
    if (!existsSync(AWS_CLI)) {
      throw new Error(`the v2 AWS CLI is required at ${AWS_CLI} (it has the mobile commands; pip's v1 does not): apt-get install -y awscli`);
    }
    dir = mkdtempSync(join(tmpdir(), 'nimbus-aws-cli-mobile-'));
    service = await startLocalService({ port: 0, dataDir: join(dir, 'data'), createDelay: 0 });
  });
  after(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `aws mobile <args>` against the local service and parses its JSON output. */
  const aws = (...args: string[]): Promise<any> => awsCliJson(AWS_CLI, ['mobile', ...args, '--endpoint-url', service.endpoint], dir);

  it('runs all 9 operations, downloads the exports and round-trips a project', async () => {
    const zipPath = join(dir, 'project.zip');
    writeFileSync(zipPath, await buildZip([{ name: 'mobile-hub-project.yml', data: FULL_PROJECT_YAML }], new Date()));
    const withoutPush = FULL_PROJECT_YAML.replace(/  push: [\s\S]*?(?=  user-profiles)/, '');
    writeFileSync(join(dir, 'other-region.yml'), withoutPush);
    writeFileSync(join(dir, 'update.yml'), withoutPush.replace(/^(region|name): .*\n/gm, ''));

    const [created, bundles, bundle] = await Promise.all([
      aws('create-project', '--name', 'cli', '--project-region', 'eu-central-1', '--contents', `fileb://${zipPath}`),
      aws('list-bundles', '--page-size', '2'),
      aws('describe-bundle', '--bundle-id', 'app-config'),
    ]);
    const projectId = created.details.projectId;
    assert.equal(created.details.name, 'cli');
    assert.equal(created.details.region, 'eu-central-1');
    assert.equal(typeof created.details.createdDate, 'string', 'the CLI formats the timestamp');
    assert.equal(created.details.resources.length, 10);
    assert.deepEqual(
      bundles.bundleList.map((b: any) => b.bundleId),
      ['app-config', 'android-starter', 'ios-starter', 'web-starter', 'desktop-config'],
      'the CLI followed nextToken across pages of 2',
    );
    assert.equal(bundle.details.availablePlatforms.length, 7);

    const [described] = await Promise.all([
      aws('describe-project', '--project-id', projectId, '--sync-from-resources'),
      assert.rejects(
        aws('update-project', '--project-id', projectId, '--contents', `fileb://${join(dir, 'other-region.yml')}`),
        (error: any) => error.code === 254 && /AccountActionRequiredException/.test(error.stderr),
      ),
    ]);
    assert.equal(described.details.state, 'NORMAL');
    assert.equal(described.details.consoleUrl, `https://console.aws.amazon.com/mobilehub/home?region=eu-central-1#/${projectId}/build`);
    assert.deepEqual(described.details.resources, created.details.resources);

    const updated = await aws('update-project', '--project-id', projectId, '--contents', `fileb://${join(dir, 'update.yml')}`);
    assert.equal(updated.details.name, 'cli', 'contents without a name keep the project name');
    assert.equal(updated.details.resources.length, 9, 'the push platform is gone');
    assert.ok(!updated.details.resources.some((r: any) => r.feature === 'push'));

    const [exported, exportedBundle] = await Promise.all([
      aws('export-project', '--project-id', projectId),
      aws('export-bundle', '--bundle-id', 'app-config', '--project-id', projectId, '--platform', 'ANDROID'),
    ]);
    const snapshot = await fetchAnswer(exported.downloadUrl);
    assert.equal(snapshot.status, 200);
    const yml = (await unzip(snapshot.body)).get('mobile-hub-project.yml')!;
    assert.match(yml, /^name: cli$/m);
    assert.match(yml, /^region: eu-central-1$/m);
    assert.match(yml, /!com\.amazonaws\.mobilehub\.v0\.NoSQLTable/);
    assert.doesNotMatch(yml, /PushNotifications/);
    const config = JSON.parse((await unzip((await fetchAnswer(exportedBundle.downloadUrl)).body)).get('awsconfiguration.json')!);
    const pool = updated.details.resources.find((r: any) => r.type === 'AWS::Cognito::IdentityPool');
    assert.equal(config.CredentialsProvider.CognitoIdentity.Default.PoolId, pool.attributes.poolId);
    assert.equal(config.CredentialsProvider.CognitoIdentity.Default.Region, 'eu-central-1');

    const downloadedZip = join(dir, 'downloaded.zip');
    writeFileSync(downloadedZip, snapshot.body);
    const [fromSnapshot, fromZip] = await Promise.all([
      aws('create-project', '--snapshot-id', exported.snapshotId),
      aws('create-project', '--contents', `fileb://${downloadedZip}`),
    ]);
    for (const copy of [fromSnapshot.details, fromZip.details]) {
      assert.equal(copy.name, 'cli');
      assert.equal(copy.region, 'eu-central-1');
      assert.deepEqual(
        copy.resources.map((r: any) => `${r.feature}:${r.type}`),
        updated.details.resources.map((r: any) => `${r.feature}:${r.type}`),
      );
    }

    const listed = await aws('list-projects', '--page-size', '1');
    assert.deepEqual(listed.projects.map((p: any) => p.projectId).sort(), [projectId, fromSnapshot.details.projectId, fromZip.details.projectId].sort());

    const deleted = await aws('delete-project', '--project-id', projectId);
    assert.equal(deleted.deletedResources.length + deleted.orphanedResources.length, 9);
    assert.ok(deleted.orphanedResources.every((r: any) => ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool'].includes(r.type)));

    await assert.rejects(aws('describe-project', '--project-id', projectId), (error: any) => {
      assert.equal(error.code, 254);
      assert.match(error.stderr, /NotFoundException/);
      assert.match(error.stderr, new RegExp(`project ${projectId} does not exist`));
      return true;
    });
  });
});
