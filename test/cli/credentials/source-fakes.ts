import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startFakeSts, type FakeSts } from '../../integration/credentials/sts/fake-sts.js';
import type { TestServer } from '../../support/echo-server.js';
import { CONTAINER_KEYS, startFakeContainerEndpoint } from '../../unit/credentials/container/fake-container.js';
import { IMDS_KEYS, startFakeImds } from '../../unit/credentials/imds/fake-imds.js';
import { SSO_ROLE_KEYS, startFakeSso, type FakeSso } from '../../unit/credentials/sso/fake-sso.js';

// The loopback stand-ins of every credential source a built-CLI run can use (STS, SSO, the
// container endpoint, instance metadata) and the files under HOME the other sources read.

/** Keys given as they are: by the environment, the shared files or a `credential_process`. */
export const STATIC = { key: 'AKIDSTATIC', secret: 'static/secret' };
/** Keys of the profile an assumed role starts from. */
export const SOURCE = { key: 'AKIDSOURCE', secret: 'source/secret' };

/** The running fakes, and the HOME the runs use. */
export interface SourceFakes {
  sts: FakeSts;
  sso: FakeSso;
  container: TestServer;
  imds: TestServer;
  home: string;
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
  stsUsers?: ReadonlyArray<{ key: string; secret: string; token?: string }>;
}

/**
 * Starts the fakes. `accepted` (the keys the service under test accepts) gets the keys that
 * {@link STATIC}, SSO, the container endpoint and instance metadata give, and every key the fake
 * STS issues.
 */
export async function startSourceFakes(accepted: Map<string, string>, setup: SourceFakeSetup, home: string): Promise<SourceFakes> {
  accepted
    .set(STATIC.key, STATIC.secret)
    .set(SSO_ROLE_KEYS.accessKeyId, SSO_ROLE_KEYS.secretAccessKey)
    .set(CONTAINER_KEYS.AccessKeyId, CONTAINER_KEYS.SecretAccessKey)
    .set(IMDS_KEYS.AccessKeyId, IMDS_KEYS.SecretAccessKey);
  const sts = await startFakeSts({ onIssue: (issued) => accepted.set(issued.key, issued.secret) });
  const users: ReadonlyArray<{ key: string; secret: string; token?: string }> = [SOURCE, ...(setup.stsUsers ?? [])];
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
 * a `process.sh` that prints {@link STATIC} (with `processSessionToken` when given) as a
 * `credential_process` answers, and the AWS CLI's token cache of the sso-session `ssoSession`,
 * valid for an hour.
 */
export function writeSourceFiles(
  home: string,
  files: { webToken: string; ssoSession: string; ssoStart: string; ssoAccessToken: string; processSessionToken?: string },
): void {
  writeUnder(home, 'oidc-token', files.webToken);
  const session = files.processSessionToken ? `,"SessionToken":"${files.processSessionToken}"` : '';
  writeUnder(home, 'process.sh', `printf '{"Version":1,"AccessKeyId":"${STATIC.key}","SecretAccessKey":"${STATIC.secret}"${session}}'\n`);
  chmodSync(join(home, 'process.sh'), 0o700);
  const expiresAt = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  writeUnder(
    home,
    `.aws/sso/cache/${createHash('sha1').update(files.ssoSession).digest('hex')}.json`,
    JSON.stringify({ startUrl: files.ssoStart, region: 'us-east-1', accessToken: files.ssoAccessToken, expiresAt }),
  );
}
