import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { newSessionKeys, startFakeSts, type FakeSts } from '../../integration/credentials/sts/fake-sts.js';
import type { TestServer } from '../../support/echo-server.js';
import { CONTAINER_KEYS, startFakeContainerEndpoint } from '../../unit/credentials/container/fake-container.js';
import { IMDS_KEYS, startFakeImds } from '../../unit/credentials/imds/fake-imds.js';
import { SSO_ROLE_KEYS, startFakeSso, type FakeSso } from '../../unit/credentials/sso/fake-sso.js';

// The loopback stand-ins of every credential source a built-CLI run can use (STS, SSO, the
// container endpoint, instance metadata) and the files under HOME the other sources read.

/** An access key, its secret, and the session token that must come with it when it is temporary. */
export interface Keys {
  key: string;
  secret: string;
  token?: string;
}

/** Keys given as they are: by the environment, the shared files or a `credential_process`. */
export const STATIC: Keys = { key: 'AKIDSTATIC', secret: 'static/secret' };
/** Keys of the profile an assumed role starts from. */
export const SOURCE: Keys = { key: 'AKIDSOURCE', secret: 'source/secret' };

/** How many credentials the fake STS can issue: more than any test file assumes roles. */
const STS_ISSUES = 64;

/** The running fakes, and the HOME the runs use. */
export interface SourceFakes {
  sts: FakeSts;
  sso: FakeSso;
  container: TestServer;
  imds: TestServer;
  home: string;
  /**
   * The keys the service under test is to accept: {@link STATIC}, and those SSO, the container
   * endpoint, instance metadata and the fake STS give, each temporary pair with its session token.
   */
  credentials: Keys[];
}

/** How the fakes are set up. */
export interface SourceFakeSetup {
  /** The role the fake STS lets {@link SOURCE}, `stsUsers` and `webToken` assume. */
  role: string;
  /** The web identity token the fake STS accepts. */
  webToken: string;
  /** The access token the fake SSO portal accepts. */
  ssoAccessToken: string;
  /** The `Authorization` the fake container endpoint requires. */
  containerAuthorization: string;
  /** Other keys that may call the fake STS and assume `role`. */
  stsUsers?: readonly Keys[];
}

/** Starts the fakes; start the service under test with their {@link SourceFakes.credentials}. */
export async function startSourceFakes(setup: SourceFakeSetup, home: string): Promise<SourceFakes> {
  const issues = newSessionKeys(STS_ISSUES);
  const sts = await startFakeSts({ issues });
  const users: readonly Keys[] = [SOURCE, ...(setup.stsUsers ?? [])];
  for (const user of users) sts.addUser(user.key, user.secret, user.token);
  sts.roles.set(setup.role, { trusted: [...users.map((user) => user.key), setup.webToken] });
  const sso = await startFakeSso();
  sso.validTokens.add(setup.ssoAccessToken);
  return {
    sts,
    sso,
    container: await startFakeContainerEndpoint({ authorization: setup.containerAuthorization }),
    imds: await startFakeImds({ requireToken: true }),
    home,
    credentials: [
      STATIC,
      { key: SSO_ROLE_KEYS.accessKeyId, secret: SSO_ROLE_KEYS.secretAccessKey, token: SSO_ROLE_KEYS.sessionToken },
      { key: CONTAINER_KEYS.AccessKeyId, secret: CONTAINER_KEYS.SecretAccessKey, token: CONTAINER_KEYS.Token },
      { key: IMDS_KEYS.AccessKeyId, secret: IMDS_KEYS.SecretAccessKey, token: IMDS_KEYS.Token },
      ...issues,
    ],
  };
}

/** Stops the fakes that started. */
export async function closeSourceFakes(fakes: SourceFakes | undefined): Promise<void> {
  await Promise.all([fakes?.sts.close(), fakes?.sso.close(), fakes?.container.close(), fakes?.imds.close()]);
}

/** Writes a file under `home`. */
export function writeUnder(home: string, path: string, text: string): void {
  const full = join(home, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/**
 * Writes under `home` what the file-based sources read: the web identity token (`oidc-token`),
 * a `process.sh` that prints `processKeys` ({@link STATIC} unless given) as a `credential_process`
 * answers, and the AWS CLI's token cache of the sso-session `ssoSession`, valid for an hour.
 */
export function writeSourceFiles(
  home: string,
  files: { webToken: string; ssoSession: string; ssoStart: string; ssoAccessToken: string; processKeys?: Keys },
): void {
  writeUnder(home, 'oidc-token', files.webToken);
  const { key, secret, token } = files.processKeys ?? STATIC;
  const session = token ? `,"SessionToken":"${token}"` : '';
  writeUnder(home, 'process.sh', `printf '{"Version":1,"AccessKeyId":"${key}","SecretAccessKey":"${secret}"${session}}'\n`);
  chmodSync(join(home, 'process.sh'), 0o700);
  const expiresAt = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  writeUnder(
    home,
    `.aws/sso/cache/${createHash('sha1').update(files.ssoSession).digest('hex')}.json`,
    JSON.stringify({ startUrl: files.ssoStart, region: 'us-east-1', accessToken: files.ssoAccessToken, expiresAt }),
  );
}
