import type { LeaderLease } from '../store/leader-lease.js';
import { andThen, type MaybePromise } from '../store/store-writes.js';
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
 * a store locked by another process makes the run wait for the next one. Over SQLite a run is
 * synchronous; over PostgreSQL (whose lease answers later) it is a promise, and a run starts only
 * once the previous one ended.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;
  private stopped = false;
  private running: Promise<void> | undefined;

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
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
  }

  /** Runs the ticks now unless they ran less than `lazyMs` ago (or the ticker stopped); a promise while a run over PostgreSQL goes on. */
  runIfStale(lazyMs: number): Promise<void> | undefined {
    if (Date.now() - this.last >= lazyMs) return this.run();
    return this.running;
  }

  /** Runs every module's tick once, when this process holds (or takes) the lease. */
  run(): Promise<void> | undefined {
    if (this.stopped) return undefined;
    if (this.running) return this.running;
    this.last = Date.now();
    const { db } = this.context;
    const previous = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma(`busy_timeout = ${TICK_BUSY_TIMEOUT_MS}`);
    let outcome: MaybePromise<void>;
    try {
      outcome = andThen(this.lease.hold(Date.now()), (token) => (token === undefined ? undefined : this.runModules(token, 0)));
    } catch (error) {
      if (!isBusy(error)) this.onError(error);
      outcome = undefined;
    } finally {
      db.pragma(`busy_timeout = ${previous}`);
    }
    if (!(outcome instanceof Promise)) return undefined;
    const running = outcome
      .catch((error: unknown) => {
        if (!isBusy(error)) this.onError(error);
      })
      .finally(() => {
        this.running = undefined;
      });
    this.running = running;
    return running;
  }

  /** Runs the ticks of the modules from `first` on, one after the other, under `token`. */
  private runModules(token: number, first: number): MaybePromise<void> {
    for (let position = first; position < this.modules.length; position++) {
      const tick = this.modules[position]!.tick;
      if (!tick) continue;
      const ran = this.runFenced(token, tick.bind(this.modules[position]));
      if (ran instanceof Promise) return ran.then(() => this.runModules(token, position + 1));
    }
    return undefined;
  }

  /** Runs one tick under the lease's token; its failure is reported once the transaction ended. */
  private runFenced(token: number, tick: (context: LocalContext) => void): MaybePromise<void> {
    let failure: unknown;
    const reportFailure = () => {
      if (failure !== undefined) this.onError(failure);
    };
    const onFenceError = (error: unknown) => {
      if (!isBusy(error)) this.onError(error);
    };
    let fenced: MaybePromise<boolean>;
    try {
      fenced = this.lease.fenced(token, () => {
        try {
          tick(this.context);
        } catch (error) {
          failure = error;
        }
      });
    } catch (error) {
      onFenceError(error);
      fenced = false;
    }
    if (fenced instanceof Promise) return fenced.then(reportFailure, (error: unknown) => (onFenceError(error), reportFailure()));
    reportFailure();
    return undefined;
  }

  /**
   * Stops the periodic runs and hands the lease back, with every module's leased work (through
   * the store's write seam); a promise when that goes to PostgreSQL.
   */
  stop(): Promise<void> | undefined {
    if (this.stopped) return undefined;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const releaseAll = (): MaybePromise<void> => {
      let released: MaybePromise<unknown>;
      try {
        released = this.context.writes.window(() => {
          for (const module of this.modules) {
            try {
              module.release?.(this.context);
            } catch (error) {
              this.onError(error);
            }
          }
        });
      } catch (error) {
        this.onError(error);
        released = undefined;
      }
      return andThen(released instanceof Promise ? released.catch((error: unknown) => this.onError(error)) : released, () => {
        try {
          const handedBack = this.lease.release();
          return handedBack instanceof Promise ? handedBack.catch((error: unknown) => this.onError(error)) : handedBack;
        } catch (error) {
          this.onError(error);
          return undefined;
        }
      });
    };
    const outcome = this.running ? this.running.then(releaseAll) : releaseAll();
    return outcome instanceof Promise ? outcome : undefined;
  }
}
