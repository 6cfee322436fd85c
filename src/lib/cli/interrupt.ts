/**
 * Ctrl-C handling: the run exits 130 without a stack trace; work in progress (a spinner, an
 * embedded local service) registers a cleanup that runs first. A second Ctrl-C while the
 * cleanups run goes to the handlers registered with {@link onRepeatedInterrupt} (a bulk run
 * stops waiting for its calls in flight); without one, the run exits 130 at once.
 */
const cleanups = new Set<() => void | Promise<void>>();
const repeatHandlers = new Set<() => void>();
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

/** Registers what a second Ctrl-C does while the cleanups run; returns a function that unregisters it. */
export function onRepeatedInterrupt(handler: () => void): () => void {
  repeatHandlers.add(handler);
  return () => repeatHandlers.delete(handler);
}

/** Runs the handlers of a repeated Ctrl-C (each once); false when there was none, and the run should exit now. */
export function runRepeatedInterrupt(): boolean {
  if (repeatHandlers.size === 0) return false;
  for (const handler of [...repeatHandlers]) {
    repeatHandlers.delete(handler);
    handler();
  }
  return true;
}
