import type { OutputStream } from './cli-io.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Progress of a long wait on stderr: in a terminal, a spinner with the current status on one
 * line that redraws; elsewhere (CI logs, pipes), one line each time the status changes.
 */
export class Spinner {
  private status = '';
  private frame = 0;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly text: string,
    private readonly stream: OutputStream = process.stderr,
  ) {}

  /** Starts showing progress with a first status. */
  start(status: string): void {
    this.status = status;
    if (this.stream.isTTY) {
      this.timer = setInterval(() => this.draw(), 80);
      this.timer.unref();
      this.draw();
    } else {
      this.stream.write(`${this.text}: ${status}\n`);
    }
  }

  /** Changes the status shown. */
  update(status: string): void {
    if (status === this.status || this.stopped) return;
    this.status = status;
    if (this.stream.isTTY) this.draw();
    else this.stream.write(`${this.text}: ${status}\n`);
  }

  /** Stops, leaving a final line with the outcome (by default the last status). */
  stop(outcome: string = this.status): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.stream.isTTY) this.stream.write(`\r\x1b[2K${this.text}: ${outcome}\n`);
    else if (outcome !== this.status) this.stream.write(`${this.text}: ${outcome}\n`);
  }

  private draw(): void {
    this.frame = (this.frame + 1) % FRAMES.length;
    this.stream.write(`\r\x1b[2K${FRAMES[this.frame]} ${this.text}: ${this.status}`);
  }
}
