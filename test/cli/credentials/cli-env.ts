import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { cliEnv } from '../helpers/cli.js';
import { closedPort } from '../../support/closed-port.js';

/**
 * A fresh HOME and an environment for CLI runs with no credentials of its own: region us-east-1 (for both CLIs),
 * and the instance metadata service and any proxy on a closed loopback port, so that nothing
 * ever leaves the machine.
 */
export async function credentialTestEnv(extra: NodeJS.ProcessEnv = {}): Promise<{ home: string; env: NodeJS.ProcessEnv }> {
  const home = mkdtempSync(join(tmpdir(), 'nimbus-cred-cli-'));
  const closed = `http://127.0.0.1:${await closedPort()}`;
  return {
    home,
    env: cliEnv(home, {
      AWS_REGION: 'us-east-1',
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_EC2_METADATA_SERVICE_ENDPOINT: closed,
      HTTPS_PROXY: closed,
      NO_PROXY: '127.0.0.1',
      ...extra,
    }),
  };
}

/** The AWS CLI v2 (`/usr/bin/aws`), when it is installed. */
export const AWS_V2 = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : undefined;

/** Runs another program (the AWS CLI, python) with exactly this environment. */
export function runTool(program: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** True when a program can be found on PATH. */
export function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, program)));
}
