import type { LeaderLease } from '../store/leader-lease.js';
import type { LocalContext, LocalServiceModule } from '../types.js';

/**
 * How long the ticker waits for another process's write lock: not at all (a wait would sleep on
 * the event loop and stall requests); it tries again on its next run.
 */
const TICK_BUSY_TIMEOUT_MS = 0;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Runs the modules' `tick` (background work: sync jobs, purges…) every `intervalMs`, and on
 * demand before a request when the last run is older than `lazyMs`, in the one process that
 * holds the `ticker` lease among all that serve the data dir: each module's tick runs fenced
 * by the lease's token. A failing tick is reported to `onError` and does not stop later ones;
 * a store locked by another process makes the run wait for the next one.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private stopped = false;

  /**
   * @param modules the modules whose `tick` runs
   * @param context the context passed to every tick
   * @param lease the lease that elects the one process that runs the ticks
   * @param onError receives an error a tick threw
   */
  constructor(
    private readonly modules: readonly LocalServiceModule[],
    private readonly context: LocalContext,
    private readonly lease: LeaderLease,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the periodic runs; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => this.run(), intervalMs);
    this.timer.unref();
  }

  /** Runs the ticks now unless they ran less than `lazyMs` ago (or the ticker stopped). */
  runIfStale(lazyMs: number): void {
    if (Date.now() - this.last >= lazyMs) this.run();
  }

  /** Runs every module's tick once, when this process holds (or takes) the lease. */
  run(): void {
    if (this.stopped) return;
    this.last = Date.now();
    const { db } = this.context;
    const previous = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma(`busy_timeout = ${TICK_BUSY_TIMEOUT_MS}`);
    try {
      const token = this.lease.hold(Date.now());
      if (token === undefined) return;
      for (const module of this.modules) {
        if (module.tick) this.runFenced(token, module.tick.bind(module));
      }
    } catch (error) {
      if (!isBusy(error)) this.onError(error);
    } finally {
      db.pragma(`busy_timeout = ${previous}`);
    }
  }

  /** Runs one tick under the lease's token; its failure is reported once the transaction ended. */
  private runFenced(token: number, tick: (context: LocalContext) => void): void {
    let failure: unknown;
    try {
      this.lease.fenced(token, () => {
        try {
          tick(this.context);
        } catch (error) {
          failure = error;
        }
      });
    } catch (error) {
      if (!isBusy(error)) this.onError(error);
    }
    if (failure !== undefined) this.onError(failure);
  }

  /** Stops the periodic runs and hands the lease back, with every module's leased work. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const module of this.modules) {
      try {
        module.release?.(this.context);
      } catch (error) {
        this.onError(error);
      }
    }
    try {
      this.lease.release();
    } catch (error) {
      this.onError(error);
    }
  }
}
