import { isIP } from 'node:net';
import { loadProfile, resolveProfileName } from '../../config/profile.js';
import type { HttpRequest } from '../../http/types.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { createNodeHttpHandler } from '../http/node-http-handler.js';
import { transportOptions } from '../http/transport-settings.js';
import { DEFAULT_LOCAL_ENDPOINT, type AdminFlags } from './admin-flags.js';

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Calls the admin endpoint `/_nimbus/<name>` of the local service at `--endpoint-url` and
 * returns its JSON answer. A request to another host is SigV4-signed with the credentials of
 * the CLI's default chain (`--profile` …), as the service requires; a loopback one is not
 * signed (the service answers loopback callers without a signature). TLS trusts `--ca-bundle`,
 * `AWS_CA_BUNDLE` or the profile's `ca_bundle`.
 * @throws CliError: 255 when the service cannot be reached, 254 when it answers with an error.
 */
export async function callAdmin(flags: AdminFlags, method: string, name: string, body = ''): Promise<unknown> {
  const env = process.env;
  const given = flags['endpoint-url'] ?? DEFAULT_LOCAL_ENDPOINT;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new CliError(`Invalid --endpoint-url "${given}": expected a URL such as ${DEFAULT_LOCAL_ENDPOINT}`, EXIT.USAGE);
  }
  const profileName = resolveProfileName({ profile: flags.profile, env });
  const profileCaBundle = loadProfile(profileName, { env, explicit: false }).settings.ca_bundle;
  const http = transportOptions({
    noVerifySsl: flags['no-verify-ssl'],
    caBundle: flags['ca-bundle'],
    env,
    profileName,
    ...(profileCaBundle === undefined ? {} : { profileCaBundle }),
  });
  const handler = createNodeHttpHandler(http, async () => (await import('../../http/undici-handler.js')).createUndiciHandler(http));
  let request: HttpRequest = {
    method,
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    ...(url.port ? { port: Number(url.port) } : {}),
    path: `${url.pathname.replace(/\/$/, '')}/_nimbus/${name}`,
    query: {},
    headers: { host: url.host, ...(body ? { 'content-type': 'text/plain' } : {}) },
    ...(body ? { body } : {}),
  };
  if (!isLoopbackHost(url.hostname)) {
    const [{ resolveCliCredentials }, { SignatureV4 }] = await Promise.all([import('../configure/resolve-credentials.js'), import('../../signing/sigv4.js')]);
    const credentials = await resolveCliCredentials(flags.profile, env);
    request = new SignatureV4().sign(request, credentials, { region: 'us-east-1', service: 'nimbus' });
  }
  let response;
  try {
    response = await handler(request);
  } catch (error) {
    throw new CliError(`Cannot reach the local service at ${url.origin}: ${(error as Error).message}`, EXIT.OTHER, { cause: error });
  }
  const text = Buffer.from(response.body).toString('utf8');
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new CliError(`${url.origin} answered /_nimbus/${name} with HTTP ${response.statusCode} and no JSON: is it a nimbus local service?`, EXIT.OTHER);
  }
  if (response.statusCode >= 400) {
    const failure = answer as { __type?: string; message?: string };
    throw new CliError(
      `The local service at ${url.origin} refused: ${failure.__type ?? `HTTP ${response.statusCode}`}: ${failure.message ?? text}`,
      EXIT.SERVICE,
    );
  }
  return answer;
}
