import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** An AWS CLI found on this machine. */
export interface AwsCli {
  path: string;
  /** The first line of `aws --version`, e.g. `aws-cli/1.45.11 Python/3.11.7 …`. */
  version: string;
  major: 1 | 2;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function describe(path: string): AwsCli | undefined {
  try {
    const output = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }).trim();
    const major = /^aws-cli\/(\d+)\./.exec(output)?.[1];
    return major === '1' || major === '2' ? { path, version: output.split('\n')[0]!, major: Number(major) as 1 | 2 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The AWS CLIs to run the suite with: the first v1 CLI on the PATH (pip's `awscli`), and the
 * v2 CLI at `/usr/bin/aws` (what `apt-get install awscli` gives) or else the first v2 on the PATH.
 */
export function findAwsClis(): AwsCli[] {
  const candidates = (process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'aws'));
  candidates.push('/usr/bin/aws');
  const seen = new Set<string>();
  const found: AwsCli[] = [];
  for (const path of candidates) {
    if (seen.has(path) || !executable(path)) continue;
    seen.add(path);
    const cli = describe(path);
    if (cli && !found.some((other) => other.major === cli.major)) found.push(cli);
  }
  const v2 = found.find((cli) => cli.major === 2);
  if (v2 && v2.path !== '/usr/bin/aws' && executable('/usr/bin/aws')) {
    const preferred = describe('/usr/bin/aws');
    if (preferred?.major === 2) found.splice(found.indexOf(v2), 1, preferred);
  }
  return found.sort((a, b) => a.major - b.major);
}
