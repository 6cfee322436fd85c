/** A promise that can be resolved from outside, re-armed after each use. */
export class Wakeup {
  #resolve!: () => void;
  /** Resolves at the next {@link fire}. */
  promise!: Promise<void>;
  constructor() {
    this.reset();
  }
  /** Wakes whoever waits on {@link promise}. */
  fire(): void {
    this.#resolve();
  }
  /** Arms a fresh promise, after a wake-up was handled. */
  reset(): void {
    this.promise = new Promise((resolve) => (this.#resolve = resolve));
  }
}
