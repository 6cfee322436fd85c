import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { DATABASE_FILE } from '../../../src/lib/local/store/open-store.js';
import { call, errorCode, FULL_PROJECT_YAML, testContext, type Answer, type TestContext } from './support.js';

function assertError(answer: Answer, status: number, code: string, message?: RegExp): void {
  assert.equal(answer.status, status, JSON.stringify(answer.json));
  assert.equal(errorCode(answer), code);
  assert.equal(answer.json.__type, code);
  assert.equal(typeof answer.json.message, 'string');
  if (message) assert.match(answer.json.message, message);
}

describe('local mobile: error statuses', () => {
  let ctx: TestContext;
  beforeEach(() => {
    ctx = testContext({ createDelay: 30 });
  });
  afterEach(() => ctx.cleanup());

  it('400 BadRequestException for invalid input', async () => {
    assertError(await call(ctx, 'GET', '/projects', { query: { maxResults: '0' } }), 400, 'BadRequestException', /maxResults/);
    assertError(await call(ctx, 'GET', '/projects', { query: { maxResults: '101' } }), 400, 'BadRequestException');
    assertError(await call(ctx, 'GET', '/projects', { query: { nextToken: 'garbage' } }), 400, 'BadRequestException', /nextToken/);
    const bundleToken = (await call(ctx, 'GET', '/bundles', { query: { maxResults: '1' } })).json.nextToken;
    assertError(await call(ctx, 'GET', '/projects', { query: { nextToken: bundleToken } }), 400, 'BadRequestException', /nextToken/);
    assertError(await call(ctx, 'GET', '/project'), 400, 'BadRequestException', /projectId is required/);
    assertError(await call(ctx, 'GET', '/project', { query: { projectId: 'x', syncFromResources: 'yes' } }), 400, 'BadRequestException');
    assertError(await call(ctx, 'POST', '/projects', { query: { region: 'mars' } }), 400, 'BadRequestException', /region mars/);
    assertError(await call(ctx, 'POST', '/projects', { query: { name: 'x'.repeat(256) } }), 400, 'BadRequestException', /name/);
    assertError(await call(ctx, 'DELETE', '/projects/%E0%A4%A'), 400, 'BadRequestException', /percent-encoded/);
    assertError(await call(ctx, 'PUT', '/projects'), 400, 'BadRequestException', /no operation PUT/);
  });

  it('401 UnauthorizedException for a download asked for by another access key', async () => {
    const project = (await call(ctx, 'POST', '/projects')).json.details;
    const exported = await call(ctx, 'POST', `/exports/${project.projectId}`);
    const path = new URL(exported.json.downloadUrl).pathname;
    assertError(await call(ctx, 'GET', path, { accessKey: 'other' }), 401, 'UnauthorizedException', /another access key/);
    const bundle = await call(ctx, 'POST', '/bundles/app-config', { query: { platform: 'OSX' } });
    assertError(await call(ctx, 'GET', new URL(bundle.json.downloadUrl).pathname, { accessKey: 'other' }), 401, 'UnauthorizedException');
  });

  it('403 AccountActionRequiredException when an update would move the project to another region', async () => {
    const project = (await call(ctx, 'POST', '/projects', { query: { region: 'us-east-1' } })).json.details;
    const answer = await call(ctx, 'POST', '/update', { query: { projectId: project.projectId }, body: FULL_PROJECT_YAML });
    assertError(answer, 403, 'AccountActionRequiredException', /region eu-west-1 .* us-east-1/);
    const after = (await call(ctx, 'GET', '/project', { query: { projectId: project.projectId } })).json.details;
    assert.deepEqual(after, project, 'nothing changed');
  });

  it('404 NotFoundException for unknown projects, bundles and snapshots', async () => {
    assertError(await call(ctx, 'GET', '/project', { query: { projectId: 'p-1' } }), 404, 'NotFoundException', /project p-1/);
    assertError(await call(ctx, 'POST', '/exports/p-1'), 404, 'NotFoundException');
    assertError(await call(ctx, 'GET', '/bundles/b-1'), 404, 'NotFoundException', /bundle b-1/);
    assertError(await call(ctx, 'GET', '/downloads/exports/s-1.zip'), 404, 'NotFoundException');
    assertError(await call(ctx, 'GET', '/downloads/bundles/s-1.zip'), 404, 'NotFoundException');
  });

  it('429 TooManyRequestsException with Retry-After once an access key spends its burst', async () => {
    let throttled: Answer | undefined;
    for (let i = 0; i < 300 && !throttled; i++) {
      const answer = await call(ctx, 'GET', '/bundles/app-config');
      if (answer.status !== 200) throttled = answer;
    }
    assert.ok(throttled, 'throttled within 300 requests');
    assertError(throttled, 429, 'TooManyRequestsException');
    assert.equal(throttled.headers?.['retry-after'], '1');
    assert.equal((await call(ctx, 'GET', '/bundles/app-config', { accessKey: 'other' })).status, 200, 'other keys are not affected');
    ctx.clock.now += 1000;
    assert.equal((await call(ctx, 'GET', '/bundles/app-config')).status, 200, 'refilled a second later');
  });

  it('429 LimitExceededException with Retry-After while too many imports run', async () => {
    for (let i = 0; i < 5; i++) {
      assert.equal((await call(ctx, 'POST', '/projects', { body: 'features: {}\n' })).status, 200);
      ctx.clock.now += 2000;
    }
    const answer = await call(ctx, 'POST', '/projects', { body: 'features: {}\n' });
    assertError(answer, 429, 'LimitExceededException', /5 projects are already importing/);
    assert.equal(answer.headers?.['retry-after'], '20', 'until the first import is done');
    assert.equal((await call(ctx, 'GET', '/projects')).json.projects.length, 5);
    assert.equal((await call(ctx, 'POST', '/projects')).status, 200, 'creating from nothing is no import');
    ctx.clock.now += 20_000;
    assert.equal((await call(ctx, 'POST', '/projects', { body: 'features: {}\n' })).status, 200);
  });

  it('500 InternalFailureException when the store is broken', async () => {
    ctx.db.exec('DROP TABLE mobile_resources');
    const answer = await call(ctx, 'POST', '/projects');
    assertError(answer, 500, 'InternalFailureException', /failed to process the request/);
    assert.doesNotMatch(JSON.stringify(answer.json), /mobile_resources/);
    assert.match(String(ctx.reported[0]), /no such table: mobile_resources/);
  });

  it('503 ServiceUnavailableException with Retry-After while another process holds the database', async () => {
    ctx.db.pragma('busy_timeout = 0');
    const other = new Database(join(ctx.dataDir, DATABASE_FILE));
    try {
      other.exec('BEGIN EXCLUSIVE');
      const answer = await call(ctx, 'POST', '/projects');
      assertError(answer, 503, 'ServiceUnavailableException', /busy/);
      assert.equal(answer.headers?.['retry-after'], '1');
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    assert.equal((await call(ctx, 'POST', '/projects')).status, 200);
  });
});
