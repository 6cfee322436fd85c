import { InvalidArgumentException } from '../errors/invalid-argument-exception.js';

/** The `endpoint_provider` client option: receives {service, region}; returns null or endpoint data with `endpoint`. */
export type EndpointProvider = (params: { service: string; region: string }) => { endpoint: string; [key: string]: unknown } | null | undefined;

/** Parses and checks an endpoint URL; only http and https are accepted. */
export function parseEndpoint(value: string, source: string, scheme: string): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `${scheme}://${value}`;
  if (!URL.canParse(withScheme)) {
    throw new InvalidArgumentException(`Invalid endpoint ${JSON.stringify(value)} from ${source}: not a URL`, { option: 'endpoint' });
  }
  const url = new URL(withScheme);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidArgumentException(`Invalid endpoint ${JSON.stringify(value)} from ${source}: the scheme must be http or https`, { option: 'endpoint' });
  }
  return url;
}

/** The endpoint a service has in a region when nothing overrides it. */
export function defaultEndpoint(endpointPrefix: string, region: string, scheme: string): URL {
  const suffix = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return new URL(`${scheme}://${endpointPrefix}.${region}.${suffix}`);
}
