/** How far into an HTML page a `<meta>` declaration of its encoding is looked for (the HTML standard's prescan). */
export const PRESCAN_BYTES = 1024;

const BOMS: ReadonlyArray<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/** The encoding of a label as the Encoding Standard names it (`latin1` is windows-1252), or undefined for a label it does not know. */
function encodingOf(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(body: Uint8Array): string | undefined {
  return BOMS.find(([bytes]) => bytes.every((byte, at) => body[at] === byte))?.[1];
}

/** The charset of a `content` attribute or Content-Type value (`text/html; charset="shift_jis"`), as the HTML standard extracts it. */
export function charsetParameter(value: string): string | undefined {
  const match = /charset\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s;"']+))/i.exec(value);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The attributes of a tag's text after its name (`charset=utf-8 http-equiv="Content-Type"`), names in lower case; the first of a name counts. */
function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/**
 * The encoding a `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">`
 * in the first 1,024 bytes declares, as the HTML standard's prescan finds it (comments
 * skipped, the first declaration that names a known encoding wins; UTF-16 read as UTF-8 and
 * x-user-defined as windows-1252, as it says).
 */
export function prescanEncoding(body: Uint8Array): string | undefined {
  const head = Buffer.from(body.subarray(0, PRESCAN_BYTES))
    .toString('latin1')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '');
  for (const tag of head.matchAll(/<meta[\s/]([^>]*)/gi)) {
    const found = attributes(tag[1]!);
    const httpEquiv = found.get('http-equiv')?.toLowerCase() === 'content-type';
    const label = found.get('charset') ?? (httpEquiv ? charsetParameter(found.get('content') ?? '') : undefined);
    // x-user-defined (which Node's decoder lacks) is read as windows-1252, as the standard says
    const encoding = label?.trim().toLowerCase() === 'x-user-defined' ? 'windows-1252' : encodingOf(label);
    if (encoding === undefined) continue;
    return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
  }
  return undefined;
}

/**
 * The text of a fetched page, decoded as a browser decodes it (the HTML standard's encoding
 * sniffing): a byte order mark first, then the HTTP Content-Type's charset, then (for HTML) a
 * `<meta>` declaration in its first 1,024 bytes, else UTF-8. Labels are the Encoding
 * Standard's (`iso-8859-1` and `latin1` are windows-1252); one it does not know is passed
 * over. Bytes invalid in the encoding become U+FFFD.
 */
export function decodePage(body: Uint8Array, headerCharset: string | undefined, html: boolean): string {
  const encoding = bomEncoding(body) ?? encodingOf(headerCharset) ?? (html ? prescanEncoding(body) : undefined) ?? 'utf-8';
  const text = new TextDecoder(encoding).decode(body);
  return encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c1) => WINDOWS_1252_C1[c1.charCodeAt(0) - 0x80]!) : text;
}

/**
 * What windows-1252 has at 0x80–0x9F (the Encoding Standard's index; the five it leaves
 * undefined stay C1 controls). Node 20's decoder reads windows-1252 (and so `iso-8859-1` and
 * `latin1`) as ISO-8859-1, which has C1 controls there: `€` would come out as U+0080.
 */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));
