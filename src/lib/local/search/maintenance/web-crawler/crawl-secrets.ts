import { CrawlConfigurationError } from './crawl-settings.js';

/** A user name and password from a secret. */
export interface UserPassword {
  user: string;
  password: string;
}

/**
 * The user name and password a secret holds: a JSON object with `userName` (or `username`)
 * and `password`, as Kendra's web crawler reads its Secrets Manager secret, or `user:password`.
 * Throws a {@link CrawlConfigurationError} (naming the ARN, never the value) when the local
 * service has no such secret or it holds neither form.
 */
export function userPasswordOf(secrets: ReadonlyMap<string, string> | undefined, arn: string, use: string): UserPassword {
  const value = secrets?.get(arn);
  if (value === undefined) {
    throw new CrawlConfigurationError(
      `The local service has no secret ${arn} (the ${use}): give it as --secret ${arn}=USER:PASSWORD to nimbus local start, or in NIMBUS_LOCAL_SECRETS.`,
    );
  }
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    const user = parsed.userName ?? parsed.username;
    if (typeof user === 'string' && typeof parsed.password === 'string') return { user, password: parsed.password };
  } catch {
    // not JSON: user:password
  }
  const colon = value.indexOf(':');
  if (colon > 0 && !value.trimStart().startsWith('{')) return { user: value.slice(0, colon), password: value.slice(colon + 1) };
  throw new CrawlConfigurationError(`The secret ${arn} (the ${use}) holds neither {"userName": …, "password": …} nor USER:PASSWORD.`);
}

/** The `Basic` credentials of an Authorization (or Proxy-Authorization) header. */
export function basicAuthorization({ user, password }: UserPassword): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
