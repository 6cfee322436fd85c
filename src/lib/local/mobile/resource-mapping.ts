import { badRequest, mobileError } from './mobile-error.js';
import { MAX_PROJECT_RESOURCES } from './limits.js';
import { PROJECT_FILE_NAME, type ProjectDefinition } from './project-yaml.js';
import type { ResourceNamer, ProjectResource } from './resource-names.js';
import { isEnabled, listAt, mapAt, mapEntries, pick, text } from './tree-access.js';
import { isTreeMap, typeOf, type TreeMap } from './yaml-tree.js';

type FeatureMapper = (feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]) => void;

/** The features that become resources, by Mobile Hub type and by their usual key. */
const MAPPERS: { type: string; key: string; map: FeatureMapper }[] = [
  { type: 'SignIn', key: 'sign-in', map: signIn },
  { type: 'Database', key: 'database', map: database },
  { type: 'CloudLogic', key: 'cloudlogic', map: cloudLogic },
  { type: 'ContentDelivery', key: 'content-delivery', map: contentDelivery },
  { type: 'UserFiles', key: 'user-files', map: userFiles },
  { type: 'Pinpoint', key: 'mobile-analytics', map: analytics },
  { type: 'PushNotifications', key: 'push', map: push },
  { type: 'Bots', key: 'bots', map: bots },
];

/**
 * The resources a project definition stands for. Every project has a Cognito identity pool
 * (feature `project`); each enabled feature adds its own resources. Features the local service
 * does not know are kept in the definition but add no resources.
 */
export function mapResources(definition: ProjectDefinition, names: ResourceNamer): ProjectResource[] {
  const out: ProjectResource[] = [identityPool(names)];
  for (const [key, value] of Object.entries(definition.features)) {
    if (value !== null && !isTreeMap(value)) throw badRequest(`${PROJECT_FILE_NAME}: features.${key} must be a mapping`);
    const feature = value ?? {};
    const mapper = MAPPERS.find((m) => m.type === typeOf(feature)) ?? MAPPERS.find((m) => m.key === key);
    if (mapper !== undefined && isEnabled(feature, `features.${key}`)) mapper.map(feature, key, names, out);
  }
  if (out.length > MAX_PROJECT_RESOURCES) {
    throw mobileError('LimitExceededException', `the project would have ${out.length} resources; at most ${MAX_PROJECT_RESOURCES} are allowed`);
  }
  return out;
}

function identityPool(names: ResourceNamer): ProjectResource {
  const poolId = `${names.region}:${names.uuid('identity-pool')}`;
  return {
    type: 'AWS::Cognito::IdentityPool',
    name: names.prefix.replace(/-/g, '_'),
    arn: names.arn('cognito-identity', `identitypool/${poolId}`),
    feature: 'project',
    attributes: { poolId, allowUnauthenticatedIdentities: 'true' },
  };
}

