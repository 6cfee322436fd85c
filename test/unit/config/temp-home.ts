import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throw-away home directory with helpers to write `.aws` files into it. */
export interface TempHome {
  home: string;
  /** An environment with only HOME set (plus what the test adds). */
  env: NodeJS.ProcessEnv;
  /** Writes `text` to `relativePath` under the home (creating directories) and returns the absolute path. */
  write(relativePath: string, text: string): string;
  /** Removes the directory. */
  cleanup(): void;
}

/** Creates a temporary home directory (real files, never the user's own); `files` maps paths relative to it to their contents. */
export function makeTempHome(files: Record<string, string> = {}): TempHome {
  const home = mkdtempSync(join(tmpdir(), 'nimbus-home-'));
  let generation = 0;
  const tempHome: TempHome = {
    home,
    env: { HOME: home },
    write(relativePath, text) {
      const path = join(home, relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      // Give every write its own mtime so the mtime-keyed cache always sees a change.
      const stamp = new Date(Date.UTC(2020, 0, 1) + ++generation * 1000);
      utimesSync(path, stamp, stamp);
      return path;
    },
    cleanup() {
      rmSync(home, { recursive: true, force: true });
    },
  };
  for (const [path, text] of Object.entries(files)) tempHome.write(path, text);
  return tempHome;
}

/** A distinctive fake secret: failure tests assert it never appears in an error. */
export const FAKE_SECRET = 'fAkEsEcReT/do-not-leak+Zq8JxW2vKp0';

/** Fails unless `error` is an Error whose message, string form and causes never contain `secret`. */
export function assertNoSecret(error: unknown, secret: string = FAKE_SECRET): void {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current.message.includes(secret) || String(current).includes(secret)) {
      throw new Error(`the secret leaked into an error message: ${current.name}`);
    }
    current = current.cause;
  }
}
