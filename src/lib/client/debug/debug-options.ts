import { invalid } from '../../errors/option-checks.js';

/** The `debug` option, checked and with its defaults filled in. */
export interface DebugSettings {
  /** Receives each trace message (default: writes it to stderr, one message per write). */
  logfn: (message: string) => void;
  /** Bodies larger than this many bytes are not logged; 0 logs no body at all. */
  streamSize: number;
  /**
   * Replace the Authorization signature, the access key of `Credential=`, the session token,
   * the secret key and members the model marks sensitive by placeholders (default true).
   */
  scrubAuth: boolean;
  /** Trace the HTTP exchange itself (connection, headers sent and received) from undici's diagnostics channels. */
  http: boolean;
}

/** Bodies up to this many bytes are logged when `stream_size` is not given. */
export const DEFAULT_STREAM_SIZE = 524_288;

const KEYS = new Set(['logfn', 'stream_size', 'scrub_auth', 'http']);

/** Writes one trace message to stderr. */
function writeToStderr(message: string): void {
  process.stderr.write(`${message}\n`);
}

/**
 * Parses the `debug` option: `true` (or an object) turns the step trace on, `false` or
 * undefined leaves it off (null). Object keys: `logfn`, `stream_size`, `scrub_auth`, `http`.
 * @throws InvalidArgumentException naming `debug` for any other value or an unknown or ill-typed key.
 */
export function parseDebugOption(value: unknown): DebugSettings | null {
  if (value === undefined || value === null || value === false) return null;
  const defaults: DebugSettings = { logfn: writeToStderr, streamSize: DEFAULT_STREAM_SIZE, scrubAuth: true, http: true };
  if (value === true) return defaults;
  if (typeof value !== 'object' || Array.isArray(value)) invalid('debug', 'expected true, false or an object {logfn, stream_size, scrub_auth, http}');
  const options = value as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) invalid('debug', `unknown key "${key}" (known: ${[...KEYS].join(', ')})`);
  }
  const { logfn, stream_size: streamSize, scrub_auth: scrubAuth, http } = options;
  if (logfn !== undefined && typeof logfn !== 'function') invalid('debug', 'logfn must be a function receiving each message');
  if (streamSize !== undefined && (typeof streamSize !== 'number' || !Number.isSafeInteger(streamSize) || streamSize < 0)) {
    invalid('debug', 'stream_size must be a whole number of bytes, 0 or more');
  }
  if (scrubAuth !== undefined && typeof scrubAuth !== 'boolean') invalid('debug', 'scrub_auth must be true or false');
  if (http !== undefined && typeof http !== 'boolean') invalid('debug', 'http must be true or false');
  return {
    logfn: (logfn as DebugSettings['logfn'] | undefined) ?? defaults.logfn,
    streamSize: (streamSize as number | undefined) ?? defaults.streamSize,
    scrubAuth: (scrubAuth as boolean | undefined) ?? defaults.scrubAuth,
    http: (http as boolean | undefined) ?? defaults.http,
  };
}
