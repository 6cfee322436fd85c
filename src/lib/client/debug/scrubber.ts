/** What scrubbed values are replaced by. */
export const PLACEHOLDERS = {
  accessKey: '[access key]',
  secret: '[secret]',
  sessionToken: '[session token]',
  signature: '[signature]',
  sensitive: '[sensitive]',
} as const;

/** Values shorter than this are not replaced wherever they appear (they would mangle ordinary text). */
const MIN_LITERAL_LENGTH = 8;

const TEXT_RULES: ReadonlyArray<[RegExp, string]> = [
  // `Signature=<hex>` in an Authorization header, `X-Amz-Signature=<hex>` in a presigned query.
  [/(Signature=)[0-9a-fA-F]+/g, `$1${PLACEHOLDERS.signature}`],
  // The access key id in `Credential=AKID/20240101/…` (or its URL-encoded `%2F` form).
  [/(Credential=)[^/\s,&%]+(\/|%2F)/gi, `$1${PLACEHOLDERS.accessKey}$2`],
  // A session token as a header line, a JSON property or a query parameter.
  [/(x-amz-security-token"?\s*[:=]\s*"?)[^\s",&]+/gi, `$1${PLACEHOLDERS.sessionToken}`],
];

const SECRET_HEADER = /secret|password|credential/i;

/**
 * Removes authentication data from what the debug trace prints: signatures, the access key of a
 * `Credential=` scope, session tokens, the values of secret-looking headers, and — once it has
 * seen a signed request — that request's access key and token wherever else they appear. Disabled, it returns
 * everything unchanged (`scrub_auth: false`).
 */
export class Scrubber {
  /** False when `scrub_auth` turned scrubbing off. */
  readonly enabled: boolean;
  private readonly literals = new Map<string, string>();

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /**
   * Remembers the access key (from the `Credential=` scope) and the session token of a signed
   * request, so that they are replaced wherever else they appear.
   */
  learn(headers: Record<string, string>): void {
    if (!this.enabled) return;
    const key = /Credential=([^/\s,]+)\//.exec(headers.authorization ?? '')?.[1];
    this.remember(headers['x-amz-security-token'], PLACEHOLDERS.sessionToken);
    this.remember(key, PLACEHOLDERS.accessKey);
  }

  /** Scrubs free text (a header block, a URL, a message). */
  text(value: string): string {
    if (!this.enabled) return value;
    let result = value;
    for (const [secret, placeholder] of this.literals) result = result.split(secret).join(placeholder);
    for (const [pattern, replacement] of TEXT_RULES) result = result.replace(pattern, replacement);
    return result;
  }

  /** Scrubs one header value, knowing its (lower-case) name. */
  header(name: string, value: string): string {
    if (!this.enabled) return value;
    const lower = name.toLowerCase();
    if (lower === 'x-amz-security-token') return PLACEHOLDERS.sessionToken;
    if (SECRET_HEADER.test(lower)) return PLACEHOLDERS.secret;
    return this.text(value);
  }

  /** Scrubs a raw HTTP header block (`name: value` lines), line by line. */
  headerBlock(block: string): string {
    if (!this.enabled) return block;
    return block
      .split('\r\n')
      .map((line) => {
        const colon = line.indexOf(':');
        return colon <= 0 ? this.text(line) : `${line.slice(0, colon)}: ${this.header(line.slice(0, colon).trim(), line.slice(colon + 1).trim())}`;
      })
      .join('\r\n');
  }

  private remember(value: string | undefined, placeholder: string): void {
    if (value && value.length >= MIN_LITERAL_LENGTH) this.literals.set(value, placeholder);
  }
}
