import type { ProjectResource } from './resource-names.js';

/** What a starter configuration is built from: a project's resources, or none. */
export interface ConfigSource {
  projectId?: string;
  projectName?: string;
  region: string;
  resources: ProjectResource[];
}

function find(source: ConfigSource, type: string, feature?: string): ProjectResource | undefined {
  return source.resources.find((r) => r.type === type && (feature === undefined || r.feature === feature));
}

function all(source: ConfigSource, type: string): ProjectResource[] {
  return source.resources.filter((r) => r.type === type);
}

/** The `awsconfiguration.json` the Android and iOS SDKs read. */
export function awsConfiguration(source: ConfigSource): Record<string, unknown> {
  const region = source.region;
  const config: Record<string, unknown> = { UserAgent: 'MobileHub/1.0', Version: '1.0' };
  const identityPool = find(source, 'AWS::Cognito::IdentityPool');
  if (identityPool) {
    config['CredentialsProvider'] = { CognitoIdentity: { Default: { PoolId: identityPool.attributes['poolId'], Region: region } } };
    config['IdentityManager'] = { Default: {} };
  }
  const userPool = find(source, 'AWS::Cognito::UserPool');
  if (userPool) {
    config['CognitoUserPool'] = {
      Default: { PoolId: userPool.attributes['poolId'], AppClientId: userPool.attributes['appClientId'], Region: region },
    };
  }
  if (all(source, 'AWS::DynamoDB::Table').length > 0) config['DynamoDBObjectMapper'] = { Default: { Region: region } };
  const pinpoint = find(source, 'AWS::Pinpoint::AnalyticsApplication');
  if (pinpoint) {
    config['PinpointAnalytics'] = { Default: { AppId: pinpoint.attributes['appId'], Region: region } };
    config['PinpointTargeting'] = { Default: { Region: region } };
  }
  const userFiles = find(source, 'AWS::S3::Bucket', 'user-files');
  if (userFiles) config['S3TransferUtility'] = { Default: { Bucket: userFiles.name, Region: region } };
  const apis = all(source, 'AWS::ApiGateway::RestApi');
  if (apis.length > 0) {
    config['APIGateway'] = Object.fromEntries(apis.map((api) => [api.name, { Endpoint: api.attributes['endpoint'], Region: region }]));
  }
  const bots = all(source, 'AWS::Lex::Bot');
  if (bots.length > 0) config['Lex'] = Object.fromEntries(bots.map((bot) => [bot.name, { Name: bot.name, Region: region }]));
  return config;
}

/** The `aws-exports.js` module web apps import. */
export function awsExports(source: ConfigSource): string {
  const region = source.region;
  const settings: Record<string, unknown> = { aws_project_region: region };
  if (source.projectId) settings['aws_project_id'] = source.projectId;
  if (source.projectName) settings['aws_project_name'] = source.projectName;
  const identityPool = find(source, 'AWS::Cognito::IdentityPool');
  if (identityPool) {
    settings['aws_cognito_identity_pool_id'] = identityPool.attributes['poolId'];
    settings['aws_cognito_region'] = region;
  }
  const userPool = find(source, 'AWS::Cognito::UserPool');
  if (userPool) {
    Object.assign(settings, {
      aws_sign_in_enabled: 'enable',
      aws_user_pools: 'enable',
      aws_user_pools_id: userPool.attributes['poolId'],
      aws_user_pools_web_client_id: userPool.attributes['appClientIdWeb'],
    });
  }
  const tables = all(source, 'AWS::DynamoDB::Table');
  if (tables.length > 0) {
    Object.assign(settings, {
      aws_dynamodb: 'enable',
      aws_dynamodb_all_tables_region: region,
      aws_dynamodb_table_schemas: tables.map((t) => ({
        tableName: t.name,
        hashKey: t.attributes['hashKeyName'],
        ...(t.attributes['rangeKeyName'] ? { rangeKey: t.attributes['rangeKeyName'] } : {}),
        attributes: (t.attributes['attributeDefinitions'] ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => ({ name: pair.split(':')[0], type: pair.split(':')[1] })),
      })),
    });
  }
  const apis = all(source, 'AWS::ApiGateway::RestApi');
  if (apis.length > 0) {
    settings['aws_cloud_logic'] = 'enable';
    settings['aws_cloud_logic_custom'] = apis.map((api) => ({ name: api.name, endpoint: api.attributes['endpoint'], region }));
  }
  const hosting = find(source, 'AWS::S3::Bucket', 'content-delivery');
  if (hosting) {
    Object.assign(settings, { aws_content_delivery: 'enable', aws_content_delivery_bucket: hosting.name, aws_content_delivery_bucket_region: region });
    const cdn = find(source, 'AWS::CloudFront::Distribution');
    if (cdn) Object.assign(settings, { aws_content_delivery_cloudfront: 'enable', aws_content_delivery_cloudfront_domain: cdn.attributes['domainName'] });
  }
  const userFiles = find(source, 'AWS::S3::Bucket', 'user-files');
  if (userFiles) Object.assign(settings, { aws_user_files: 'enable', aws_user_files_s3_bucket: userFiles.name, aws_user_files_s3_bucket_region: region });
  const pinpoint = find(source, 'AWS::Pinpoint::AnalyticsApplication');
  if (pinpoint) {
    Object.assign(settings, { aws_mobile_analytics_app_id: pinpoint.attributes['appId'], aws_mobile_analytics_app_region: region });
  }
  return [
    "// Generated by the nimbus local mobile service from the project's resources.",
    `const awsmobile = ${JSON.stringify(settings, null, 4)};`,
    'export default awsmobile;',
    '',
  ].join('\n');
}

/** A dotenv file (`KEY="value"` lines) with the project's identifiers, for desktop tools and scripts. */
export function projectEnv(source: ConfigSource): string {
  const entries: [string, string | undefined][] = [
    ['AWS_REGION', source.region],
    ['AWS_MOBILE_PROJECT_ID', source.projectId],
    ['AWS_MOBILE_PROJECT_NAME', source.projectName],
    ['AWS_COGNITO_IDENTITY_POOL_ID', find(source, 'AWS::Cognito::IdentityPool')?.attributes['poolId']],
    ['AWS_COGNITO_USER_POOL_ID', find(source, 'AWS::Cognito::UserPool')?.attributes['poolId']],
    ['AWS_COGNITO_USER_POOL_CLIENT_ID', find(source, 'AWS::Cognito::UserPool')?.attributes['appClientId']],
    ['AWS_USER_FILES_BUCKET', find(source, 'AWS::S3::Bucket', 'user-files')?.name],
    ['AWS_HOSTING_BUCKET', find(source, 'AWS::S3::Bucket', 'content-delivery')?.name],
    ['AWS_HOSTING_DOMAIN', find(source, 'AWS::CloudFront::Distribution')?.attributes['domainName']],
    ['AWS_PINPOINT_APP_ID', find(source, 'AWS::Pinpoint::AnalyticsApplication')?.attributes['appId']],
    [
      'AWS_DYNAMODB_TABLES',
      all(source, 'AWS::DynamoDB::Table')
        .map((t) => t.name)
        .join(',') || undefined,
    ],
    ...all(source, 'AWS::ApiGateway::RestApi').map((api): [string, string | undefined] => [
      `AWS_API_${api.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_ENDPOINT`,
      api.attributes['endpoint'],
    ]),
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}="${value.replace(/[\\"$`]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`)
    .join('\n')
    .concat('\n');
}
