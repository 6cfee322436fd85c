import assert from 'node:assert/strict';
import { SearchClient, MobileClient, InvalidArgumentException, Client } from '../../../src/lib/index.js';
import { makeTempHome, type TempHome } from '../config/temp-home.js';

const credentials = { key: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

describe('client construction', () => {
  let home: TempHome;
  let savedEnv: NodeJS.ProcessEnv;
  beforeEach(() => {
    savedEnv = { ...process.env };
    home = makeTempHome();
    for (const key of Object.keys(process.env)) if (key.startsWith('AWS_')) delete process.env[key];
    process.env.HOME = home.home;
  });
  afterEach(() => {
    process.env = savedEnv;
    home.cleanup();
  });

  it('requires region and version, naming the option', () => {
    assert.throws(
      () => new SearchClient({ version: 'latest', credentials }),
      (error: unknown) => error instanceof InvalidArgumentException && error.option === 'region' && /region/.test(error.message),
    );
    assert.throws(
      () => new SearchClient({ region: 'us-east-1', credentials } as never),
      (error: unknown) => error instanceof InvalidArgumentException && error.option === 'version',
    );
  });

  it('rejects an unknown version, a malformed one and unknown options', () => {
    assert.throws(() => new SearchClient({ region: 'us-east-1', version: '2001-01-01', credentials }), /no API version "2001-01-01".*2019-02-03/);
    assert.throws(
      () => new SearchClient({ region: 'us-east-1', version: 'yesterday', credentials }),
      (error: unknown) => error instanceof InvalidArgumentException && error.option === 'version',
    );
    assert.throws(
      () => new SearchClient({ region: 'us-east-1', version: 'latest', credentials, regoin: 'x' } as never),
      (error: unknown) => error instanceof InvalidArgumentException && error.option === 'regoin',
    );
  });

  it('checks option value types, naming the option', () => {
    const cases: Array<[string, unknown]> = [
      ['scheme', 'ftp'],
      ['validate', 'yes'],
      ['endpoint', 'not a url with spaces'],
      ['http', { timeout: -1 }],
      ['http', { nope: 1 }],
      ['endpoint_provider', 'x'],
      ['handler', 3],
      ['region', 'US EAST'],
      ['profile', ''],
    ];
    for (const [option, value] of cases) {
      assert.throws(
        () => new SearchClient({ region: 'us-east-1', version: 'latest', credentials, [option]: value } as never),
        (error: unknown) => error instanceof InvalidArgumentException && error.option === option,
        `${option}=${JSON.stringify(value)}`,
      );
    }
  });

  it('resolves latest to the newest shipped version and exposes the config', () => {
    const client = new SearchClient({ region: 'eu-west-1', version: 'latest', credentials });
    assert.equal(client.getConfig('version'), '2019-02-03');
    assert.equal(client.getRegion(), 'eu-west-1');
    assert.equal(client.getEndpoint().href, 'https://kendra.eu-west-1.amazonaws.com/');
    assert.equal(client.getConfig('validate'), true);
    assert.equal((client.getConfig() as Record<string, unknown>).region, 'eu-west-1');
    assert.throws(() => client.getConfig('nope'), /Unknown configuration option "nope"/);
    assert.equal(client.getApi().metadata.targetPrefix, 'AWSKendraFrontendService');
  });

  it('derives endpoints from the scheme, China regions, the provider and the environment', () => {
    assert.equal(
      new MobileClient({ region: 'us-east-1', version: 'latest', credentials, scheme: 'http' }).getEndpoint().href,
      'http://mobile.us-east-1.amazonaws.com/',
    );
    assert.equal(new SearchClient({ region: 'cn-north-1', version: 'latest', credentials }).getEndpoint().href, 'https://kendra.cn-north-1.amazonaws.com.cn/');
    const seen: unknown[] = [];
    const provided = new SearchClient({
      region: 'us-west-2',
      version: 'latest',
      credentials,
      endpoint_provider: (params) => {
        seen.push(params);
        return { endpoint: 'https://search.internal.example' };
      },
    });
    assert.equal(provided.getEndpoint().href, 'https://search.internal.example/');
    assert.deepEqual(seen, [{ service: 'kendra', region: 'us-west-2' }]);
    process.env.AWS_ENDPOINT_URL = 'http://127.0.0.1:1111';
    process.env.AWS_ENDPOINT_URL_KENDRA = 'http://127.0.0.1:2222';
    assert.equal(new SearchClient({ region: 'us-east-1', version: 'latest', credentials }).getEndpoint().href, 'http://127.0.0.1:2222/');
    assert.equal(new MobileClient({ region: 'us-east-1', version: 'latest', credentials }).getEndpoint().href, 'http://127.0.0.1:1111/');
    assert.equal(
      new SearchClient({ region: 'us-east-1', version: 'latest', credentials, endpoint: 'http://localhost:4599' }).getEndpoint().href,
      'http://localhost:4599/',
    );
  });

  it('takes the region from the environment, then the profile', () => {
    const withProfile = makeTempHome({ '.aws/config': '[default]\nregion = ap-south-1\n[profile other]\nregion = sa-east-1\n' });
    try {
      process.env.HOME = withProfile.home;
      assert.equal(new SearchClient({ version: 'latest', credentials }).getRegion(), 'ap-south-1');
      assert.equal(new SearchClient({ version: 'latest', credentials, profile: 'other' }).getRegion(), 'sa-east-1');
      process.env.AWS_REGION = 'eu-central-1';
      assert.equal(new SearchClient({ version: 'latest', credentials }).getRegion(), 'eu-central-1');
      assert.equal(new SearchClient({ version: 'latest', credentials, use_aws_shared_config_files: false }).getRegion(), 'eu-central-1');
      delete process.env.AWS_REGION;
      assert.throws(() => new SearchClient({ version: 'latest', credentials, use_aws_shared_config_files: false }), /region/);
    } finally {
      withProfile.cleanup();
    }
  });

  it('lists every seed option in getArguments()', () => {
    const names = SearchClient.getArguments().map((argument) => argument.name);
    for (const name of [
      'region',
      'version',
      'credentials',
      'profile',
      'use_aws_shared_config_files',
      'endpoint',
      'endpoint_provider',
      'endpoint_discovery',
      'disable_host_prefix_injection',
      'scheme',
      'api_provider',
      'signature_provider',
      'signature_version',
      'handler',
      'http_handler',
      'http',
      'retries',
      'validate',
      'idempotency_auto_fill',
      'csm',
      'debug',
      'stats',
    ]) {
      assert.ok(names.includes(name), name);
    }
    for (const argument of SearchClient.getArguments()) {
      assert.equal(typeof argument.doc, 'string');
      assert.equal(typeof argument.required, 'boolean');
      assert.ok(argument.type && argument.default);
    }
    assert.deepEqual(
      SearchClient.getArguments()
        .filter((argument) => argument.required)
        .map((argument) => argument.name),
      ['region', 'version'],
    );
  });

  it('factory() builds a client and emits a DeprecationWarning', async () => {
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    const client = SearchClient.factory({ region: 'us-east-1', version: 'latest', credentials });
    assert.ok(client instanceof SearchClient && client instanceof Client);
    const warning = await warned;
    assert.equal(warning.name, 'DeprecationWarning');
    assert.match(warning.message, /factory\(\) is deprecated/);
  });

  it('has an Async method for every operation of both models', () => {
    const search = new SearchClient({ region: 'us-east-1', version: 'latest', credentials }) as unknown as Record<string, unknown>;
    const mobile = new MobileClient({ region: 'us-east-1', version: 'latest', credentials }) as unknown as Record<string, unknown>;
    const searchOps = (search as unknown as SearchClient).getApi().operationNames;
    const mobileOps = (mobile as unknown as MobileClient).getApi().operationNames;
    assert.equal(searchOps.length, 66);
    assert.equal(mobileOps.length, 9);
    for (const op of searchOps) assert.equal(typeof search[`${op[0].toLowerCase()}${op.slice(1)}Async`], 'function', op);
    for (const op of mobileOps) assert.equal(typeof mobile[`${op[0].toLowerCase()}${op.slice(1)}Async`], 'function', op);
  });

  it('getCommand accepts both spellings and rejects unknown operations', () => {
    const client = new SearchClient({ region: 'us-east-1', version: 'latest', credentials });
    assert.equal(client.getCommand('createIndex', { Name: 'x' }).name, 'CreateIndex');
    assert.equal(client.getCommand('CreateIndex').name, 'CreateIndex');
    assert.throws(() => client.getCommand('CreateWidget'), /no operation "CreateWidget"/);
  });
});
