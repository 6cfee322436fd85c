/** The CLI's exit codes: fixed, since scripts test them. */
export const EXIT = {
  /** The command did what it was asked. */
  OK: 0,
  /** Interrupted (Ctrl-C). */
  INTERRUPTED: 130,
  /** Bad usage: unknown command or flag, invalid value, bad JSON, a missing required flag. */
  USAGE: 252,
  /** Bad configuration or credentials: no region in a non-interactive run, an unreadable profile. */
  CONFIG: 253,
  /** The service answered with an error. */
  SERVICE: 254,
  /** Anything else (connection failures, bugs). */
  OTHER: 255,
} as const;

/** One of the exit codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