function signIn(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  const pool = out[0]!;
  const optional = mapAt(feature, 'attributes', `features.${key}`)['optional-sign-in'];
  pool.attributes['allowUnauthenticatedIdentities'] = String(optional !== false && optional !== 'false');
  const providers: string[] = [];
  for (const [name, component] of mapEntries(feature, 'components', `features.${key}`)) {
    const where = `features.${key}.components.${name}`;
    const attributes = mapAt(component, 'attributes', where);
    const type = typeOf(component);
    if (type === 'UserPoolsIdentityProvider' || name === 'sign-in-user-pools') {
      const poolId = `${names.region}_${names.upper(9, where)}`;
      providers.push('cognito-user-pools');
      out.push({
        type: 'AWS::Cognito::UserPool',
        name: names.scoped(text(attributes['name']) ?? 'userpool', 128),
        arn: names.arn('cognito-idp', `userpool/${poolId}`),
        feature: key,
        attributes: {
          poolId,
          appClientId: names.lower(26, where, 'client'),
          appClientIdWeb: names.lower(26, where, 'web-client'),
          ...pick(attributes, { 'alias-attributes': 'aliasAttributes', 'mfa-configuration': 'mfaConfiguration' }),
        },
      });
    } else if (type === 'SAMLIdentityProvider') {
      providers.push('saml');
      out.push(iamProvider('AWS::IAM::SAMLProvider', 'saml-provider', names.scoped(name, 128), key, attributes, names));
    } else if (type === 'OpenIDConnectIdentityProvider') {
      const url = text(attributes['provider-url']) ?? name;
      const host = url.replace(/^https?:\/\//, '');
      providers.push('oidc');
      out.push(iamProvider('AWS::IAM::OIDCProvider', 'oidc-provider', host, key, attributes, names));
    } else {
      providers.push(text(attributes['provider']) ?? name);
    }
  }
  if (providers.length > 0) pool.attributes['loginProviders'] = providers.join(',');
}

function iamProvider(type: string, kind: string, name: string, feature: string, attributes: TreeMap, names: ResourceNamer): ProjectResource {
  return {
    type,
    name,
    arn: names.arn('iam', `${kind}/${name}`, { global: true }),
    feature,
    attributes: pick(attributes, { 'provider-url': 'providerUrl', 'client-id': 'clientId' }),
  };
}

function database(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  for (const [name, component] of mapEntries(feature, 'components', `features.${key}`)) {
    const where = `features.${key}.components.${name}`;
    listAt(component, 'tables', where).forEach((table, index) => {
      if (!isTreeMap(table)) throw badRequest(`${PROJECT_FILE_NAME}: ${where}.tables[${index}] must be a mapping`);
      const declared = text(table['tableName']);
      if (declared === undefined || declared === '') {
        throw badRequest(`${PROJECT_FILE_NAME}: ${where}.tables[${index}] has no tableName`);
      }
      const tableName = declared.replace('___DYNAMIC_PREFIX___', names.prefix);
      const definitions = Object.entries(mapAt(table, 'attributes', `${where}.tables[${index}]`));
      const indexes = listAt(table, 'indexes', `${where}.tables[${index}]`);
      out.push({
        type: 'AWS::DynamoDB::Table',
        name: tableName,
        arn: names.arn('dynamodb', `table/${tableName}`),
        feature: key,
        attributes: {
          ...pick(table, {
            hashKeyName: 'hashKeyName',
            hashKeyType: 'hashKeyType',
            rangeKeyName: 'rangeKeyName',
            rangeKeyType: 'rangeKeyType',
            tablePrivacy: 'tablePrivacy',
          }),
          ...(definitions.length > 0 ? { attributeDefinitions: definitions.map(([k, v]) => `${k}:${text(v) ?? ''}`).join(',') } : {}),
          ...(indexes.length > 0 ? { indexes: indexes.map((i) => (isTreeMap(i) ? (text(i['indexName']) ?? '') : '')).join(',') } : {}),
        },
      });
    });
  }
}

function cloudLogic(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  for (const [name, api] of mapEntries(feature, 'components', `features.${key}`)) {
    const where = `features.${key}.components.${name}`;
    const attributes = mapAt(api, 'attributes', where);
    const apiName = text(attributes['name']) ?? name;
    const id = names.lower(10, where);
    const stage = text(attributes['sdk-generation-stage-name']) ?? 'Development';
    out.push({
      type: 'AWS::ApiGateway::RestApi',
      name: apiName,
      arn: names.arn('apigateway', `/restapis/${id}`, { noAccount: true }),
      feature: key,
      attributes: {
        id,
        stage,
        endpoint: `https://${id}.execute-api.${names.region}.amazonaws.com/${stage}`,
        requiresSignIn: text(attributes['requires-signin']) ?? 'false',
      },
    });
    const functions = new Map<string, ProjectResource>();
    for (const [path, handler] of mapEntries(api, 'paths', where)) {
      const functionName = names.scoped(text(handler['name']) ?? `${apiName}-handler`);
      const existing = functions.get(functionName);
      if (existing !== undefined) {
        existing.attributes['paths'] += `,${path}`;
        continue;
      }
      const resource: ProjectResource = {
        type: 'AWS::Lambda::Function',
        name: functionName,
        arn: names.arn('lambda', `function:${functionName}`),
        feature: key,
        attributes: {
          api: apiName,
          paths: path,
          ...pick(handler, { handler: 'handler', runtime: 'runtime', memorySize: 'memorySize', timeout: 'timeout' }),
        },
      };
      functions.set(functionName, resource);
      out.push(resource);
    }
  }
}

function contentDelivery(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  const attributes = mapAt(feature, 'attributes', `features.${key}`);
  const bucket = names.bucket('hosting');
  const visibility = text(attributes['visibility']) ?? 'public-global';
  out.push(s3Bucket(bucket, key, names, { purpose: 'hosting', visibility }));
  if (visibility === 'public-global') {
    const id = `E${names.upper(13, key, 'distribution')}`;
    out.push({
      type: 'AWS::CloudFront::Distribution',
      name: id,
      arn: names.arn('cloudfront', `distribution/${id}`, { global: true }),
      feature: key,
      attributes: { domainName: `d${names.lower(13, key, 'domain')}.cloudfront.net`, origin: bucket },
    });
  }
}

function userFiles(_feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  out.push(s3Bucket(names.bucket('userfiles'), key, names, { purpose: 'user-files' }));
}

function s3Bucket(bucket: string, feature: string, names: ResourceNamer, attributes: Record<string, string>) {
  return {
    type: 'AWS::S3::Bucket',
    name: bucket,
    arn: `arn:aws:s3:::${bucket}`,
    feature,
    attributes: { ...attributes, region: names.region },
  };
}

function analytics(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  const components = mapEntries(feature, 'components', `features.${key}`);
  const has = (type: string, name: string) => components.some(([n, c]) => typeOf(c) === type || n === name);
  const appId = names.hex(32, key);
  out.push({
    type: 'AWS::Pinpoint::AnalyticsApplication',
    name: names.prefix.replace(/-/g, '_'),
    arn: names.arn('mobiletargeting', `apps/${appId}`),
    feature: key,
    attributes: {
      appId,
      analytics: String(components.length === 0 || has('PinpointAnalytics', 'analytics')),
      messaging: String(has('PinpointMessaging', 'messaging')),
    },
  });
}

function push(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  for (const [name, component] of mapEntries(feature, 'components', `features.${key}`)) {
    const attributes = mapAt(component, 'attributes', `features.${key}.components.${name}`);
    const resourceName = names.scoped(name, 256);
    if (typeOf(component) === 'PushTopic') {
      out.push({
        type: 'AWS::SNS::Topic',
        name: resourceName,
        arn: names.arn('sns', resourceName),
        feature: key,
        attributes: pick(attributes, { 'display-name': 'displayName' }),
      });
      continue;
    }
    const platform = text(attributes['platform']) ?? name.toUpperCase();
    out.push({
      type: 'AWS::SNS::PlatformApplication',
      name: resourceName,
      arn: names.arn('sns', `app/${platform}/${resourceName}`),
      feature: key,
      attributes: { platform },
    });
  }
}

function bots(feature: TreeMap, key: string, names: ResourceNamer, out: ProjectResource[]): void {
  for (const [name, component] of mapEntries(feature, 'components', `features.${key}`)) {
    const attributes = mapAt(component, 'attributes', `features.${key}.components.${name}`);
    const botName = (text(attributes['name']) ?? name).replace(/[^A-Za-z_]+/g, '_');
    out.push({
      type: 'AWS::Lex::Bot',
      name: botName,
      arn: names.arn('lex', `bot:${botName}`),
      feature: key,
      attributes: pick(attributes, { locale: 'locale', 'child-directed': 'childDirected' }),
    });
  }
}
