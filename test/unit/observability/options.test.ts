import assert from 'node:assert/strict';
import { loadProfile } from '../../../src/lib/config/profile.js';
import { CsmConfiguration, resolveCsmOption } from '../../../src/lib/client/csm/csm-configuration.js';
import { DEFAULT_STREAM_SIZE, parseDebugOption } from '../../../src/lib/client/debug/debug-options.js';
import {
  ENDPOINT_DISCOVERY_CACHE_KEY,
  EndpointDiscoveryConfiguration,
  resolveEndpointDiscoveryOption,
} from '../../../src/lib/client/discovery/endpoint-discovery-configuration.js';
import { InvalidArgumentException } from '../../../src/lib/errors/invalid-argument-exception.js';
import { parseStatsOption } from '../../../src/lib/client/middleware/stats.js';
import { makeTempHome, type TempHome } from '../config/temp-home.js';

const rejects = (option: string, run: () => unknown, pattern?: RegExp): void => {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof InvalidArgumentException, String(error));
    assert.equal(error.option, option);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
};

describe('observability options', () => {
  let home: TempHome;
  beforeEach(() => {
    home = makeTempHome({
      '.aws/config': [
        '[profile monitored]',
        'csm_enabled = true',
        'csm_host = agent.local',
        'csm_port = 31555',
        'csm_client_id = from-profile',
        'endpoint_discovery_enabled = true',
        '[profile broken]',
        'csm_port = 99999',
        'endpoint_discovery_enabled = sometimes',
        '[profile auto]',
        'endpoint_discovery_enabled = auto',
      ].join('\n'),
    });
  });
  afterEach(() => home.cleanup());
  const profile = (name: string) => loadProfile(name, { env: home.env });
  const none = () => loadProfile('default', { env: home.env });

  describe('debug', () => {
    it('is off for undefined and false, and on with defaults for true', () => {
      assert.equal(parseDebugOption(undefined), null);
      assert.equal(parseDebugOption(false), null);
      const settings = parseDebugOption(true)!;
      assert.deepEqual({ ...settings, logfn: typeof settings.logfn }, { logfn: 'function', streamSize: DEFAULT_STREAM_SIZE, scrubAuth: true, http: true });
    });

    it('takes logfn, stream_size, scrub_auth and http', () => {
      const logfn = () => {};
      assert.deepEqual(parseDebugOption({ logfn, stream_size: 0, scrub_auth: false, http: false }), { logfn, streamSize: 0, scrubAuth: false, http: false });
      assert.deepEqual({ ...parseDebugOption({})!, logfn: 'default' }, { logfn: 'default', streamSize: DEFAULT_STREAM_SIZE, scrubAuth: true, http: true });
    });

    it('rejects malformed values, naming the option', () => {
      rejects('debug', () => parseDebugOption('verbose'), /expected true, false or an object/);
      rejects('debug', () => parseDebugOption({ logfn: 'stderr' }), /logfn must be a function/);
      rejects('debug', () => parseDebugOption({ stream_size: -1 }), /stream_size/);
      rejects('debug', () => parseDebugOption({ stream_size: 1.5 }), /stream_size/);
      rejects('debug', () => parseDebugOption({ scrub_auth: 'no' }), /scrub_auth/);
      rejects('debug', () => parseDebugOption({ http: 0 }), /http must be true or false/);
      rejects('debug', () => parseDebugOption({ level: 3 }), /unknown key "level"/);
    });
  });

  describe('stats', () => {
    it('turns everything on or off with a boolean, each part with an object', () => {
      assert.deepEqual(parseStatsOption(true), { retries: true, http: true, timer: true });
      assert.deepEqual(parseStatsOption(false), { retries: false, http: false, timer: false });
      assert.deepEqual(parseStatsOption(undefined), { retries: false, http: false, timer: false });
      assert.deepEqual(parseStatsOption({ timer: true, http: false }), { retries: false, http: false, timer: true });
    });

    it('rejects malformed values, naming the option', () => {
      rejects('stats', () => parseStatsOption('all'));
      rejects('stats', () => parseStatsOption({ retries: 1 }), /retries must be true or false/);
      rejects('stats', () => parseStatsOption({ bytes: true }), /unknown key "bytes"/);
    });
  });

  describe('csm', () => {
    it('defaults to disabled on 127.0.0.1:31000 with an empty client id', () => {
      assert.deepEqual(resolveCsmOption(undefined, { env: {}, profile: none() }).toArray(), { enabled: false, host: '127.0.0.1', port: 31000, client_id: '' });
      assert.deepEqual(resolveCsmOption({ enabled: true }, { env: {}, profile: none() }).toArray(), {
        enabled: true,
        host: '127.0.0.1',
        port: 31000,
        client_id: '',
      });
    });

    it("reads AWS_CSM_* first, then the profile's csm_* keys", () => {
      assert.deepEqual(resolveCsmOption(undefined, { env: {}, profile: profile('monitored') }).toArray(), {
        enabled: true,
        host: 'agent.local',
        port: 31555,
        client_id: 'from-profile',
      });
      const env = { AWS_CSM_ENABLED: 'false', AWS_CSM_HOST: '10.0.0.1', AWS_CSM_PORT: '4000', AWS_CSM_CLIENT_ID: 'from-env' };
      assert.deepEqual(resolveCsmOption(undefined, { env, profile: profile('monitored') }).toArray(), {
        enabled: false,
        host: '10.0.0.1',
        port: 4000,
        client_id: 'from-env',
      });
      assert.deepEqual(resolveCsmOption(undefined, { env: { AWS_CSM_PORT: '4000' }, profile: profile('monitored') }).toArray(), {
        enabled: true,
        host: 'agent.local',
        port: 4000,
        client_id: 'from-profile',
      });
    });

    it('lets the option win key by key; true enables, false disables whatever is configured', () => {
      const sources = { env: { AWS_CSM_PORT: '4000' }, profile: profile('monitored') };
      assert.deepEqual(resolveCsmOption({ client_id: 'mine' }, sources).toArray(), { enabled: true, host: 'agent.local', port: 4000, client_id: 'mine' });
      assert.equal(resolveCsmOption(false, sources).isEnabled(), false);
      assert.equal(resolveCsmOption(true, { env: {}, profile: none() }).isEnabled(), true);
      const configuration = new CsmConfiguration({ enabled: true, port: 1234 });
      assert.equal(resolveCsmOption(configuration, sources), configuration);
      assert.deepEqual(resolveCsmOption(() => ({ enabled: true, port: 99 }), sources).toArray(), {
        enabled: true,
        host: 'agent.local',
        port: 99,
        client_id: 'from-profile',
      });
      assert.deepEqual(
        [configuration.isEnabled(), configuration.getHost(), configuration.getPort(), configuration.getClientId()],
        [true, '127.0.0.1', 1234, ''],
      );
    });

    it('rejects malformed values and settings, naming the option', () => {
      const sources = { env: {}, profile: none() };
      rejects('csm', () => resolveCsmOption('yes', sources));
      rejects('csm', () => resolveCsmOption({ port: 0 }, sources), /port must be a whole number from 1 to 65535/);
      rejects('csm', () => resolveCsmOption({ enabled: 1 }, sources), /enabled must be true or false/);
      rejects('csm', () => resolveCsmOption({ server: 'x' }, sources), /unknown key "server"/);
      rejects('csm', () => resolveCsmOption(() => () => true, sources), /a csm function must return/);
      rejects('csm', () => resolveCsmOption(undefined, { env: { AWS_CSM_ENABLED: 'maybe' }, profile: none() }), /AWS_CSM_ENABLED/);
      rejects('csm', () => resolveCsmOption(undefined, { env: {}, profile: profile('broken') }), /csm_port in profile broken/);
    });
  });

  describe('endpoint_discovery', () => {
    it('defaults to disabled with 1000 cache keys', () => {
      assert.deepEqual(resolveEndpointDiscoveryOption(undefined, { env: {}, profile: none() }).toArray(), { enabled: false, cache_limit: 1000 });
    });

    it('reads AWS_ENDPOINT_DISCOVERY_ENABLED, then the profile; auto means the default', () => {
      assert.equal(resolveEndpointDiscoveryOption(undefined, { env: { AWS_ENDPOINT_DISCOVERY_ENABLED: 'true' }, profile: none() }).isEnabled(), true);
      assert.equal(resolveEndpointDiscoveryOption(undefined, { env: {}, profile: profile('monitored') }).isEnabled(), true);
      assert.equal(
        resolveEndpointDiscoveryOption(undefined, { env: { AWS_ENDPOINT_DISCOVERY_ENABLED: 'false' }, profile: profile('monitored') }).isEnabled(),
        false,
      );
      assert.equal(resolveEndpointDiscoveryOption(undefined, { env: {}, profile: profile('auto') }).isEnabled(), false);
      assert.deepEqual(resolveEndpointDiscoveryOption({ cache_limit: 3 }, { env: {}, profile: profile('monitored') }).toArray(), {
        enabled: true,
        cache_limit: 3,
      });
    });

    it('takes booleans, objects, configuration objects, functions and cache objects', () => {
      const sources = { env: { AWS_ENDPOINT_DISCOVERY_ENABLED: 'true' }, profile: none() };
      assert.equal(resolveEndpointDiscoveryOption(false, sources).isEnabled(), false);
      assert.deepEqual(resolveEndpointDiscoveryOption({ enabled: false, cache_limit: 7 }, sources).toArray(), { enabled: false, cache_limit: 7 });
      const configuration = new EndpointDiscoveryConfiguration({ enabled: true, cache_limit: 2 });
      assert.equal(resolveEndpointDiscoveryOption(configuration, sources), configuration);
      assert.equal(
        resolveEndpointDiscoveryOption(() => configuration, sources),
        configuration,
      );
      const store = new Map<string, unknown>();
      const cache = { get: (key: string) => store.get(key), set: (key: string, value: unknown) => store.set(key, value) };
      const first = resolveEndpointDiscoveryOption(cache, sources);
      assert.equal(first.isEnabled(), true);
      assert.equal(store.get(ENDPOINT_DISCOVERY_CACHE_KEY), first, 'the resolved configuration is stored in the cache');
      assert.equal(resolveEndpointDiscoveryOption(cache, { env: {}, profile: none() }), first, 'and read back from it');
    });

    it('rejects malformed values and settings, naming the option', () => {
      const sources = { env: {}, profile: none() };
      rejects('endpoint_discovery', () => resolveEndpointDiscoveryOption('on', sources));
      rejects('endpoint_discovery', () => resolveEndpointDiscoveryOption({ cache_limit: 0 }, sources), /cache_limit must be a whole number of at least 1/);
      rejects('endpoint_discovery', () => resolveEndpointDiscoveryOption({ enabled: 'yes' }, sources), /enabled must be true or false/);
      rejects('endpoint_discovery', () => resolveEndpointDiscoveryOption({ ttl: 5 }, sources), /unknown key "ttl"/);
      rejects('endpoint_discovery', () => resolveEndpointDiscoveryOption({ get: () => 'junk', set: () => {} }, sources), /cache holds something other/);
      rejects(
        'endpoint_discovery',
        () => resolveEndpointDiscoveryOption(undefined, { env: {}, profile: profile('broken') }),
        /endpoint_discovery_enabled in profile broken/,
      );
    });
  });
});
