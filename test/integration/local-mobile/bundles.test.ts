import assert from 'node:assert/strict';
import { call, FULL_PROJECT_YAML, testContext, unzip, type TestContext } from './support.js';

describe('local mobile: bundles', () => {
  let ctx: TestContext;
  beforeEach(() => {
    ctx = testContext();
  });
  afterEach(() => ctx.cleanup());

  const download = async (url: string, accessKey = 'test') => {
    const answer = await call(ctx, 'GET', new URL(url).pathname, { accessKey });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers?.['content-type'], 'application/zip');
    return unzip(answer.body as Buffer);
  };

  it('lists the catalogue in pages and describes each bundle', async () => {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await call(ctx, 'GET', '/bundles', { query: { maxResults: '2', ...(token ? { nextToken: token } : {}) } });
      assert.equal(page.status, 200);
      ids.push(...page.json.bundleList.map((b: any) => b.bundleId));
      token = page.json.nextToken;
    } while (token);
    assert.deepEqual(ids, ['app-config', 'android-starter', 'ios-starter', 'web-starter', 'desktop-config']);
    const platforms = new Set<string>();
    for (const id of ids) {
      const details = (await call(ctx, 'GET', `/bundles/${id}`)).json.details;
      assert.equal(details.bundleId, id);
      for (const key of ['title', 'version', 'description', 'iconUrl']) assert.equal(typeof details[key], 'string', key);
      assert.match(details.iconUrl, /^data:image\/svg\+xml;base64,/);
      details.availablePlatforms.forEach((p: string) => platforms.add(p));
    }
    assert.deepEqual([...platforms].sort(), ['ANDROID', 'JAVASCRIPT', 'LINUX', 'OBJC', 'OSX', 'SWIFT', 'WINDOWS']);
    assert.equal((await call(ctx, 'GET', '/bundles/nope')).status, 404);
  });

  it('exports configurations filled with the project resources, per platform', async () => {
    const project = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    const resource = (type: string) => project.resources.find((r: any) => r.type === type);
    const exportFor = async (bundleId: string, platform?: string) => {
      const answer = await call(ctx, 'POST', `/bundles/${bundleId}`, { query: { projectId: project.projectId, ...(platform ? { platform } : {}) } });
      assert.equal(answer.status, 200, JSON.stringify(answer.json));
      return download(answer.json.downloadUrl);
    };

    const android = await exportFor('app-config', 'ANDROID');
    const config = JSON.parse(android.get('awsconfiguration.json')!);
    assert.equal(config.CredentialsProvider.CognitoIdentity.Default.PoolId, resource('AWS::Cognito::IdentityPool').attributes.poolId);
    assert.equal(config.CognitoUserPool.Default.PoolId, resource('AWS::Cognito::UserPool').attributes.poolId);
    assert.equal(config.PinpointAnalytics.Default.AppId, resource('AWS::Pinpoint::AnalyticsApplication').attributes.appId);
    assert.match(config.S3TransferUtility.Default.Bucket, /-userfiles-mobilehub-/);
    assert.equal(config.S3TransferUtility.Default.Region, 'eu-west-1');

    const web = await exportFor('app-config', 'JAVASCRIPT');
    const exportsJs = web.get('aws-exports.js')!;
    const settings = JSON.parse(exportsJs.slice(exportsJs.indexOf('{'), exportsJs.lastIndexOf('}') + 1));
    assert.equal(settings.aws_project_id, project.projectId);
    assert.equal(settings.aws_dynamodb_table_schemas[0].tableName, resource('AWS::DynamoDB::Table').name);
    assert.equal(settings.aws_cloud_logic_custom[0].endpoint, resource('AWS::ApiGateway::RestApi').attributes.endpoint);
    assert.match(exportsJs, /export default awsmobile;/);

    const linux = await exportFor('app-config', 'LINUX');
    assert.match(linux.get('aws-project.env')!, new RegExp(`^AWS_MOBILE_PROJECT_ID="${project.projectId}"$`, 'm'));
    assert.ok(linux.has('awsconfiguration.json'));

    const starter = await exportFor('android-starter', 'ANDROID');
    assert.deepEqual([...starter.keys()], ['app/src/main/res/raw/awsconfiguration.json', 'README.md']);

    const ios = await exportFor('ios-starter');
    assert.deepEqual(
      [...ios.keys()].filter((k) => k.endsWith('awsconfiguration.json')),
      ['swift/awsconfiguration.json', 'objc/awsconfiguration.json'],
    );
  });

  it('exports without a project: the region of the request and no resources', async () => {
    const answer = await call(ctx, 'POST', '/bundles/app-config', { query: { platform: 'SWIFT' }, region: 'ca-central-1' });
    const config = JSON.parse((await download(answer.json.downloadUrl)).get('awsconfiguration.json')!);
    assert.deepEqual(config, { UserAgent: 'MobileHub/1.0', Version: '1.0' });
  });

  it('refuses unknown platforms, platforms the bundle lacks and unknown projects', async () => {
    const bad = await call(ctx, 'POST', '/bundles/app-config', { query: { platform: 'AMIGA' } });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /platform must be one of OSX, WINDOWS/);
    const lacking = await call(ctx, 'POST', '/bundles/android-starter', { query: { platform: 'SWIFT' } });
    assert.equal(lacking.status, 400);
    assert.match(lacking.json.message, /available for ANDROID, not SWIFT/);
    assert.equal((await call(ctx, 'POST', '/bundles/app-config', { query: { projectId: 'nope' } })).status, 404);
  });

  it('forgets a bundle download once its URL has expired', async () => {
    const answer = await call(ctx, 'POST', '/bundles/app-config', { query: { platform: 'ANDROID' } });
    const path = new URL(answer.json.downloadUrl).pathname;
    ctx.clock.now += 3600_000;
    assert.equal((await call(ctx, 'GET', path)).status, 200, 'valid up to the last second');
    ctx.clock.now += 1;
    const expired = await call(ctx, 'GET', path);
    assert.equal(expired.status, 404);
    assert.match(expired.json.message, /expired/);
  });
});
