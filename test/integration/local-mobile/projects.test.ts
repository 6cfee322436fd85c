import assert from 'node:assert/strict';
import { buildZip } from '../../../src/lib/local/mobile/zip-writer.js';
import { call, errorCode, FULL_PROJECT_YAML, testContext, unzip, type TestContext } from './support.js';

const DATABASE_ONLY = `--- !com.amazonaws.mobilehub.v0.Project
features:
  database: !com.amazonaws.mobilehub.v0.Database
    components:
      database-nosql: !com.amazonaws.mobilehub.v0.NoSQLDatabase
        tables:
          - !com.amazonaws.mobilehub.v0.NoSQLTable
            hashKeyName: id
            hashKeyType: S
            tableName: ___DYNAMIC_PREFIX___-notes
`;

describe('local mobile: projects', () => {
  let ctx: TestContext;
  beforeEach(() => {
    ctx = testContext({ createDelay: 5 });
  });
  afterEach(() => ctx.cleanup());

  it('creates a project from nothing: NORMAL at once, an identity pool, name and region from the query', async () => {
    const answer = await call(ctx, 'POST', '/projects', { query: { name: 'empty', region: 'ap-south-1' } });
    assert.equal(answer.status, 200);
    const details = answer.json.details;
    assert.match(details.projectId, /^[0-9a-f-]{36}$/);
    assert.equal(details.state, 'NORMAL');
    assert.equal(details.region, 'ap-south-1');
    assert.equal(details.createdDate, ctx.clock.now / 1000);
    assert.equal(details.consoleUrl, `https://console.aws.amazon.com/mobilehub/home?region=ap-south-1#/${details.projectId}/build`);
    assert.deepEqual(
      details.resources.map((r: any) => r.type),
      ['AWS::Cognito::IdentityPool'],
    );
  });

  it('imports a zip: IMPORTING for createDelay seconds, then NORMAL', async () => {
    const zip = await buildZip(
      [
        { name: 'mobile-hub-project.yml', data: FULL_PROJECT_YAML },
        { name: 'uploads/x.txt', data: 'x' },
      ],
      new Date(),
    );
    const created = (await call(ctx, 'POST', '/projects', { body: zip, query: { name: 'zipped', region: 'us-west-2' } })).json.details;
    assert.equal(created.state, 'IMPORTING');
    assert.equal(created.name, 'zipped', 'the query name wins over the YAML name');
    assert.equal(created.region, 'us-west-2', 'the query region wins over the YAML region');
    assert.equal(created.resources.length, 10);
    ctx.clock.now += 4999;
    assert.equal((await call(ctx, 'GET', '/project', { query: { projectId: created.projectId } })).json.details.state, 'IMPORTING');
    ctx.clock.now += 1;
    assert.equal((await call(ctx, 'GET', '/project', { query: { projectId: created.projectId } })).json.details.state, 'NORMAL');
  });

  it('updates a project with new contents: resources derived again, lastUpdatedDate moves, refused while importing', async () => {
    const created = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    const early = await call(ctx, 'POST', '/update', { query: { projectId: created.projectId }, body: DATABASE_ONLY });
    assert.equal(early.status, 400);
    assert.match(early.json.message, /still importing/);
    ctx.clock.now += 60_000;
    const updated = await call(ctx, 'POST', '/update', { query: { projectId: created.projectId }, body: `${DATABASE_ONLY}name: renamed\n` });
    assert.equal(updated.status, 200);
    const details = updated.json.details;
    assert.equal(details.name, 'renamed');
    assert.equal(details.state, 'IMPORTING');
    assert.equal(details.lastUpdatedDate, ctx.clock.now / 1000);
    assert.equal(details.createdDate, created.createdDate);
    assert.deepEqual(
      details.resources.map((r: any) => r.type),
      ['AWS::Cognito::IdentityPool', 'AWS::DynamoDB::Table'],
    );
    assert.equal(details.resources[0].arn, created.resources[0].arn, 'the identity pool keeps its identity');
    assert.match(details.resources[1].name, /^bbq-mobilehub-\d{10}-notes$/, 'resource names keep the prefix fixed at creation');
    const described = (await call(ctx, 'GET', '/project', { query: { projectId: created.projectId } })).json.details;
    assert.deepEqual(described, details);
  });

  it('needs contents to update, and an existing project', async () => {
    const created = (await call(ctx, 'POST', '/projects')).json.details;
    const empty = await call(ctx, 'POST', '/update', { query: { projectId: created.projectId } });
    assert.equal(empty.status, 400);
    assert.match(empty.json.message, /contents are required/);
    const missing = await call(ctx, 'POST', '/update', { query: { projectId: 'nope' }, body: DATABASE_ONLY });
    assert.equal(missing.status, 404);
    assert.equal(errorCode(missing), 'NotFoundException');
  });

  it('deletes a project: data-bearing resources orphaned, the rest deleted', async () => {
    const created = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    const answer = await call(ctx, 'DELETE', `/projects/${created.projectId}`);
    assert.equal(answer.status, 200);
    const orphaned = answer.json.orphanedResources.map((r: any) => r.type).sort();
    assert.deepEqual(orphaned, ['AWS::Cognito::UserPool', 'AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::S3::Bucket']);
    assert.equal(answer.json.deletedResources.length + orphaned.length, created.resources.length);
    assert.ok(answer.json.deletedResources.some((r: any) => r.type === 'AWS::Lambda::Function'));
    assert.equal((await call(ctx, 'GET', '/project', { query: { projectId: created.projectId } })).status, 404);
    assert.equal((await call(ctx, 'DELETE', `/projects/${created.projectId}`)).status, 404);
  });

  it('lists projects in pages with an opaque nextToken', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ctx.clock.now += 1000;
      ids.push((await call(ctx, 'POST', '/projects', { query: { name: `p${i}` } })).json.details.projectId);
    }
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await call(ctx, 'GET', '/projects', { query: { maxResults: '3', ...(token ? { nextToken: token } : {}) } });
      assert.equal(page.status, 200);
      assert.ok(page.json.projects.length <= 3);
      seen.push(...page.json.projects.map((p: any) => p.projectId));
      token = page.json.nextToken;
      pages++;
    } while (token);
    assert.equal(pages, 3);
    assert.deepEqual(seen, ids, 'oldest first, each once');
    const all = await call(ctx, 'GET', '/projects');
    assert.equal(all.json.projects.length, 7);
    assert.equal(all.json.nextToken, undefined);
    assert.deepEqual(all.json.projects[0], { name: 'p0', projectId: ids[0] });
  });

  it('keeps accounts apart', async () => {
    const created = (await call(ctx, 'POST', '/projects')).json.details;
    const other = { ...ctx, accountId: '999999999999' } as TestContext;
    assert.equal((await call(other, 'GET', '/project', { query: { projectId: created.projectId } })).status, 404);
    assert.deepEqual((await call(other, 'GET', '/projects')).json.projects, []);
  });

  it('exports a snapshot and recreates the project from its id and from its zip', async () => {
    const created = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    const exported = await call(ctx, 'POST', `/exports/${created.projectId}`);
    assert.equal(exported.status, 200);
    const { snapshotId, downloadUrl, shareUrl } = exported.json;
    const download = new URL(downloadUrl);
    assert.equal(download.pathname, `/downloads/exports/${snapshotId}.zip`);
    assert.equal(download.searchParams.get('X-Amz-Expires'), '3600');
    assert.match(download.searchParams.get('X-Amz-Credential')!, /^test\/20240102\/us-east-1\/AWSMobileHubService\/aws4_request$/);
    assert.equal(new URL(shareUrl).searchParams.get('X-Amz-Expires'), '604800');
    const zip = (await call(ctx, 'GET', download.pathname)).body as Buffer;
    const files = await unzip(zip);
    assert.deepEqual([...files.keys()], ['mobile-hub-project.yml']);

    const fromSnapshot = (await call(ctx, 'POST', '/projects', { query: { snapshotId } })).json.details;
    const fromZip = (await call(ctx, 'POST', '/projects', { body: zip })).json.details;
    for (const copy of [fromSnapshot, fromZip]) {
      assert.notEqual(copy.projectId, created.projectId);
      assert.equal(copy.name, 'bbq');
      assert.equal(copy.region, 'eu-west-1');
      assert.equal(copy.state, 'IMPORTING');
      assert.deepEqual(
        copy.resources.map((r: any) => [r.type, r.feature, r.attributes.hashKeyName]),
        created.resources.map((r: any) => [r.type, r.feature, r.attributes.hashKeyName]),
      );
    }
    const viaName = await call(ctx, 'POST', `/exports/${created.projectId}`, { host: 'localhost:4599' });
    assert.equal(new URL(viaName.json.downloadUrl).host, 'localhost:4599', 'the host the caller reached the service at');
    const odd = await call(ctx, 'POST', `/exports/${created.projectId}`, { host: 'evil.example/x?y' });
    assert.equal(new URL(odd.json.downloadUrl).host, '127.0.0.1:4599', 'an unusable Host header falls back to the endpoint');
    const both = await call(ctx, 'POST', '/projects', { query: { snapshotId }, body: FULL_PROJECT_YAML });
    assert.equal(both.status, 400);
    assert.equal((await call(ctx, 'POST', '/projects', { query: { snapshotId: 'missing' } })).status, 404);
  });
});
