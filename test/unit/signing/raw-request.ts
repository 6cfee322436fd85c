/**
 * Parses the raw HTTP requests of the SigV4 test vectors (`request.txt`, `*-signed-request.txt`):
 * a request line whose target may contain spaces, headers with folded continuation lines and
 * repeated names (joined with `,`), then an optional body.
 */

/** A parsed raw request. */
export interface RawRequest {
  method: string;
  path: string;
  /** Decoded query parameters; a repeated key becomes an array. */
  query: Record<string, string | string[]>;
  /** Lower-case names; values trimmed of surrounding whitespace, continuation lines kept. */
  headers: Record<string, string>;
  body: string;
}

function decode(value: string): string {
  return decodeURIComponent(value);
}

/** Parses the text of a raw request. */
export function parseRawRequest(text: string): RawRequest {
  const lines = text.split('\n');
  const requestLine = lines[0]!;
  const method = requestLine.slice(0, requestLine.indexOf(' '));
  const target = requestLine.slice(method.length + 1, requestLine.lastIndexOf(' '));
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query: Record<string, string | string[]> = {};
  if (queryStart !== -1) {
    for (const part of target
      .slice(queryStart + 1)
      .split('&')
      .filter(Boolean)) {
      const eq = part.indexOf('=');
      const key = decode(eq === -1 ? part : part.slice(0, eq));
      const value = eq === -1 ? '' : decode(part.slice(eq + 1));
      const previous = query[key];
      query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
  }
  const headers: Record<string, string> = {};
  let last: string | undefined;
  let index = 1;
  for (; index < lines.length && lines[index] !== ''; index++) {
    const line = lines[index]!;
    if (/^\s/.test(line) && last !== undefined) {
      headers[last] += `\n${line}`;
      continue;
    }
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
    last = name;
  }
  const body = index < lines.length ? lines.slice(index + 1).join('\n') : '';
  return { method, path, query, headers, body };
}
