import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The data dir of `--data-dir`, else the local service's default `~/.nimbus/local`. */
export function dataDirOf(flag: string | undefined): string {
  return resolve(flag ?? join(homedir(), '.nimbus', 'local'));
}
