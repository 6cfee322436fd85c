/** How long opening waits for other processes' locks in all, as `busy_timeout` does for queries. */
export const OPEN_TIMEOUT_MS = 10_000;

const pause = new Int32Array(new SharedArrayBuffer(4));

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Runs `step` (synchronous database work), running it again while it fails with SQLITE_BUSY
 * or SQLITE_LOCKED, for up to `timeoutMs` in all: the waits grow from 5 ms to 100 ms, with
 * jitter so that processes starting together do not retry in step. SQLite answers some lock
 * conflicts (changing the journal mode while another connection writes) at once, without its
 * busy handler; this gives them the same patience. The last error is thrown after the time.
 * `onWaiting`, when given, is told after each failed attempt how long the wait has lasted.
 */
export function waitUnlocked<T>(step: () => T, timeoutMs = OPEN_TIMEOUT_MS, onWaiting?: (waitedMs: number) => void): T {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return step();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      onWaiting?.(Date.now() - started);
      const wait = Math.min(100, 5 * 2 ** attempt) * (0.5 + Math.random() / 2);
      Atomics.wait(pause, 0, 0, Math.max(1, Math.min(wait, deadline - Date.now())));
    }
  }
}
