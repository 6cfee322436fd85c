import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** One request for botocore to sign (see botocore-sign.py). */
export interface BotocoreJob {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  key: string;
  secret: string;
  token: string | null;
  timestamp: string;
  region: string;
  service: string;
  expires?: number;
}

/** A request as botocore signed it: header names as botocore spells them. */
export interface BotocoreSigned {
  url: string;
  headers: Record<string, string>;
}

const SCRIPT = fileURLToPath(new URL('./botocore-sign.py', import.meta.url));

/** Signs every job with the installed botocore, in one python3 process. */
export function botocoreSign(jobs: BotocoreJob[]): BotocoreSigned[] {
  const result = spawnSync('python3', [SCRIPT], { input: JSON.stringify(jobs), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`botocore-sign.py failed: ${result.stderr || result.error}`);
  return JSON.parse(result.stdout) as BotocoreSigned[];
}

/** The headers of a botocore-signed request with lower-case names. */
export function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
