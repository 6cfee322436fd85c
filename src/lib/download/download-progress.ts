import { SingleBar } from 'cli-progress';
import { formatBytes, formatDuration } from '../bulk/format.js';

/** What a finished download reports. */
export interface DownloadResult {
  /** The file written. */
  path: string;
  bytes: number;
  /** Milliseconds from the request to the rename. */
  elapsedMs: number;
}

/** Hears how a download goes. */
export interface DownloadProgressListener {
  /** The answer arrived: its length (when the server gave one) and the file it goes to. */
  start(total: number | undefined, path: string): void;
  /** Bytes written so far (called often: throttle any output). */
  update(bytes: number): void;
  /** The download ended: its result, or undefined when it failed. */
  finish(result: DownloadResult | undefined): void;
}

/** Options of {@link createDownloadProgress}. */
export interface DownloadProgressOptions {
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** `bar` when the stream is a terminal, else `lines` (a line every `intervalMs`, then the result). */
  mode?: 'bar' | 'lines';
  intervalMs?: number;
}

/** A progress display for a download on standard error: a bar on a terminal, plain lines otherwise. */
export function createDownloadProgress(options: DownloadProgressOptions = {}): DownloadProgressListener {
  const stream = options.stream ?? process.stderr;
  const mode = options.mode ?? (stream.isTTY ? 'bar' : 'lines');
  const started = performance.now();
  let total: number | undefined;
  let bytes = 0;
  const describe = (): string => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? `${formatBytes(bytes / seconds)}/s` : '';
    return `${formatBytes(bytes)}${total === undefined ? '' : ` of ${formatBytes(total)}`} ${rate}`.trim();
  };
  const done = (result: DownloadResult | undefined): void => {
    if (result) stream.write(`Saved ${result.path} (${formatBytes(result.bytes)} in ${formatDuration(result.elapsedMs)})\n`);
  };

  if (mode === 'bar') {
    const bar = new SingleBar({
      stream,
      fps: 8,
      hideCursor: false,
      barsize: 24,
      format: (opts, params) => {
        const size = opts.barsize ?? 24;
        const filled = total === undefined ? 0 : Math.round(params.progress * size);
        const glyphs = total === undefined ? '' : `${'█'.repeat(filled)}${'░'.repeat(size - filled)} ${Math.floor(params.progress * 100)}% | `;
        return `${glyphs}${describe()}`;
      },
    });
    let running = false;
    return {
      start(length) {
        total = length;
        bar.start(length ?? 1, 0);
        running = true;
      },
      update(written) {
        bytes = written;
        if (running) bar.update(total === undefined ? 0 : written);
      },
      finish(result) {
        if (running) bar.stop();
        running = false;
        done(result);
      },
    };
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    start(length) {
      total = length;
      timer = setInterval(() => stream.write(`${describe()}\n`), options.intervalMs ?? 2000);
      timer.unref();
    },
    update(written) {
      bytes = written;
    },
    finish(result) {
      clearInterval(timer);
      done(result);
    },
  };
}
