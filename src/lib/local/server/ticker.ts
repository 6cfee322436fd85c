import type { LocalContext, LocalServiceModule } from '../types.js';

/**
 * Runs the modules' `tick` (background work: sync jobs, purges…) every `intervalMs`, and on
 * demand before a request when the last run is older than `lazyMs`. A failing tick is
 * reported to `onError` and does not stop later ones.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private last = 0;

  /**
   * @param modules the modules whose `tick` runs
   * @param context the context passed to every tick
   * @param onError receives an error a tick threw
   */
  constructor(
    private readonly modules: readonly LocalServiceModule[],
    private readonly context: LocalContext,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts the periodic runs; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => this.run(), intervalMs);
    this.timer.unref();
  }

  /** Runs the ticks now unless they ran less than `lazyMs` ago. */
  runIfStale(lazyMs: number): void {
    if (Date.now() - this.last >= lazyMs) this.run();
  }

  /** Runs every module's tick once. */
  run(): void {
    this.last = Date.now();
    for (const module of this.modules) {
      try {
        module.tick?.(this.context);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Stops the periodic runs. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
