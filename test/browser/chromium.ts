import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs. */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags the page tests run Chromium with: headless, offline from Google, no first-run work. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why the browser tests cannot run here, or undefined when they can. Without Chromium they are
 * skipped with that reason, except on CI (`CI=true`), which always has one: there its absence is
 * a failure.
 */
export function missingChromium(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  const reason = `${CHROMIUM} is not installed (apt-get install chromium)`;
  if (process.env['CI'] === 'true') throw new Error(`The browser tests need Chromium on CI, and ${reason}`);
  return reason;
}

/** A Chromium with a fresh profile (its own --user-data-dir), removed when closed. */
export interface FreshChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium on a fresh profile. */
export async function launchChromium(): Promise<FreshChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'nimbus-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
