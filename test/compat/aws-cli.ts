import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The environment an AWS CLI runs in against a local service: test credentials and region, no
 * config or credentials file of the user's (both named inside `home`, where none exist), no
 * pager, one attempt, no instance metadata lookups. PYENV_ROOT passes through for a pip CLI
 * behind pyenv shims.
 */
export function awsCliEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: home,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: join(home, 'no-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(home, 'no-credentials'),
    AWS_PAGER: '',
    AWS_MAX_ATTEMPTS: '1',
    AWS_EC2_METADATA_DISABLED: 'true',
    ...(process.env['PYENV_ROOT'] ? { PYENV_ROOT: process.env['PYENV_ROOT'] } : {}),
  };
}

/**
 * Runs the AWS CLI at `cli` with `args` (service, command, options) and `--output json` in the
 * environment of {@link awsCliEnv}, from `home`; resolves to the parsed output, `{}` when the
 * command prints nothing.
 */
export async function awsCliJson(cli: string, args: readonly string[], home: string): Promise<any> {
  const { stdout } = await run(cli, [...args, '--output', 'json'], { env: awsCliEnv(home), cwd: home });
  return stdout.trim() === '' ? {} : JSON.parse(stdout);
}
