import { extname } from 'node:path';
import type { ContentType } from '../services/search/types.js';

/** File name extensions (lower case, with the dot) and the content type they are sent as. */
export const CONTENT_TYPES_BY_EXTENSION: Readonly<Record<string, ContentType>> = {
  '.txt': 'PLAIN_TEXT',
  '.text': 'PLAIN_TEXT',
  '.md': 'MD',
  '.markdown': 'MD',
  '.html': 'HTML',
  '.htm': 'HTML',
  '.json': 'JSON',
  '.pdf': 'PDF',
  '.doc': 'MS_WORD',
  '.docx': 'MS_WORD',
  '.ppt': 'PPT',
  '.pptx': 'PPT',
  '.xls': 'MS_EXCEL',
  '.xlsx': 'MS_EXCEL',
  '.rtf': 'RTF',
  '.xml': 'XML',
  '.xsl': 'XSLT',
  '.xslt': 'XSLT',
  '.csv': 'CSV',
};

/** The suffix of a metadata sidecar: `report.pdf.metadata.json` describes `report.pdf`. */
export const SIDECAR_SUFFIX = '.metadata.json';

/** The content type a file is sent as, from its extension; undefined for a type the service does not index. */
export function contentTypeOf(path: string): ContentType | undefined {
  return CONTENT_TYPES_BY_EXTENSION[extname(path).toLowerCase()];
}

/** Content types that carry no title of their own: such a file is titled by its name (as the S3 connector does). */
export const UNTITLED_TYPES: ReadonlySet<ContentType> = new Set<ContentType>(['PLAIN_TEXT', 'CSV', 'JSON']);

/**
 * What a directory entry named `name` is to a load: a `document` (a known extension), `sniff`
 * (no extension: a document when its content is text), a `sidecar` (read with its document),
 * or a reason it is skipped.
 */
export type FileKind = { kind: 'document' | 'sniff' | 'sidecar' } | { kind: 'skip'; reason: string };

/** Classifies a file by its name; see {@link FileKind}. */
export function fileKind(name: string): FileKind {
  if (name.startsWith('.')) return { kind: 'skip', reason: 'a hidden file' };
  if (name.toLowerCase().endsWith(SIDECAR_SUFFIX)) return { kind: 'sidecar' };
  const extension = extname(name);
  if (extension === '') return { kind: 'sniff' };
  if (contentTypeOf(name) !== undefined) return { kind: 'document' };
  return { kind: 'skip', reason: `${extension.toLowerCase()} is not a type the service indexes` };
}
