/**
 * The paginator's resume tokens, in botocore's format so that a token printed by one tool
 * resumes in the other: base64 of the JSON of `{<input token>: value, …}`, plus
 * `boto_truncate_amount` when MaxItems cut a page, written exactly as Python's `json.dumps`.
 */

/** The key botocore uses for the number of items of the first page already returned. */
export const TRUNCATE_KEY = 'boto_truncate_amount';

/** Input token values by input member name; null where there is none. */
export type TokenValues = Record<string, unknown>;

/** A decoded starting token: where to resume, and how many items of that page to skip. */
export interface StartingPoint {
  tokens: TokenValues;
  skip: number;
}

/** `json.dumps(value)` of Python: `", "` and `": "` separators, non-ASCII escaped. */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${pythonString(key)}: ${pythonJson(item)}`);
    return `{${entries.join(', ')}}`;
  }
  if (typeof value === 'string') return pythonString(value);
  return JSON.stringify(value);
}

function pythonString(value: string): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Encodes token values (and a truncation count) as an opaque resume token. */
export function encodeToken(tokens: TokenValues, skip?: number): string {
  const value = skip === undefined ? tokens : { ...tokens, [TRUNCATE_KEY]: skip };
  return Buffer.from(pythonJson(value), 'utf8').toString('base64');
}

/**
 * Decodes a starting token for a paginator with these input tokens. Accepts botocore's encoded
 * form, and — like botocore — the older `token___token___skip` form and a raw service token.
 * Throws a TypeError when the token names more values than the paginator has input tokens.
 */
export function decodeToken(token: string, inputTokens: readonly string[]): StartingPoint {
  return decodeEncoded(token, inputTokens) ?? decodeLegacy(token, inputTokens);
}

function decodeEncoded(token: string, inputTokens: readonly string[]): StartingPoint | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const { [TRUNCATE_KEY]: skip = 0, ...tokens } = parsed as Record<string, unknown>;
  // A service token that happens to be base64 JSON is not ours: only our keys make it ours.
  if (!Object.keys(tokens).every((key) => inputTokens.includes(key))) return undefined;
  if (!Number.isInteger(skip) || (skip as number) < 0) return undefined;
  const values: TokenValues = {};
  for (const name of inputTokens) values[name] = tokens[name] ?? null;
  return { tokens: values, skip: skip as number };
}

function decodeLegacy(token: string, inputTokens: readonly string[]): StartingPoint {
  let parts = token.split('___');
  let skip = 0;
  if (parts.length === inputTokens.length + 1) {
    const last = parts.at(-1)!;
    if (/^\d+$/.test(last)) {
      skip = Number(last);
      parts = parts.slice(0, -1);
    } else {
      parts = [token];
    }
  }
  if (parts.length > inputTokens.length) throw new TypeError(`Bad starting token: expected at most ${inputTokens.length} value(s)`);
  const values: TokenValues = {};
  inputTokens.forEach((name, index) => {
    const part = parts[index];
    values[name] = part === undefined || part === 'None' ? null : part;
  });
  return { tokens: values, skip };
}
