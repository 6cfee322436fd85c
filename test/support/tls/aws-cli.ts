import { execFile, spawnSync } from 'node:child_process';

/** What a run of the AWS CLI did. */
export interface AwsCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The AWS CLIs on this machine, for reference runs: v1 as `aws` on PATH (pip, has kendra) and
 * v2 as /usr/bin/aws (Debian's, has mobile); empty where neither is installed.
 */
export const AWS_CLIS: readonly string[] = ['aws', '/usr/bin/aws'].filter((cli) => spawnSync(cli, ['--version'], { stdio: 'ignore' }).status === 0);

/** Runs one AWS CLI (`cli` from {@link AWS_CLIS}) with exactly the given environment. */
export function runAwsCli(cli: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<AwsCliResult> {
  return new Promise((resolve) => {
    execFile(cli, args, { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 255) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
