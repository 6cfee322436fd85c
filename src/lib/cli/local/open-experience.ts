import { spawn } from 'node:child_process';
import { CliError, usageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { liveService, resolveDataDir } from './pid-file.js';

/** Where `local open` finds the service when no endpoint is given and no detached one runs. */
const DEFAULT_ENDPOINT = 'http://127.0.0.1:4599';

/** The command that opens a URL in the desktop's browser. */
function opener(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

/** Opens `url` in a browser; rejects when no opener could be started. */
function openInBrowser(url: string): Promise<void> {
  const [command, args] = opener(url);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new CliError(`Could not open a browser (${command}: ${error.code ?? error.message}); open the URL above yourself`, EXIT.OTHER)),
    );
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

/**
 * `nimbus local open <experience-id>`: prints the URL of the experience's search page on the
 * local service (the one given by `--endpoint`, else the one `local start --detach` runs on the
 * data dir, else http://127.0.0.1:4599), once the service says the experience is there; opens it
 * in the desktop's browser only with `--browser`.
 */
export async function openExperience(id: string, flags: { endpoint?: string; 'data-dir'?: string; browser: boolean }): Promise<void> {
  if (!/^[A-Za-z0-9-]{1,36}$/.test(id)) throw usageError(`Invalid experience id "${id}": expected up to 36 letters, digits and dashes`);
  const endpoint = (flags.endpoint ?? liveService(resolveDataDir(flags['data-dir']))?.endpoint ?? DEFAULT_ENDPOINT).replace(/\/+$/, '');
  const url = `${endpoint}/experiences/${id}`;
  let status: number;
  try {
    status = (await fetch(url, { redirect: 'manual' })).status;
  } catch (error) {
    const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
    const code = cause?.code ?? (cause as { errors?: NodeJS.ErrnoException[] } | undefined)?.errors?.[0]?.code;
    throw new CliError(
      `No local service answers at ${endpoint} (${code ?? (error as Error).message}): start one with "nimbus local start --detach"`,
      EXIT.OTHER,
    );
  }
  if (status === 404) throw new CliError(`The local service at ${endpoint} has no experience ${id}`, EXIT.SERVICE);
  process.stdout.write(`${url}\n`);
  if (flags.browser) await openInBrowser(url);
}
