import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { caBundleProblem, type HttpOptions } from '../../http/http-options.js';
import { configError, usageError } from '../errors/cli-error.js';

/** Where a run's TLS settings can come from. */
export interface TransportSources {
  /** `--no-verify-ssl`. */
  noVerifySsl?: boolean;
  /** `--ca-bundle`. */
  caBundle?: string;
  env: NodeJS.ProcessEnv;
  /** The profile's `ca_bundle`, and the profile's name for messages. */
  profileCaBundle?: string;
  profileName: string;
}

/** `~/x` and `~` as the home directory; relative paths from the working directory. */
function expandPath(path: string): string {
  return resolve(path === '~' || path.startsWith('~/') ? homedir() + path.slice(1) : path);
}

/**
 * The transport options of a run: `--no-verify-ssl` (with a warning on stderr), else the first
 * CA bundle of `--ca-bundle`, `AWS_CA_BUNDLE` and the profile's `ca_bundle`. A bundle that cannot
 * be read or holds no certificate stops the run: bad usage for the flag, bad configuration for
 * the environment or the profile. Proxies come from the environment when requests are sent.
 */
export function transportOptions(sources: TransportSources): HttpOptions {
  if (sources.noVerifySsl) {
    process.stderr.write('nimbus: warning: --no-verify-ssl: TLS certificates are not verified, so the connection can be intercepted\n');
    return { verify: false };
  }
  const candidates: Array<[string | undefined, string, boolean]> = [
    [sources.caBundle, '--ca-bundle', true],
    [sources.env.AWS_CA_BUNDLE, 'AWS_CA_BUNDLE', false],
    [sources.profileCaBundle, `ca_bundle of profile ${sources.profileName}`, false],
  ];
  const chosen = candidates.find(([value]) => value);
  if (!chosen) return {};
  const [value, origin, flag] = chosen;
  const file = expandPath(value!);
  const problem = caBundleProblem(file);
  if (problem) {
    const message = `The CA bundle "${value}" (${origin}) ${problem}`;
    throw flag ? usageError(message) : configError(message);
  }
  return { verify: file };
}
