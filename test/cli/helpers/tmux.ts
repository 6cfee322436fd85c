import { execFile, execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { BIN } from './cli.js';

const run = promisify(execFile);

/** Fails (does not skip) when tmux is missing: screen tests need a real terminal. */
export function requireTmux(): void {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
  } catch {
    throw new Error('These tests run nimbus in a real terminal under tmux, which is not installed: apt-get install -y tmux');
  }
}

/** What a run in a tmux window showed. */
export interface Screen {
  code: number;
  /** The window's text with colour codes, lines that the terminal wrapped joined again (`capture-pane -J -e`). */
  joined: string;
  /** The window's text as displayed, one screen row a line, without colour codes. */
  rows: string[];
}

/** A key press for an interactive run: once the window shows `expect`, `keys` are typed (tmux send-keys names, e.g. `Enter`). */
export interface KeyStep {
  expect: RegExp;
  keys: string[];
}

let sessions = 0;

/**
 * Runs `nimbus <args>` in a detached tmux window of `width` columns (stdout and stderr are the
 * terminal) with exactly `env`, waits for it to exit, and captures the window with its history.
 * Each run has its own tmux server (socket), which is killed afterwards. `steps` answer prompts
 * in order, each once its text is on screen.
 */
export async function inTmux(args: readonly string[], env: NodeJS.ProcessEnv, width: number, steps: readonly KeyStep[] = []): Promise<Screen> {
  const socket = `nimbus-test-${process.pid}-${++sessions}`;
  const tmux = (...words: string[]) =>
    run('tmux', ['-L', socket, '-f', '/dev/null', ...words], { env: { ...env, TERM: 'xterm-256color' }, maxBuffer: 16 * 1024 * 1024 });
  const script = '"$@"; echo "__EXIT__$?"; exec sleep 120';
  await tmux('new-session', '-d', '-x', String(width), '-y', '50', '-s', 'main', 'sh', '-c', script, 'sh', process.execPath, BIN, ...args);
  try {
    const deadline = Date.now() + 30_000;
    let step = 0;
    for (;;) {
      const { stdout } = await tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'main');
      if (step < steps.length && steps[step]!.expect.test(stdout)) {
        await tmux('send-keys', '-t', 'main', ...steps[step]!.keys);
        step++;
        continue;
      }
      const exit = /__EXIT__(\d+)/.exec(stdout);
      if (exit) {
        const joined = (await tmux('capture-pane', '-p', '-J', '-e', '-S', '-', '-t', 'main')).stdout;
        const rows = (await tmux('capture-pane', '-p', '-S', '-', '-t', 'main')).stdout.split('\n');
        return {
          code: Number(exit[1]),
          joined: joined.slice(0, joined.indexOf('__EXIT__')),
          rows: rows.slice(
            0,
            rows.findIndex((row) => row.includes('__EXIT__')),
          ),
        };
      }
      if (Date.now() > deadline)
        throw new Error(`nimbus did not finish in tmux${step < steps.length ? ` (waiting for ${steps[step]!.expect})` : ''}:\n${stdout}`);
      await sleep(100);
    }
  } finally {
    await tmux('kill-server').catch(() => undefined);
  }
}
