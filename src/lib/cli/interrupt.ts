/**
 * Ctrl-C handling: the run exits 130 without a stack trace; work in progress (a spinner, an
 * embedded local service) registers a cleanup that runs first.
 */
const cleanups = new Set<() => void | Promise<void>>();
let interrupted = false;

/** True once Ctrl-C was pressed: errors that follow are its consequences, not news. */
export function isInterrupted(): boolean {
  return interrupted;
}

/** Registers a cleanup to run on Ctrl-C or SIGTERM; returns a function that unregisters it. */
export function onInterrupt(cleanup: () => void | Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Marks the run interrupted and runs the registered cleanups (newest first), ignoring their failures. */
export async function runInterruptCleanups(): Promise<void> {
  interrupted = true;
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      await cleanup();
    } catch {
      // Exiting anyway: a failing cleanup must not turn an interrupt into a crash report.
    }
  }
}
