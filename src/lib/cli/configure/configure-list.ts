import { resolveProfileName } from '../../config/profile.js';
import { sharedFilePaths } from '../../config/shared-files.js';
import type { Env } from '../../config/types.js';
import { CredentialsNotFoundError } from '../../errors/credentials-not-found-error.js';
import { ssoCredentialCacheKey } from '../../credentials/sso/from-sso.js';
import { resolveSsoProfile } from '../../credentials/sso/sso-settings.js';
import { cliCredentialCache, readSsoToken, ssoTokenCache, tokenCacheKey } from '../../credentials/sso/token-cache.js';
import type { Credentials } from '../../credentials/types.js';
import { isoformat } from './export-credentials.js';
import { effectiveValue, mask, profileValue, type SettingSource } from './profile-values.js';
import { resolveCliCredentials } from './resolve-credentials.js';

type Row = [string, SettingSource | undefined];

/** Where credentials of a source come from, for the Location column. */
function credentialLocation(credentials: Credentials, profile: string, env: Env, secret: boolean): string {
  const paths = sharedFilePaths({ env });
  switch (credentials.source) {
    case 'env':
      return secret ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    case 'shared-credentials-file':
      return paths.credentialsFile;
    case 'config-file':
      return paths.configFile;
    case 'custom-process':
      return `credential_process in profile ${profile}`;
    case 'sso': {
      const session = resolveSsoProfile(profile, { env })?.session;
      return session?.name ? `sso-session ${session.name}` : `sso_start_url ${session?.startUrl ?? ''}`;
    }
    case 'container-role':
      return env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ? 'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI' : 'AWS_CONTAINER_CREDENTIALS_FULL_URI';
    case 'iam-role':
      return 'EC2 instance metadata';
    case 'assume-role':
      return `role_arn in profile ${profile}`;
    case 'assume-role-with-web-identity':
      return env.AWS_WEB_IDENTITY_TOKEN_FILE ? 'AWS_WEB_IDENTITY_TOKEN_FILE' : `web_identity_token_file in profile ${profile}`;
    default:
      return 'None';
  }
}

/** The role and expiry rows of temporary credentials: for SSO also the cache files the values come from. */
function temporaryRows(credentials: Credentials, profile: string, env: Env): Row[] {
  const type = credentials.source ?? 'None';
  const rows: Row[] = [];
  const sso = credentials.source === 'sso' ? resolveSsoProfile(profile, { env }) : null;
  if (sso) {
    rows.push(['role', { value: `${sso.roleName} in account ${sso.accountId}`, type, location: `sso_role_name in profile ${profile}` }]);
  } else if (credentials.source === 'assume-role' || credentials.source === 'assume-role-with-web-identity') {
    const role = profileValue(profile, 'role_arn', env) ?? (env.AWS_ROLE_ARN ? { value: env.AWS_ROLE_ARN, type, location: 'AWS_ROLE_ARN' } : undefined);
    if (role) rows.push(['role', { ...role, type }]);
  }
  if (credentials.expires) {
    const location = sso ? cliCredentialCache({ env }).path(ssoCredentialCacheKey(sso)) : 'None';
    rows.push(['expires', { value: isoformat(credentials.expires), type, location }]);
  }
  if (sso) {
    const cache = ssoTokenCache({ env });
    const token = readSsoToken(cache, sso.session);
    if (token) rows.push(['sso_token_expires', { value: token.expiresAt, type, location: cache.path(tokenCacheKey(sso.session)) }]);
  }
  return rows;
}

/**
 * The `nimbus configure list` table: the profile, the credentials a command would use (the
 * access key and secret masked, never shown) with the source that supplied them (`env`,
 * `shared-credentials-file`, `config-file`, `custom-process`, `sso`, `assume-role`,
 * `container-role`, `iam-role`, …), for temporary credentials the role and expiry, then the
 * region, output format and endpoint URL, each with where its value comes from.
 * @throws what resolving the credentials throws, other than "no credentials".
 */
export async function configureList(profileFlag: string | undefined, env: Env): Promise<string> {
  const profile = resolveProfileName({ profile: profileFlag, env });
  const profileSource: SettingSource | undefined = profileFlag
    ? { value: profileFlag, type: 'manual', location: '--profile' }
    : env.AWS_PROFILE
      ? { value: env.AWS_PROFILE, type: 'env', location: 'AWS_PROFILE' }
      : env.AWS_DEFAULT_PROFILE
        ? { value: env.AWS_DEFAULT_PROFILE, type: 'env', location: 'AWS_DEFAULT_PROFILE' }
        : undefined;
  let credentials: Credentials | undefined;
  try {
    credentials = await resolveCliCredentials(profileFlag, env);
  } catch (error) {
    if (!(error instanceof CredentialsNotFoundError)) throw error;
  }
  const credentialRow = (secret: boolean): SettingSource | undefined =>
    credentials && {
      value: mask(secret ? credentials.secret : credentials.key),
      type: credentials.source ?? 'None',
      location: credentialLocation(credentials, profile, env, secret),
    };
  const rows: Row[] = [
    ['profile', profileSource],
    ['access_key', credentialRow(false)],
    ['secret_key', credentialRow(true)],
    ...(credentials ? temporaryRows(credentials, profile, env) : []),
    ['region', effectiveValue(profile, 'region', ['AWS_REGION', 'AWS_DEFAULT_REGION'], env)],
    ['output', effectiveValue(profile, 'output', ['AWS_DEFAULT_OUTPUT'], env)],
    ['endpoint_url', effectiveValue(profile, 'endpoint_url', ['AWS_ENDPOINT_URL'], env)],
  ];
  const table = [
    ['Name', 'Value', 'Type', 'Location'],
    ['----', '-----', '----', '--------'],
    ...rows.map(([name, source]) => [name, source?.value ?? '<not set>', source?.type ?? 'None', source?.location ?? 'None']),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return `${table
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}
