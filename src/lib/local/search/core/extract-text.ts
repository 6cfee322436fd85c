import { ExtractionError } from './extract/extraction-error.js';
import type { ExtractedText } from './extract/extracted-text.js';
import { extractedOrPending } from './extract/pending-extractions.js';
import { htmlTables } from './extract/html-tables.js';

export { ExtractionError } from './extract/extraction-error.js';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Collapses runs of blanks into one space and blank lines into one newline. The patterns match
 * only what changes (a lone space or newline is left alone), so clean text of megabytes is not
 * rebuilt piece by piece.
 */
function tidy(text: string): string {
  return text
    .replace(/[ \t\f\v\u00a0]*[\t\f\v\u00a0][ \t\f\v\u00a0]*| {2,}/g, ' ')
    .replace(/ +\n[ \n]*|\n[ \n]+/g, '\n')
    .trim();
}

function markupToText(markup: string): ExtractedText {
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(markup);
  const body = markup
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|head|title)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|header|footer|blockquote|pre)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ');
  const title = titleMatch ? tidy(decodeEntities(titleMatch[1]!.replace(/<[^>]*>/g, ' '))) : '';
  return { text: tidy(decodeEntities(body)), ...(title ? { title } : {}) };
}

/** The title a Markdown file's name gives (`guide/getting-started.md` → `getting-started`), if it is one. */
function titleFromFileName(name: string | undefined): string | undefined {
  const match = name === undefined ? null : /([^/\\]+)\.(md|markdown)$/i.exec(name);
  return match ? match[1] : undefined;
}

function markdownToText(markdown: string, name?: string): ExtractedText {
  const heading = /^#\s+(.+)$/m.exec(markdown);
  const title = heading ? heading[1]!.trim() : titleFromFileName(name);
  const text = markdown
    .replace(/```[^\n]*\n/g, '\n')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/<[^>]*>/g, ' ');
  return { text: tidy(decodeEntities(text)), ...(title ? { title } : {}) };
}

function jsonToText(source: string): ExtractedText {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw new ExtractionError(`the JSON document is not valid JSON: ${(error as Error).message}`);
  }
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') parts.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(parsed);
  return { text: tidy(parts.join('\n')) };
}

function rtfToText(source: string): ExtractedText {
  if (!source.startsWith('{\\rtf')) throw new ExtractionError('the RTF document does not start with {\\rtf');
  const text = source
    .replace(/\{\\\*[^{}]*\}/g, ' ')
    .replace(/\\'([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\(par|line)\b ?/g, '\n')
    .replace(/\\[a-z]+-?\d* ?/gi, '')
    .replace(/\\([{}\\])/g, '$1')
    .replace(/[{}]/g, '');
  return { text: tidy(text) };
}

/** The content types whose text the local service extracts. */
const EXTRACTABLE_TYPES = ['PLAIN_TEXT', 'HTML', 'XML', 'XSLT', 'MD', 'JSON', 'CSV', 'RTF', 'PDF', 'MS_WORD', 'PPT', 'MS_EXCEL'] as const;

/** PDF and the Office formats, read by libraries loaded on the first such document. */
const BINARY_TYPES: ReadonlySet<string> = new Set(['PDF', 'MS_WORD', 'PPT', 'MS_EXCEL']);

/** How long reading one PDF or Office document may take unless the caller says otherwise. */
export const DEFAULT_EXTRACT_TIME_LIMIT_MS = 30_000;

/** The most characters of text kept from one document; the rest is not indexed. */
export const MAX_TEXT_CHARS = 5 * 1024 * 1024;

function bounded(extracted: ExtractedText): ExtractedText {
  const text = tidy(extracted.text);
  return { ...extracted, text: text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text };
}

function textOf(bytes: Buffer, contentType: string, name?: string): ExtractedText {
  // Buffer decoding keeps ASCII text in one byte per character (half what a decoder's string takes)
  const decoded = bytes.toString('utf8');
  const source = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  switch (contentType) {
    case 'PLAIN_TEXT':
    case 'CSV':
      return { text: source };
    case 'HTML': {
      const tables = htmlTables(source, (html) => tidy(decodeEntities(html.replace(/<[^>]*>/g, ' '))));
      return { ...markupToText(source), ...(tables.length > 0 ? { tables } : {}) };
    }
    case 'XML':
    case 'XSLT':
      return markupToText(source);
    case 'MD':
      return markdownToText(source, name);
    case 'JSON':
      return jsonToText(source);
    case 'RTF':
      return rtfToText(source);
    default:
      throw new ExtractionError(`the local service cannot extract text from ${contentType} documents; send one of ${EXTRACTABLE_TYPES.join(', ')}`);
  }
}

async function binaryTextOf(bytes: Buffer, contentType: string, timeLimitMs: number): Promise<ExtractedText> {
  const { extractInWorker } = await import('./extract/extract-pool.js');
  return bounded(await extractInWorker(bytes, contentType, MAX_TEXT_CHARS, timeLimitMs));
}

/**
 * The text of a document's bytes in `contentType`: HTML and XML without markup (and the
 * HTML `<title>`), Markdown without its syntax (and its first `#` heading, else the name of a
 * `.md` file given as `name`, such as a document id that is a path or S3 URL), JSON as its string
 * values, CSV and plain text as they are; PDF (pdf.js), Word .docx, PowerPoint .pptx and Excel
 * .xlsx as their text and document title, read in a worker thread that is stopped past the
 * limit. At most {@link MAX_TEXT_CHARS} characters are kept.
 * Throws an {@link ExtractionError} saying why a document cannot be read (corrupt, encrypted,
 * a legacy binary Office format, or read for longer than `timeLimitMs`, 30 s unless given).
 */
export async function extractText(bytes: Buffer, contentType: string, name?: string, timeLimitMs = DEFAULT_EXTRACT_TIME_LIMIT_MS): Promise<ExtractedText> {
  if (BINARY_TYPES.has(contentType)) return binaryTextOf(bytes, contentType, timeLimitMs);
  return bounded(textOf(bytes, contentType, name));
}

/**
 * {@link extractText} for a caller that cannot wait, such as a sync job's step inside its write
 * transaction: text formats are read at once; PDF and Office documents are read in the
 * background and, until their text is ready, an `ExtractionPending` error (from
 * ./pending-results.js) asks the caller to come back on a later step. Those are
 * read within `timeLimitMs` as {@link extractText} reads them.
 */
export function extractTextNow(bytes: Buffer, contentType: string, name?: string, timeLimitMs = DEFAULT_EXTRACT_TIME_LIMIT_MS): ExtractedText {
  if (BINARY_TYPES.has(contentType)) return extractedOrPending(bytes, contentType, () => binaryTextOf(bytes, contentType, timeLimitMs));
  return bounded(textOf(bytes, contentType, name));
}

const EXTENSIONS: Record<string, string> = {
  txt: 'PLAIN_TEXT',
  text: 'PLAIN_TEXT',
  html: 'HTML',
  htm: 'HTML',
  xml: 'XML',
  xslt: 'XSLT',
  xsl: 'XSLT',
  md: 'MD',
  markdown: 'MD',
  json: 'JSON',
  csv: 'CSV',
  rtf: 'RTF',
  pdf: 'PDF',
  doc: 'MS_WORD',
  docx: 'MS_WORD',
  ppt: 'PPT',
  pptx: 'PPT',
  xls: 'MS_EXCEL',
  xlsx: 'MS_EXCEL',
};

/** The content type a file name's extension implies; PLAIN_TEXT when it implies none. */
export function contentTypeOfKey(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (extension && EXTENSIONS[extension]) ?? 'PLAIN_TEXT';
}
