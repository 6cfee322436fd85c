import type { JwtTokenTypeConfiguration, UserTokenConfiguration } from '../../../../services/search/types.js';
import { invalid, searchError, type SearchError } from '../../core/errors.js';
import type { OpContext } from '../../core/op-context.js';
import { keysFromSecret, publicKeysOf, TokenRejected, verifyJwt, type JwtKeys } from './jwt-verify.js';

/** The user and groups a user token stands for. */
export interface TokenUser {
  user: string;
  groups: string[];
}

/** The claim that names the user, and the one that lists the groups, when the configuration names none. */
const DEFAULT_USER_CLAIM = 'sub';
const DEFAULT_GROUP_CLAIM = 'groups';

function rejected(reason: string): SearchError {
  return searchError('AccessDeniedException', `The user token in UserContext.Token is not valid: ${reason}.`);
}

function claimsUser(claims: Record<string, unknown>, userField: string, groupField: string): TokenUser {
  const user = claims[userField];
  if (typeof user !== 'string' || user.length === 0) throw rejected(`it has no string ${userField} claim naming the user`);
  const raw = claims[groupField];
  if (raw !== undefined && typeof raw !== 'string' && !(Array.isArray(raw) && raw.every((group) => typeof group === 'string'))) {
    throw rejected(`its ${groupField} claim is neither a string nor a list of strings`);
  }
  return { user, groups: raw === undefined ? [] : typeof raw === 'string' ? [raw] : (raw as string[]) };
}

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/** The public keys at a JWKS URL; the local service only reaches loopback addresses. */
async function keysFromUrl(location: string): Promise<JwtKeys> {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw invalid(`The token configuration's URL ${location} is not a URL.`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isLoopback(url)) {
    throw searchError(
      'AccessDeniedException',
      `The local service fetches token keys only from http(s) loopback URLs (127.0.0.1, localhost, ::1), not ${url.origin}.`,
    );
  }
  let jwks: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    jwks = await response.json();
  } catch (error) {
    throw searchError('AccessDeniedException', `Could not read the token keys at ${url.href}: ${(error as Error).message}.`);
  }
  const publicKeys = publicKeysOf(jwks);
  if (publicKeys.length === 0) throw searchError('AccessDeniedException', `The document at ${url.href} holds no usable public key (a JSON Web Key Set).`);
  return { publicKeys };
}

async function jwtKeys(ctx: OpContext, config: JwtTokenTypeConfiguration): Promise<JwtKeys> {
  if (config.KeyLocation === 'URL') {
    if (!config.URL) throw invalid('The JWT token configuration has KeyLocation URL but no URL.');
    return keysFromUrl(config.URL);
  }
  const arn = config.SecretManagerArn;
  if (!arn) throw invalid('The JWT token configuration has KeyLocation SECRET_MANAGER but no SecretManagerArn.');
  const secret = ctx.local.tokenSecrets?.get(arn);
  if (secret === undefined) {
    throw searchError(
      'AccessDeniedException',
      `The local service has no secret ${arn}: give it as --token-secret ${arn}=<secret> to nimbus local start, or in NIMBUS_LOCAL_TOKEN_SECRETS.`,
    );
  }
  return keysFromSecret(secret);
}

function matchesClaimRegex(pattern: string, user: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    throw invalid(`The JWT token configuration's ClaimRegex ${pattern} is not a valid regular expression.`);
  }
  return regex.test(user);
}

/**
 * The user and groups of `UserContext.Token` under the index's token configuration: a JSON
 * token's `UserNameAttributeField` and `GroupAttributeField` members, or a JWT's claims of
 * those names (`sub` and `groups` by default) once its signature, expiry, issuer and
 * `ClaimRegex` (which the user claim must match) are checked. A bad token is an
 * `AccessDeniedException`.
 */
export async function tokenUser(ctx: OpContext, configurations: readonly UserTokenConfiguration[] | undefined, token: string): Promise<TokenUser> {
  const configuration = configurations?.[0];
  if (configuration?.JsonTokenTypeConfiguration) {
    const { UserNameAttributeField, GroupAttributeField } = configuration.JsonTokenTypeConfiguration;
    let claims: unknown;
    try {
      claims = JSON.parse(token);
    } catch {
      throw rejected('it is not JSON');
    }
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw rejected('it is not a JSON object');
    return claimsUser(claims as Record<string, unknown>, UserNameAttributeField, GroupAttributeField);
  }
  if (configuration?.JwtTokenTypeConfiguration) {
    const jwt = configuration.JwtTokenTypeConfiguration;
    const keys = await jwtKeys(ctx, jwt);
    let claims: Record<string, unknown>;
    try {
      claims = verifyJwt(token, keys, ctx.nowMs, jwt.Issuer);
    } catch (error) {
      if (error instanceof TokenRejected) throw rejected(error.message);
      throw error;
    }
    const found = claimsUser(claims, jwt.UserNameAttributeField ?? DEFAULT_USER_CLAIM, jwt.GroupAttributeField ?? DEFAULT_GROUP_CLAIM);
    if (jwt.ClaimRegex !== undefined && !matchesClaimRegex(jwt.ClaimRegex, found.user))
      throw rejected(`its user claim does not match the ClaimRegex ${jwt.ClaimRegex}`);
    return found;
  }
  throw invalid('The index uses the USER_TOKEN user context policy but has no UserTokenConfigurations; add one with UpdateIndex.');
}
