/** Where a command writes text: the process's stdout or stderr, or a stream a test reads back. */
export interface OutputStream {
  write(text: string): boolean;
  /** True when the stream is a terminal. */
  readonly isTTY?: boolean;
  /** The terminal's width, when it is one. */
  readonly columns?: number;
}

/** Where a command reads from: the process's stdin, or a stream a test feeds. */
export interface InputStream extends NodeJS.ReadableStream {
  /** True when the stream is a terminal. */
  readonly isTTY?: boolean;
}

/**
 * The environment and standard streams a command runs with. A command makes one when it starts
 * ({@link processIO}) and hands it down, so that the code below it never reads `process` itself
 * and a test can run that code with its own environment and streams.
 */
export interface CliIO {
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
}

/** The process's own environment and streams (stdin is only opened when it is used). */
export function processIO(): CliIO {
  return {
    env: process.env,
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/**
 * True when a person may be at the keyboard: stdin and stderr (where questions are asked) are
 * terminals. stderr is asked first: when it is no terminal, stdin is not opened (opening it costs
 * a millisecond of every run).
 */
export function isTerminal(io: CliIO): boolean {
  return Boolean(io.stderr.isTTY && io.stdin.isTTY);
}
