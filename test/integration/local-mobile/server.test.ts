import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startLocalService, type LocalService } from '../../../src/lib/local/server.js';
import { DATABASE_FILE } from '../../../src/lib/local/store/open-store.js';
import { buildZip } from '../../../src/lib/local/mobile/zip-writer.js';
import { fetchAnswer, MobileHttpClient } from './http-client.js';
import { FULL_PROJECT_YAML, rawZip, unzip } from './support.js';

describe('local mobile over HTTP (the real local server)', function () {
  this.timeout(20_000);
  let dataDir: string;
  let service: LocalService;
  let client: MobileHttpClient;
  let other: MobileHttpClient;
  const clock = { now: Date.now() };

  async function start(port = 0): Promise<void> {
    service = await startLocalService({
      port,
      dataDir,
      credentials: [
        { key: 'test', secret: 'test' },
        { key: 'other', secret: 'other-secret' },
      ],
      createDelay: 2,
      accountId: '111122223333',
      now: () => new Date(clock.now),
    });
    client = new MobileHttpClient(service.endpoint, { key: 'test', secret: 'test' }, () => new Date(clock.now));
    other = new MobileHttpClient(service.endpoint, { key: 'other', secret: 'other-secret' }, () => new Date(clock.now));
  }

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'nimbus-mobile-http-'));
    clock.now = Date.now();
    await start();
  });
  afterEach(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves all 9 operations, signed with SigV4, and the presigned downloads', async () => {
    const zip = await buildZip([{ name: 'mobile-hub-project.yml', data: FULL_PROJECT_YAML }], new Date());
    const created = (await client.ok('POST', '/projects', { query: { name: 'http' }, body: zip })).details;
    assert.equal(created.name, 'http');
    assert.equal(created.state, 'IMPORTING');
    assert.ok(
      created.resources.every((r: any) => ['', '111122223333'].includes(r.arn.split(':')[4])),
      'ARNs use the configured account',
    );
    assert.ok(created.resources.some((r: any) => r.arn.includes(':eu-west-1:111122223333:')));

    clock.now += 2000;
    const described = (await client.ok('GET', '/project', { query: { projectId: created.projectId, syncFromResources: 'true' } })).details;
    assert.equal(described.state, 'NORMAL');
    assert.deepEqual(described.resources, created.resources);

    const updated = (await client.ok('POST', '/update', { query: { projectId: created.projectId }, body: 'features: {}\n' })).details;
    assert.deepEqual(
      updated.resources.map((r: any) => r.type),
      ['AWS::Cognito::IdentityPool'],
    );
    assert.ok(updated.lastUpdatedDate > created.lastUpdatedDate);

    const listed = await client.ok('GET', '/projects', { query: { maxResults: '10' } });
    assert.deepEqual(listed.projects, [{ name: 'http', projectId: created.projectId }]);

    const exported = await client.ok('POST', `/exports/${created.projectId}`);
    const download = await fetchAnswer(exported.downloadUrl);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/zip');
    assert.match((await unzip(download.body)).get('mobile-hub-project.yml')!, /^name: http$/m);
    assert.equal((await fetchAnswer(exported.shareUrl)).status, 200);

    const bundles = await client.ok('GET', '/bundles', { query: { maxResults: '2' } });
    assert.equal(bundles.bundleList.length, 2);
    assert.ok(bundles.nextToken);
    const bundle = (await client.ok('GET', '/bundles/web-starter')).details;
    assert.deepEqual(bundle.availablePlatforms, ['JAVASCRIPT']);
    const exportedBundle = await client.ok('POST', '/bundles/web-starter', { query: { projectId: created.projectId, platform: 'JAVASCRIPT' } });
    const bundleZip = await fetchAnswer(exportedBundle.downloadUrl);
    assert.equal(bundleZip.status, 200);
    assert.match((await unzip(bundleZip.body)).get('src/aws-exports.js')!, new RegExp(created.projectId));

    const deleted = await client.ok('DELETE', `/projects/${created.projectId}`);
    assert.deepEqual(
      deleted.deletedResources.map((r: any) => r.type),
      ['AWS::Cognito::IdentityPool'],
    );
    assert.deepEqual(deleted.orphanedResources, []);
    const fromSnapshot = (await client.ok('POST', '/projects', { query: { snapshotId: exported.snapshotId } })).details;
    assert.equal(fromSnapshot.name, 'http');
  });

  it('refuses download URLs that expired or were tampered with', async () => {
    const project = (await client.ok('POST', '/projects')).details;
    const exported = await client.ok('POST', `/exports/${project.projectId}`);
    const bundle = await client.ok('POST', '/bundles/app-config', { query: { platform: 'ANDROID' } });
    const tampered = exported.downloadUrl.replace(exported.snapshotId, fromSnapshotId(exported.snapshotId));
    const bad = await fetchAnswer(tampered);
    assert.equal(bad.status, 403);
    assert.equal(bad.json.__type, 'InvalidSignatureException');

    clock.now += 3600_000 + 1000;
    for (const url of [exported.downloadUrl, bundle.downloadUrl]) {
      const expired = await fetchAnswer(url);
      assert.equal(expired.status, 403, url);
      assert.equal(expired.json.__type, 'InvalidSignatureException');
      assert.match(expired.json.message, /expired/i);
    }
    assert.equal((await fetchAnswer(exported.shareUrl)).status, 200, 'the share URL lives for a week');
    clock.now += 7 * 24 * 3600_000;
    assert.equal((await fetchAnswer(exported.shareUrl)).status, 403);
    const unsigned = await fetchAnswer(exported.downloadUrl.split('?')[0]);
    assert.equal(unsigned.status, 403);
    assert.equal(unsigned.json.__type, 'MissingAuthenticationTokenException');
  });

  it('answers the modelled errors on the wire, with Retry-After where the model has it', async () => {
    const bad = await client.send('GET', '/projects', { query: { maxResults: 'many' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.headers.get('x-amzn-errortype'), 'BadRequestException');
    assert.equal((await client.send('GET', '/project', { query: { projectId: 'missing' } })).json.__type, 'NotFoundException');

    const project = (await client.ok('POST', '/projects', { query: { region: 'us-east-1' } })).details;
    const moved = await client.send('POST', '/update', { query: { projectId: project.projectId }, body: FULL_PROJECT_YAML });
    assert.equal(moved.status, 403);
    assert.equal(moved.headers.get('x-amzn-errortype'), 'AccountActionRequiredException');

    const exported = await client.ok('POST', `/exports/${project.projectId}`);
    const stranger = await other.send('GET', new URL(exported.downloadUrl).pathname);
    assert.equal(stranger.status, 401);
    assert.equal(stranger.json.__type, 'UnauthorizedException');

    const big = await client.send('POST', '/projects', { body: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    assert.equal(big.status, 400);
    assert.match(big.json.message, /import limit is 10485760 bytes/);
    const hostile = await client.send('POST', '/projects', { body: rawZip([{ name: '../x', data: 'x' }]) });
    assert.equal(hostile.status, 400);
    assert.match(hostile.json.message, /invalid relative path/);

    for (let i = 0; i < 5; i++) await client.ok('POST', '/projects', { body: 'features: {}\n' });
    const limited = await client.send('POST', '/projects', { body: 'features: {}\n' });
    assert.equal(limited.status, 429);
    assert.equal(limited.json.__type, 'LimitExceededException');
    assert.equal(limited.headers.get('retry-after'), '2');

    let throttled;
    for (let i = 0; i < 250 && !throttled; i++) {
      const answer = await client.send('GET', '/bundles');
      if (answer.status !== 200) throttled = answer;
    }
    assert.equal(throttled?.status, 429);
    assert.equal(throttled?.json.__type, 'TooManyRequestsException');
    assert.equal(throttled?.headers.get('retry-after'), '1');

    const db = new Database(join(dataDir, DATABASE_FILE));
    db.exec('DROP TABLE mobile_bundle_downloads');
    db.close();
    const broken = await other.send('POST', '/bundles/app-config', { query: { platform: 'OSX' } });
    assert.equal(broken.status, 500);
    assert.equal(broken.json.__type, 'InternalFailureException');
  });

  it('keeps projects, snapshots and downloads across a restart on the same data dir', async () => {
    const project = (await client.ok('POST', '/projects', { body: FULL_PROJECT_YAML })).details;
    const exported = await client.ok('POST', `/exports/${project.projectId}`);
    const before = (await fetchAnswer(exported.downloadUrl)).body;
    const port = service.port;
    await service.close();
    await start(port);
    const described = (await client.ok('GET', '/project', { query: { projectId: project.projectId } })).details;
    assert.deepEqual({ ...described, state: project.state }, project);
    assert.deepEqual((await client.ok('GET', '/projects')).projects, [{ name: 'bbq', projectId: project.projectId }]);
    const after = await fetchAnswer(exported.downloadUrl);
    assert.equal(after.status, 200, 'the download URL handed out before the restart still works');
    assert.deepEqual(after.body, before);
    const again = await client.ok('POST', '/projects', { query: { snapshotId: exported.snapshotId } });
    assert.equal(again.details.name, 'bbq');
    assert.deepEqual(
      again.details.resources.map((r: any) => r.type),
      project.resources.map((r: any) => r.type),
    );
  });
});

function fromSnapshotId(id: string): string {
  return id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
}
