import { existsSync, readFileSync } from 'node:fs';
import { FAKE_SECRET, type TempHome } from '../config/temp-home.js';

/**
 * A real credential_process program (run with this Node): it counts its runs in `counterFile`,
 * waits `delayMs`, then behaves according to `mode`.
 */
const SCRIPT = `
import { appendFileSync, readFileSync } from 'node:fs';
const [counterFile, mode, expiration = '', delayMs = '0'] = process.argv.slice(2);
appendFileSync(counterFile, 'x');
const run = readFileSync(counterFile, 'utf8').length;
const secret = ${JSON.stringify(FAKE_SECRET)};
setTimeout(() => {
  const creds = { Version: 1, AccessKeyId: 'AKID' + run, SecretAccessKey: secret, SessionToken: 'token' + run };
  if (expiration) creds.Expiration = expiration;
  switch (mode) {
    case 'ok': process.stdout.write(JSON.stringify(creds)); break;
    case 'fail': process.stdout.write(JSON.stringify(creds)); process.stderr.write('access denied by broker\\n'); process.exit(3);
    case 'notjson': process.stdout.write('AccessKeyId=AKID SecretAccessKey=' + secret); break;
    case 'v2': process.stdout.write(JSON.stringify({ ...creds, Version: 2 })); break;
    case 'nosecret': process.stdout.write(JSON.stringify({ Version: 1, AccessKeyId: 'AKID' })); break;
    case 'badexpiry': process.stdout.write(JSON.stringify({ ...creds, Expiration: 'later' })); break;
    case 'hang': setTimeout(() => {}, 60000); break;
  }
}, Number(delayMs));
`;

/**
 * Writes the script into the temp home (in a directory whose name has a space, to exercise
 * quoting) and returns a builder of `credential_process` command lines for a mode.
 */
export function writeCredentialScript(t: TempHome): (mode: string, expiration?: string, delayMs?: number) => string {
  const script = t.write('my tools/cred.mjs', SCRIPT);
  const counter = `${t.home}/runs.txt`;
  return (mode, expiration = '', delayMs = 0) => `"${process.execPath}" "${script}" '${counter}' ${mode} '${expiration}' ${delayMs}`;
}

/** How many times the script has run. */
export function runs(t: TempHome): number {
  const counter = `${t.home}/runs.txt`;
  return existsSync(counter) ? readFileSync(counter, 'utf8').length : 0;
}
