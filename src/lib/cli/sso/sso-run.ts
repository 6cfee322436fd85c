import { spawn } from 'node:child_process';
import { loadProfile, resolveProfileName } from '../../config/profile.js';
import type { Env } from '../../config/types.js';
import { ssoDeviceLogin } from '../../credentials/sso/device-login.js';
import type { DeviceAuthorization } from '../../credentials/sso/oidc-operations.js';
import { isSsoServiceError } from '../../errors/sso-service-error.js';
import { ssoLogout } from '../../credentials/sso/sso-logout.js';
import { resolveLoginSession } from '../../credentials/sso/sso-settings.js';
import { ssoTokenCache } from '../../credentials/sso/token-cache.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { cliHttpHandler } from '../configure/resolve-credentials.js';

/** The flags of `nimbus sso login`. */
export interface SsoLoginFlags {
  profile?: string;
  'sso-session'?: string;
  'no-browser'?: boolean;
}

/** The program that opens a URL in the default browser on this platform. */
function browserCommand(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** Starts the browser on a URL without waiting for it; false when it could not be started. */
function openBrowser(url: string): Promise<boolean> {
  const [program, args] = browserCommand(url);
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}

/** Service errors end the run with exit 254. */
function asServiceFailure(error: unknown): unknown {
  return isSsoServiceError(error) ? new CliError(error.message, EXIT.SERVICE, { cause: error }) : error;
}

/**
 * `nimbus sso login`: signs in to the profile's SSO session (or `--sso-session`) with the device
 * authorization flow, printing the verification URL and code on stderr and, unless
 * `--no-browser`, opening the URL (with the code filled in) in the default browser.
 */
export async function runSsoLogin(flags: SsoLoginFlags, env: Env): Promise<void> {
  const name = resolveProfileName({ profile: flags.profile, env });
  const session = resolveLoginSession(name, flags['sso-session'], { env });
  const profile = loadProfile(name, { env, explicit: false });
  const onPending = async (authorization: DeviceAuthorization): Promise<void> => {
    const lines = [
      flags['no-browser']
        ? 'To sign in, open this URL in a browser on any device:'
        : 'Opening the sign-in page in your browser. If it does not open, or to sign in on another device, open:',
      '',
      authorization.verificationUri,
      '',
      'and enter the code:',
      '',
      authorization.userCode,
      '',
    ];
    if (flags['no-browser']) lines.push('Or open this URL, which fills in the code:', authorization.verificationUriComplete, '');
    process.stderr.write(`${lines.join('\n')}\n`);
    if (!flags['no-browser'] && !(await openBrowser(authorization.verificationUriComplete))) {
      process.stderr.write('nimbus: could not start a browser; open the URL above yourself\n');
    }
  };
  try {
    await ssoDeviceLogin({ session, cache: ssoTokenCache({ env }), profile, env, httpHandler: cliHttpHandler(name, env), onPending });
  } catch (error) {
    throw asServiceFailure(error);
  }
  process.stderr.write(`Signed in to ${session.startUrl}${session.name ? ` (sso-session ${session.name})` : ''}\n`);
}

/** `nimbus sso logout`: ends and removes every cached SSO token and the SSO role credentials. */
export async function runSsoLogout(flags: { profile?: string }, env: Env): Promise<void> {
  const name = resolveProfileName({ profile: flags.profile, env });
  const report = await ssoLogout({ env, profile: loadProfile(name, { env, explicit: false }), httpHandler: cliHttpHandler(name, env) });
  for (const failure of report.failures)
    process.stderr.write(`nimbus: warning: the SSO portal did not end a session (${failure}); its token was removed anyway\n`);
  process.stderr.write(
    `Removed ${report.tokens} SSO token${report.tokens === 1 ? '' : 's'} and ${report.credentials} cached SSO credential${report.credentials === 1 ? '' : 's'}\n`,
  );
}
