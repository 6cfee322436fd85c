import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../src/lib/errors/configuration-error.js';
import { resolveCsmSettings } from '../../../src/lib/config/csm-settings.js';
import { resolveEndpointDiscoveryEnabled } from '../../../src/lib/config/endpoint-discovery-setting.js';
import { resolveEndpointUrl } from '../../../src/lib/config/endpoint-url.js';
import { resolveOutputFormat } from '../../../src/lib/config/output-format.js';
import { loadProfile, type Profile } from '../../../src/lib/config/profile.js';
import { resolveRegion } from '../../../src/lib/config/region.js';
import { resolveMaxAttempts, resolveRetryMode } from '../../../src/lib/config/retry-settings.js';
import { makeTempHome, type TempHome } from './temp-home.js';

describe('profile settings', () => {
  let t: TempHome;
  beforeEach(() => {
    t = makeTempHome();
  });
  afterEach(() => t.cleanup());

  /** Writes a config file with `[profile p]` holding `lines`, and loads it. */
  const profileWith = (...lines: string[]): Profile => {
    t.write('.aws/config', ['[profile p]', ...lines].join('\n'));
    return loadProfile('p', { env: { HOME: t.home } });
  };

  const invalid = (fn: () => unknown, message: string): void => {
    assert.throws(fn, (error: unknown) => {
      assert.ok(error instanceof ConfigurationError);
      assert.equal(error.message, message);
      return true;
    });
  };

  it('region: AWS_REGION, then AWS_DEFAULT_REGION, then the profile', () => {
    const profile = profileWith('region = from-profile');
    assert.equal(resolveRegion(profile, { AWS_REGION: 'a', AWS_DEFAULT_REGION: 'b' }), 'a');
    assert.equal(resolveRegion(profile, { AWS_REGION: '', AWS_DEFAULT_REGION: 'b' }), 'b');
    assert.equal(resolveRegion(profile, {}), 'from-profile');
    assert.equal(resolveRegion(profileWith('output = json'), {}), undefined);
  });

  describe('endpoint_url', () => {
    const config = [
      'endpoint_url = http://profile-wide',
      'services = local',
      '[services local]',
      'kendra =',
      '  endpoint_url = http://services-kendra',
      'mobile =',
      '  endpoint_url = http://services-mobile',
    ];

    it('takes the service env var, then AWS_ENDPOINT_URL, then the services section, then the profile', () => {
      const profile = profileWith(...config);
      const env = { AWS_ENDPOINT_URL_KENDRA: 'http://env-kendra', AWS_ENDPOINT_URL: 'http://env-global' };
      assert.equal(resolveEndpointUrl('kendra', profile, env), 'http://env-kendra');
      assert.equal(resolveEndpointUrl('Mobile', profile, { ...env, AWS_ENDPOINT_URL_MOBILE: 'http://env-mobile' }), 'http://env-mobile');
      assert.equal(resolveEndpointUrl('Mobile', profile, env), 'http://env-global');
      assert.equal(resolveEndpointUrl('kendra', profile, {}), 'http://services-kendra');
      assert.equal(resolveEndpointUrl('Mobile', profile, {}), 'http://services-mobile');
      assert.equal(resolveEndpointUrl('Other Service', profile, {}), 'http://profile-wide');
      assert.equal(resolveEndpointUrl('Other Service', profile, { AWS_ENDPOINT_URL_OTHER_SERVICE: 'http://o' }), 'http://o');
      assert.equal(resolveEndpointUrl('kendra', profileWith('region = r'), {}), undefined);
    });

    it('is turned off by AWS_IGNORE_CONFIGURED_ENDPOINT_URLS or ignore_configured_endpoint_urls', () => {
      const profile = profileWith(...config);
      assert.equal(resolveEndpointUrl('kendra', profile, { AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'TRUE', AWS_ENDPOINT_URL: 'http://x' }), undefined);
      const ignoring = profileWith('ignore_configured_endpoint_urls = true', ...config);
      assert.equal(resolveEndpointUrl('kendra', ignoring, {}), undefined);
      assert.equal(resolveEndpointUrl('kendra', ignoring, { AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'false' }), 'http://services-kendra');
      invalid(
        () => resolveEndpointUrl('kendra', profile, { AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'yes' }),
        'Invalid value "yes" for AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: expected true or false',
      );
    });
  });

  it('retry_mode and max_attempts: environment, then profile, validated', () => {
    const profile = profileWith('retry_mode = adaptive', 'max_attempts = 7');
    assert.equal(resolveRetryMode(profile, {}), 'adaptive');
    assert.equal(resolveRetryMode(profile, { AWS_RETRY_MODE: 'legacy' }), 'legacy');
    assert.equal(resolveMaxAttempts(profile, {}), 7);
    assert.equal(resolveMaxAttempts(profile, { AWS_MAX_ATTEMPTS: '2' }), 2);
    assert.equal(resolveRetryMode(profileWith(), {}), undefined);
    assert.equal(resolveMaxAttempts(profileWith(), {}), undefined);
    invalid(() => resolveRetryMode(profile, { AWS_RETRY_MODE: 'fast' }), 'Invalid value "fast" for AWS_RETRY_MODE: expected legacy, standard, adaptive');
    invalid(
      () => resolveMaxAttempts(profileWith('max_attempts = 0'), {}),
      'Invalid value "0" for max_attempts in profile p: expected a whole number of at least 1',
    );
    invalid(() => resolveMaxAttempts(profile, { AWS_MAX_ATTEMPTS: '2.5' }), 'Invalid value "2.5" for AWS_MAX_ATTEMPTS: expected a whole number of at least 1');
  });

  it('csm settings: each from the environment, else the profile', () => {
    const profile = profileWith('csm_enabled = true', 'csm_host = 10.0.0.1', 'csm_port = 31001', 'csm_client_id = from-profile');
    assert.deepEqual(resolveCsmSettings(profile, {}), { enabled: true, host: '10.0.0.1', port: 31001, client_id: 'from-profile' });
    assert.deepEqual(resolveCsmSettings(profile, { AWS_CSM_ENABLED: 'false', AWS_CSM_PORT: '9', AWS_CSM_CLIENT_ID: 'env' }), {
      enabled: false,
      host: '10.0.0.1',
      port: 9,
      client_id: 'env',
    });
    assert.deepEqual(resolveCsmSettings(profileWith(), {}), {});
    invalid(() => resolveCsmSettings(profile, { AWS_CSM_PORT: '70000' }), 'Invalid value "70000" for AWS_CSM_PORT: expected a whole number from 1 to 65535');
  });

  it('endpoint_discovery_enabled: true, false, or auto (unset)', () => {
    const profile = profileWith('endpoint_discovery_enabled = True');
    assert.equal(resolveEndpointDiscoveryEnabled(profile, {}), true);
    assert.equal(resolveEndpointDiscoveryEnabled(profile, { AWS_ENDPOINT_DISCOVERY_ENABLED: 'false' }), false);
    assert.equal(resolveEndpointDiscoveryEnabled(profile, { AWS_ENDPOINT_DISCOVERY_ENABLED: 'auto' }), undefined);
    assert.equal(resolveEndpointDiscoveryEnabled(profileWith(), {}), undefined);
    invalid(
      () => resolveEndpointDiscoveryEnabled(profileWith('endpoint_discovery_enabled = maybe'), {}),
      'Invalid value "maybe" for endpoint_discovery_enabled in profile p: expected true or false',
    );
  });

  it('output: AWS_DEFAULT_OUTPUT, then the profile, one of the four formats', () => {
    const profile = profileWith('output = table');
    assert.equal(resolveOutputFormat(profile, {}), 'table');
    assert.equal(resolveOutputFormat(profile, { AWS_DEFAULT_OUTPUT: 'yaml' }), 'yaml');
    assert.equal(resolveOutputFormat(profileWith(), {}), undefined);
    invalid(() => resolveOutputFormat(profileWith('output = xml'), {}), 'Invalid value "xml" for output in profile p: expected json, table, text, yaml');
  });
});
