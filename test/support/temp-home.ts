import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway HOME with optional ~/.aws/config and ~/.aws/credentials contents. */
export interface TempHome {
  dir: string;
  /** An environment with only HOME set (plus what the test adds). */
  env: NodeJS.ProcessEnv;
  remove(): void;
}

/** Makes a temporary HOME; `files` maps paths relative to it to their contents. */
export function makeTempHome(files: Record<string, string> = {}): TempHome {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-home-'));
  for (const [path, contents] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, contents);
  }
  return { dir, env: { HOME: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
