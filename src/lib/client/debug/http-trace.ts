import type { Scrubber } from './scrubber.js';
import type { UndiciEvent, UndiciListener } from '../../http/undici-events.js';

function where(event: { host: string; protocol: string }): string {
  return `${event.protocol}//${event.host}`;
}

function indent(block: string): string {
  return block
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => `    ${line}`)
    .join('\n');
}

/** One event of the low-level HTTP trace as text. */
export function describeUndiciEvent(event: UndiciEvent, scrubber: Scrubber): string {
  switch (event.name) {
    case 'create':
      return `request created: ${event.method} ${scrubber.text(event.origin + event.path)}`;
    case 'beforeConnect':
      return `connecting to ${where(event)}`;
    case 'connected':
      return `connected to ${where(event)}${event.remoteAddress ? ` (${event.remoteAddress}:${event.remotePort})` : ''}`;
    case 'connectError':
      return `connection to ${where(event)} failed: ${scrubber.text(event.error.message)}`;
    case 'sendHeaders':
      return `headers sent${event.remoteAddress ? ` to ${event.remoteAddress}:${event.remotePort}` : ''}:\n${indent(scrubber.headerBlock(event.headers))}`;
    case 'bodySent':
      return 'body sent';
    case 'headers':
      return `headers received: ${event.statusCode} ${event.statusText}\n${indent(event.headers.map(([name, value]) => `${name}: ${scrubber.header(name, value)}`).join('\n'))}`;
    case 'trailers':
      return 'response complete';
    case 'error':
      return `request failed: ${scrubber.text(event.error.message)}`;
  }
}

/** A listener that writes each undici event through `log`, prefixed with `http:`. */
export function httpTraceListener(scrubber: Scrubber, log: (message: string) => void): UndiciListener {
  return (event) => log(`http: ${describeUndiciEvent(event, scrubber)}`);
}
