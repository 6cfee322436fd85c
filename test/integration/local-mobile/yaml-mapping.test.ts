import assert from 'node:assert/strict';
import { call, FULL_PROJECT_YAML, testContext, unzip, type TestContext } from './support.js';

describe('local mobile: mobile-hub-project.yml → resources', () => {
  let ctx: TestContext;
  beforeEach(() => {
    ctx = testContext();
  });
  afterEach(() => ctx.cleanup());

  it('maps every feature of a Mobile Hub export to typed resources with ARNs in the project region', async () => {
    const answer = await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML, region: 'us-east-1' });
    assert.equal(answer.status, 200);
    const details = answer.json.details;
    assert.equal(details.name, 'bbq');
    assert.equal(details.region, 'eu-west-1', 'region from the YAML when the query has none');
    const byType = (type: string) => details.resources.filter((r: any) => r.type === type);
    assert.deepEqual(
      details.resources.map((r: any) => `${r.feature}:${r.type}`),
      [
        'project:AWS::Cognito::IdentityPool',
        'cloudlogic:AWS::ApiGateway::RestApi',
        'cloudlogic:AWS::Lambda::Function',
        'content-delivery:AWS::S3::Bucket',
        'content-delivery:AWS::CloudFront::Distribution',
        'database:AWS::DynamoDB::Table',
        'sign-in:AWS::Cognito::UserPool',
        'user-files:AWS::S3::Bucket',
        'mobile-analytics:AWS::Pinpoint::AnalyticsApplication',
        'push:AWS::SNS::PlatformApplication',
      ],
    );
    for (const resource of details.resources) {
      assert.match(resource.arn, /^arn:aws:[a-z0-9-]+:(eu-west-1)?:(123456789012)?:/, resource.arn);
      if (!['AWS::S3::Bucket', 'AWS::CloudFront::Distribution', 'AWS::ApiGateway::RestApi'].includes(resource.type)) {
        assert.match(resource.arn, /:eu-west-1:123456789012:/, `${resource.type} ARN has region and account`);
      }
    }
    const [table] = byType('AWS::DynamoDB::Table');
    assert.match(table.name, /^bbq-mobilehub-\d{10}-menu_item$/, 'the dynamic prefix is replaced');
    assert.equal(table.arn, `arn:aws:dynamodb:eu-west-1:123456789012:table/${table.name}`);
    assert.deepEqual(
      { ...table.attributes },
      {
        hashKeyName: 'restaurant_id',
        hashKeyType: 'S',
        rangeKeyName: 'id',
        rangeKeyType: 'S',
        tablePrivacy: 'public',
        attributeDefinitions: 'id:S,restaurant_id:S',
      },
    );
    const [api] = byType('AWS::ApiGateway::RestApi');
    assert.equal(api.name, 'ordersApi');
    assert.match(api.attributes.endpoint, /^https:\/\/[a-z0-9]{10}\.execute-api\.eu-west-1\.amazonaws\.com\/Development$/);
    const [lambda] = byType('AWS::Lambda::Function');
    assert.equal(lambda.attributes.paths, '/items,/items/{proxy+}', 'one function for the paths that share a handler');
    const [pool] = byType('AWS::Cognito::IdentityPool');
    assert.equal(pool.attributes.allowUnauthenticatedIdentities, 'false', 'optional-sign-in: false');
    const [userPool] = byType('AWS::Cognito::UserPool');
    assert.match(userPool.attributes.poolId, /^eu-west-1_[A-Z0-9]{9}$/);
    assert.equal(userPool.attributes.aliasAttributes, 'email,phone_number');
    const buckets = byType('AWS::S3::Bucket').map((b: any) => b.name);
    assert.ok(
      buckets.every((b: string) => /^bbq-(hosting|userfiles)-mobilehub-\d{10}$/.test(b)),
      buckets.join(),
    );
    assert.equal(byType('AWS::SNS::PlatformApplication')[0].attributes.platform, 'GCM');
  });

  it('gives the same identifiers when the resources are derived again, and different ones per project', async () => {
    const first = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    const synced = await call(ctx, 'GET', '/project', { query: { projectId: first.projectId, syncFromResources: 'true' } });
    assert.deepEqual(synced.json.details.resources, first.resources);
    assert.equal(synced.json.details.lastUpdatedDate, first.lastUpdatedDate, 'nothing changed, nothing moved');
    const second = (await call(ctx, 'POST', '/projects', { body: FULL_PROJECT_YAML })).json.details;
    assert.notEqual(second.resources[0].arn, first.resources[0].arn);
  });

  it('leaves out disabled features and CloudFront for a private hosting bucket; keeps unknown features in the export', async () => {
    const yaml = `--- !com.amazonaws.mobilehub.v0.Project
features:
  user-files: !com.amazonaws.mobilehub.v0.UserFiles
    attributes:
      enabled: false
  content-delivery: !com.amazonaws.mobilehub.v0.ContentDelivery
    attributes:
      visibility: private
  conversational-bots: !com.amazonaws.mobilehub.v0.SomethingNew
    flavour: future
name: quiet
`;
    const details = (await call(ctx, 'POST', '/projects', { body: yaml })).json.details;
    assert.deepEqual(
      details.resources.map((r: any) => r.type),
      ['AWS::Cognito::IdentityPool', 'AWS::S3::Bucket'],
    );
    assert.equal(details.region, 'us-east-1', 'the region of the credential scope when neither query nor YAML has one');
    const exported = await call(ctx, 'POST', `/exports/${details.projectId}`);
    const snapshot = await call(ctx, 'GET', new URL(exported.json.downloadUrl).pathname);
    assert.equal(snapshot.status, 200);
    const yml = (await unzip(snapshot.body as Buffer)).get('mobile-hub-project.yml')!;
    assert.match(yml, /conversational-bots: !com\.amazonaws\.mobilehub\.v0\.SomethingNew\n\s+flavour: future/);
    assert.match(yml, /region: us-east-1/);
  });

  it('refuses definitions that do not fit the format, naming the place', async () => {
    const cases: [string, RegExp][] = [
      ['features: [1, 2]\n', /features must be a mapping/],
      [
        'features:\n  database: !com.amazonaws.mobilehub.v0.Database\n    components:\n      db: !com.amazonaws.mobilehub.v0.NoSQLDatabase\n        tables:\n          - hashKeyName: id\n',
        /features\.database\.components\.db\.tables\[0\] has no tableName/,
      ],
      ['features:\n  cloudlogic: !com.amazonaws.mobilehub.v0.CloudLogic\n    components: 7\n', /features\.cloudlogic\.components must be a mapping/],
      ['--- !com.amazonaws.mobilehub.v0.SignIn\nfeatures: {}\n', /must be a Project, not a SignIn/],
      ['- just\n- a list\n', /must be a mapping/],
    ];
    for (const [yaml, message] of cases) {
      const answer = await call(ctx, 'POST', '/projects', { body: yaml });
      assert.equal(answer.status, 400, yaml);
      assert.match(answer.json.message, message);
    }
    assert.deepEqual((await call(ctx, 'GET', '/projects')).json.projects, []);
  });
});
