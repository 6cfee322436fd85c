import type { Dispatcher } from 'undici';
import { LimitedBody } from './response-limits.js';
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
  private readonly body: LimitedBody;
  private abortRequest?: (reason: Error) => void;
  private reason?: Error;
  private settled = false;

  constructor(
    maxBytes: number,
    private readonly resolve: (response: HttpResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.body = new LimitedBody(maxBytes);
  }

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
    const failure = this.body.declared(this.headers['content-length']);
    if (failure) this.abort(failure);
    return !failure;
  }

  onData(chunk: Buffer): boolean {
    if (this.reason) return false;
    const failure = this.body.push(chunk);
    if (failure) this.abort(failure);
    return !failure;
  }

  onComplete(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve({ statusCode: this.statusCode, headers: this.headers, body: this.body.bytes() });
  }

  onError(error: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}
