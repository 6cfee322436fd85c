// Which peers are installed: the built nimbus CLI (and its bulk form), the AWS CLI v1 and v2.
// A peer that is absent is reported as `{missing: reason}` and its rows say so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { CLI_BIN } from './paths.mjs';

/** The built nimbus CLI (`node bin/run.js`), or why it is missing; a broken build shows when it runs. */
export function nimbusCli() {
  if (!existsSync(CLI_BIN)) return { missing: 'bin/run.js does not exist' };
  return { command: process.execPath, args: [CLI_BIN] };
}

/** Whether `nimbus search document put` has the bulk `--jsonl` form. */
export function nimbusJsonl() {
  const cli = nimbusCli();
  if (cli.missing) return cli;
  const help = spawnSync(process.execPath, [CLI_BIN, 'search', 'document', 'put', '--help'], { encoding: 'utf8' });
  if (!`${help.stdout}${help.stderr}`.includes('--jsonl')) return { missing: '`nimbus search document put` has no --jsonl (not built yet)' };
  return cli;
}

/** `aws` found through a pyenv shim runs pyenv first: measure the real script instead. */
function unshim(path) {
  if (!path.includes('/shims/') || !readFileSync(path, 'utf8').includes('pyenv')) return path;
  try {
    return execFileSync('pyenv', ['which', 'aws'], { encoding: 'utf8' }).trim();
  } catch {
    return path;
  }
}

function candidates() {
  const onPath = spawnSync('which', ['-a', 'aws'], { encoding: 'utf8' }).stdout?.split('\n').filter(Boolean) ?? [];
  const paths = [...onPath.map(unshim), '/usr/bin/aws', '/usr/local/bin/aws'].filter((p) => existsSync(p));
  return [...new Set(paths.map((p) => realpathSync(p)))];
}

/**
 * The AWS CLI v1 and v2 found on this machine (PATH, `/usr/bin/aws`, `/usr/local/bin/aws`):
 * `{v1, v2}`, each `{command, args, version}` or `{missing}`.
 */
export function awsClis() {
  const found = {};
  for (const path of candidates()) {
    const run = spawnSync(path, ['--version'], { encoding: 'utf8' });
    const version = `${run.stdout}${run.stderr}`.trim().split(/\s+/)[0] ?? '';
    const major = /^aws-cli\/(\d+)\./.exec(version)?.[1];
    if (major && !found[`v${major}`]) found[`v${major}`] = { command: path, args: [], version };
  }
  return {
    v1: found.v1 ?? { missing: 'AWS CLI v1 not installed (pip install awscli)' },
    v2: found.v2 ?? { missing: 'AWS CLI v2 not installed (apt-get install awscli, or the AWS installer)' },
  };
}
