import type { Dispatcher } from 'undici';
import { tooLarge } from './response-limits.js';
import type { HttpResponse } from './types.js';

/** The header lines of a response as undici hands them over: `[name, value, name, value…]`. */
type RawHeaders = Array<Buffer | string | string[]>;

function latin1(value: Buffer | string | string[]): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join(', ') : value.toString('latin1');
}

/** Lower-case header names, repeated headers joined with `, ` (as every HTTP handler reports them). */
function flatHeaders(raw: RawHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = latin1(raw[index]!).toLowerCase();
    const value = latin1(raw[index + 1]!);
    if (Object.hasOwn(flat, name)) flat[name] = `${flat[name]}, ${value}`;
    else if (name === '__proto__') Object.defineProperty(flat, name, { value, enumerable: true, writable: true, configurable: true });
    else flat[name] = value;
  }
  return flat;
}

/**
 * An undici dispatch handler that collects one response whole, with no stream in between:
 * settles `done` with the response, or with the error the request failed with. A body larger
 * than `maxBytes` (by its `Content-Length`, or as soon as the bytes received pass the limit)
 * fails with the `RESPONSE_TOO_LARGE` error, and {@link abort} fails the request with any
 * reason, at any point (before the connection too).
 */
export class WholeResponse implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: Record<string, string> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private abortRequest?: (reason: Error) => void;
  private reason?: Error;
  private settled = false;

  constructor(
    private readonly maxBytes: number,
    private readonly resolve: (response: HttpResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Fails the request with `reason` (when it has not ended yet). */
  abort(reason: Error): void {
    if (this.settled || this.reason) return;
    this.reason = reason;
    this.abortRequest?.(reason);
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.reason) abort(this.reason);
    else this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void): boolean {
    // 1xx (informational) responses are followed by the real one.
    if (statusCode < 200) return true;
    this.statusCode = statusCode;
    this.headers = flatHeaders(rawHeaders);
    const declared = this.headers['content-length'];
    if (declared !== undefined && Number(declared.split(',')[0]) > this.maxBytes) {
      this.abort(tooLarge(this.maxBytes));
      return false;
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.reason) return false;
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.abort(tooLarge(this.maxBytes));
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    this.settled = true;
    const whole = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body: new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength) });
  }

  onError(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}
