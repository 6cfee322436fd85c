import type { HttpRequest } from '../../http/types.js';
import { requestUrl } from '../../http/uri-encode.js';
import type { Shape } from '../../model/shape.js';
import type { Command } from '../command.js';
import { redactSensitive } from './redact-sensitive.js';
import type { Scrubber } from './scrubber.js';

/** A flat view of what the trace compares between steps: dotted path → printed value. */
export type Snapshot = Map<string, string>;

/** Context values longer than this are cut when printed. */
const MAX_CONTEXT_LENGTH = 300;

/** JSON with buffers, URLs, errors, dates and functions printed readably (a trace never fails a call). */
function toJson(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, item: unknown) => {
        if (item instanceof Uint8Array) return `<${item.byteLength} bytes>`;
        if (item instanceof URL) return item.href;
        if (item instanceof Error) return `${item.name}: ${item.message}`;
        if (typeof item === 'function') return '[function]';
        if (typeof item === 'bigint') return item.toString();
        return item;
      }) ?? 'undefined'
    );
  } catch {
    return '[unprintable]';
  }
}

/**
 * Prints commands, requests and results for the debug trace: sensitive members redacted,
 * authentication data scrubbed, bodies printed only up to `stream_size` bytes.
 */
export class TraceFormatter {
  constructor(
    private readonly scrubber: Scrubber,
    private readonly streamSize: number,
  ) {}

  /** The command's input members and context entries. */
  command(command: Command): Snapshot {
    const snapshot: Snapshot = new Map();
    const args = this.scrubber.enabled ? (redactSensitive(command.operation.input, command.args) as Record<string, unknown>) : command.args;
    for (const [name, value] of Object.entries(args)) snapshot.set(`command.args.${name}`, this.scrubber.text(toJson(value)));
    for (const [name, value] of Object.entries(command.context)) {
      const printed = toJson(value);
      snapshot.set(`command.context.${name}`, this.scrubber.text(printed.length > MAX_CONTEXT_LENGTH ? `${printed.slice(0, MAX_CONTEXT_LENGTH)}…` : printed));
    }
    return snapshot;
  }

  /** The request's method, URL, headers and body (empty before the build step). */
  request(request: HttpRequest | undefined, input: Shape | undefined): Snapshot {
    const snapshot: Snapshot = new Map();
    if (!request) return snapshot;
    snapshot.set('request.method', request.method);
    snapshot.set('request.url', this.scrubber.text(requestUrl(request)));
    for (const name of Object.keys(request.headers).sort()) {
      snapshot.set(`request.headers.${name}`, this.scrubber.header(name, request.headers[name]));
    }
    if (request.body !== undefined) snapshot.set('request.body', this.body(request.body, input));
    return snapshot;
  }

  /** A body: its text when it is small enough, else only its size. */
  body(body: Uint8Array | string, shape: Shape | undefined): string {
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (this.streamSize === 0) return `<${bytes} bytes>`;
    if (bytes > this.streamSize) return `<${bytes} bytes, more than stream_size ${this.streamSize}: not logged>`;
    const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    return this.scrubber.text(this.scrubber.enabled ? redactJsonText(text, shape) : text);
  }

  /** The output members of a result (without `$metadata`), under the same body rules. */
  result(output: Record<string, unknown>, shape: Shape | undefined): string {
    const { $metadata: _metadata, ...members } = output;
    return this.body(toJson(this.scrubber.enabled ? redactSensitive(shape, members) : members), undefined);
  }

  /** Any text, scrubbed. */
  text(value: string): string {
    return this.scrubber.text(value);
  }
}

/** JSON text with sensitive members redacted; other text unchanged. */
function redactJsonText(text: string, shape: Shape | undefined): string {
  if (!shape || !text.startsWith('{')) return text;
  try {
    return JSON.stringify(redactSensitive(shape, JSON.parse(text)));
  } catch {
    return text;
  }
}

/** The lines describing how `after` differs from `before`. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const [key, value] of after) {
    const previous = before.get(key);
    if (previous === undefined) lines.push(`  ${key} was set to ${value}`);
    else if (previous !== value) lines.push(`  ${key} changed to ${value}`);
  }
  for (const key of before.keys()) if (!after.has(key)) lines.push(`  ${key} was unset`);
  return lines;
}
