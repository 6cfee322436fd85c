import assert from 'node:assert/strict';
import { ConfigurationError } from '../../../../src/lib/errors/configuration-error.js';
import type { Profile } from '../../../../src/lib/config/profile.js';
import { resolveStsEndpoint } from '../../../../src/lib/credentials/sts/sts-endpoint.js';

function profile(settings: Record<string, string> = {}, services: Record<string, Record<string, string>> = {}): Profile {
  return { name: 'p', exists: true, settings, services };
}

const at = (p: Profile, env: Record<string, string>, region?: string): [string, string] => {
  const { endpoint, signingRegion } = resolveStsEndpoint(p, env, region);
  return [endpoint.href, signingRegion];
};

describe('resolveStsEndpoint', () => {
  it('uses the regional endpoint by default, the global one without a region', () => {
    assert.deepEqual(at(profile(), {}, 'eu-west-1'), ['https://sts.eu-west-1.amazonaws.com/', 'eu-west-1']);
    assert.deepEqual(at(profile(), {}, 'us-east-1'), ['https://sts.us-east-1.amazonaws.com/', 'us-east-1']);
    assert.deepEqual(at(profile(), {}, 'cn-north-1'), ['https://sts.cn-north-1.amazonaws.com.cn/', 'cn-north-1']);
    assert.deepEqual(at(profile(), {}, undefined), ['https://sts.amazonaws.com/', 'us-east-1']);
    assert.deepEqual(at(profile(), {}, 'aws-global'), ['https://sts.amazonaws.com/', 'us-east-1']);
  });

  it('sends botocore’s legacy regions to the global endpoint with sts_regional_endpoints = legacy', () => {
    assert.deepEqual(at(profile(), { AWS_STS_REGIONAL_ENDPOINTS: 'legacy' }, 'eu-west-1'), ['https://sts.amazonaws.com/', 'us-east-1']);
    assert.deepEqual(at(profile({ sts_regional_endpoints: 'legacy' }), {}, 'ap-east-1'), ['https://sts.ap-east-1.amazonaws.com/', 'ap-east-1']);
    assert.deepEqual(at(profile({ sts_regional_endpoints: 'legacy' }), { AWS_STS_REGIONAL_ENDPOINTS: 'regional' }, 'us-west-2'), [
      'https://sts.us-west-2.amazonaws.com/',
      'us-west-2',
    ]);
    assert.throws(
      () => at(profile({ sts_regional_endpoints: 'global' }), {}, 'us-east-1'),
      (error: unknown) => error instanceof ConfigurationError && /sts_regional_endpoints in profile p: expected regional, legacy/.test(error.message),
    );
  });

  it('takes AWS_ENDPOINT_URL_STS, AWS_ENDPOINT_URL, the services section and endpoint_url, signing for the region', () => {
    const withServices = profile({ endpoint_url: 'http://profile.example' }, { sts: { endpoint_url: 'http://services.example:8080' } });
    assert.deepEqual(at(withServices, { AWS_ENDPOINT_URL_STS: 'http://127.0.0.1:9000' }, 'eu-west-1'), ['http://127.0.0.1:9000/', 'eu-west-1']);
    assert.deepEqual(at(withServices, { AWS_ENDPOINT_URL: 'https://all.example' }, 'eu-west-1'), ['https://all.example/', 'eu-west-1']);
    assert.deepEqual(at(withServices, {}, 'eu-west-1'), ['http://services.example:8080/', 'eu-west-1']);
    assert.deepEqual(at(profile({ endpoint_url: 'sts.internal' }), {}, undefined), ['https://sts.internal/', 'us-east-1']);
    assert.throws(() => at(profile(), { AWS_ENDPOINT_URL_STS: 'ftp://x' }, 'eu-west-1'), /Invalid STS endpoint URL "ftp:\/\/x"/);
  });
});
