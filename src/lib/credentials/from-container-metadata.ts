import { isIP } from 'node:net';
import { readBoundedFile, type FileRefusal } from '../config/bounded-file.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { Env, SharedFileOptions } from '../config/types.js';
import type { CredentialProvider, Credentials } from './types.js';

/** The container credentials endpoint's address, which a relative URI is appended to. */
const CONTAINER_HOST = 'http://169.254.170.2';
/** Hosts a plain-http `AWS_CONTAINER_CREDENTIALS_FULL_URI` may name, besides loopback addresses. */
const ALLOWED_HOSTS = ['169.254.170.2', '169.254.170.23', 'fd00:ec2::23', 'localhost'];
const TIMEOUT_MS = 2000;
const ATTEMPTS = 3;
const PAUSE_MS = 1000;

/** Options of {@link fromContainerMetadata}. */
export interface ContainerProviderOptions extends SharedFileOptions {
  /** Milliseconds between attempts; default 1000. */
  retryPauseMs?: number;
}

/**
 * True when a plain-http full URI may be used: a loopback address (127.0.0.0/8, ::1), or one of
 * 169.254.170.2, 169.254.170.23, fd00:ec2::23 and localhost. Any https URL may be used.
 */
export function isAllowedContainerUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ALLOWED_HOSTS.includes(host)) return true;
  // URL normalises addresses: every spelling of the IPv6 loopback address becomes ::1.
  return (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
}

/** The endpoint from `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI` or `_FULL_URI`; undefined when neither is set. */
function containerUrl(env: Env): URL | undefined {
  const relative = env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI;
  const full = env.AWS_CONTAINER_CREDENTIALS_FULL_URI;
  if (relative) {
    const url = URL.canParse(`${CONTAINER_HOST}${relative}`) ? new URL(`${CONTAINER_HOST}${relative}`) : undefined;
    if (!url || url.origin !== CONTAINER_HOST) throw new ConfigurationError('AWS_CONTAINER_CREDENTIALS_RELATIVE_URI must be a path such as /v2/credentials/ID');
    return url;
  }
  if (!full) return undefined;
  if (!URL.canParse(full) || !/^https?:$/.test(new URL(full).protocol)) {
    throw new ConfigurationError('AWS_CONTAINER_CREDENTIALS_FULL_URI must be an http or https URL');
  }
  const url = new URL(full);
  if (!isAllowedContainerUrl(url)) {
    throw new ConfigurationError(
      `AWS_CONTAINER_CREDENTIALS_FULL_URI names the unsupported host "${url.hostname}": a plain http URL must name a loopback address or one of ${ALLOWED_HOSTS.join(', ')}`,
    );
  }
  return url;
}

/** The Authorization header: the token file's content (read on every call), else `AWS_CONTAINER_AUTHORIZATION_TOKEN`. */
function authorization(env: Env): string | undefined {
  const file = env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE;
  let token = env.AWS_CONTAINER_AUTHORIZATION_TOKEN;
  if (file) {
    try {
      token = readBoundedFile(file, undefined, 'a token file')
        .toString('utf8')
        .replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigurationError(`Unable to read AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE ${file}${(error as FileRefusal).reason}`, { cause: error });
    }
  }
  if (token !== undefined && /[\r\n]/.test(token)) throw new ConfigurationError('The container authorization token must be one line');
  return token || undefined;
}

/**
 * Credentials from a container's credentials endpoint (Amazon ECS, EKS Pod Identity, …):
 * `http://169.254.170.2` + `AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`, else
 * `AWS_CONTAINER_CREDENTIALS_FULL_URI` (plain http only to a loopback address or a known container
 * host; https to any host), sending `AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE`'s content or
 * `AWS_CONTAINER_AUTHORIZATION_TOKEN` as the Authorization header. Null when neither URI variable
 * is set. Each call makes up to 3 attempts (2 s each, 1 s apart), like the AWS CLI.
 * @throws ConfigurationError (from the provider) for a bad URI or token, or when the endpoint
 *   gives no credentials; the message never contains the token or the secret.
 */
export function fromContainerMetadata(options: ContainerProviderOptions): CredentialProvider {
  return async () => {
    const url = containerUrl(options.env);
    if (!url) return null;
    const { metadataRequest } = await import('./metadata-request.js');
    let problem = '';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, options.retryPauseMs ?? PAUSE_MS));
      const token = authorization(options.env);
      const headers: Record<string, string> = { accept: 'application/json', ...(token ? { authorization: token } : {}) };
      try {
        const response = await metadataRequest(url, { method: 'GET', headers, timeoutMs: TIMEOUT_MS });
        if (response.statusCode !== 200) {
          problem = `it answered with status ${response.statusCode}`;
          continue;
        }
        return parseContainerCredentials(response.body);
      } catch (error) {
        if (error instanceof ConfigurationError)
          throw new ConfigurationError(`Unable to get credentials from the container endpoint ${url.origin}${url.pathname}: ${error.message}`);
        problem = error instanceof Error ? error.message : String(error);
      }
    }
    throw new ConfigurationError(`Unable to get credentials from the container endpoint ${url.origin}${url.pathname}: ${problem}`);
  };
}

function parseContainerCredentials(body: string): Credentials {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ConfigurationError('the answer is not JSON');
  }
  const { AccessKeyId, SecretAccessKey, Token, Expiration } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof AccessKeyId !== 'string' || !AccessKeyId || typeof SecretAccessKey !== 'string' || !SecretAccessKey) {
    throw new ConfigurationError('the answer has no AccessKeyId and SecretAccessKey');
  }
  const credentials: Credentials = { key: AccessKeyId, secret: SecretAccessKey, source: 'container-role' };
  if (typeof Token === 'string' && Token) credentials.token = Token;
  if (typeof Expiration === 'string') {
    const expires = new Date(Expiration);
    if (Number.isNaN(expires.getTime())) throw new ConfigurationError('the answer has an Expiration that is not a time');
    credentials.expires = expires;
  }
  return credentials;
}
