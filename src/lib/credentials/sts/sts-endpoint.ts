import { ConfigurationError } from '../../errors/configuration-error.js';
import { resolveEndpointUrl } from '../../config/endpoint-url.js';
import type { Profile } from '../../config/profile.js';
import { lookupSetting, parseChoiceSetting } from '../../config/setting-lookup.js';
import type { Env } from '../../config/types.js';

/** Where STS is called and the region its requests are signed for. */
export interface StsEndpoint {
  endpoint: URL;
  signingRegion: string;
}

/** The regions that `sts_regional_endpoints = legacy` sends to the global endpoint (botocore's list). */
const LEGACY_GLOBAL_REGIONS = new Set([
  'ap-northeast-1',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'aws-global',
  'ca-central-1',
  'eu-central-1',
  'eu-north-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'sa-east-1',
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
]);

/**
 * The STS endpoint, by the rules every service follows: a configured endpoint URL
 * (`AWS_ENDPOINT_URL_STS`, `AWS_ENDPOINT_URL`, the profile's `services` section, its
 * `endpoint_url`), else the regional endpoint `https://sts.<region>.amazonaws.com`. Without a
 * region, or for the regions botocore lists when `sts_regional_endpoints` (or
 * `AWS_STS_REGIONAL_ENDPOINTS`) is `legacy`, the global `https://sts.amazonaws.com`, signed for us-east-1.
 * @param profile - the profile whose settings apply (the one the credentials are resolved for).
 * @param region - the region of the calling client, when known.
 * @throws ConfigurationError for an endpoint URL that is not http(s), or an `sts_regional_endpoints` other than `regional` or `legacy`.
 */
export function resolveStsEndpoint(profile: Profile, env: Env, region: string | undefined): StsEndpoint {
  const configured = resolveEndpointUrl('STS', profile, env);
  if (configured) {
    const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(configured) ? configured : `https://${configured}`;
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new ConfigurationError(`Invalid STS endpoint URL "${configured}": expected an http or https URL`);
    }
    return { endpoint: url, signingRegion: region || 'us-east-1' };
  }
  const setting = lookupSetting(profile, env, 'AWS_STS_REGIONAL_ENDPOINTS', 'sts_regional_endpoints');
  const mode = setting ? parseChoiceSetting(setting, ['regional', 'legacy'] as const) : 'regional';
  if (!region || region === 'aws-global' || (mode === 'legacy' && LEGACY_GLOBAL_REGIONS.has(region))) {
    return { endpoint: new URL('https://sts.amazonaws.com'), signingRegion: 'us-east-1' };
  }
  const suffix = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return { endpoint: new URL(`https://sts.${region}.${suffix}`), signingRegion: region };
}
