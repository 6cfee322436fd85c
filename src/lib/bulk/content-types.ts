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

/** True for a file that is a document to send: a known extension, not a sidecar, not hidden. */
export function isDocumentFile(name: string): boolean {
  return !name.startsWith('.') && !name.toLowerCase().endsWith(SIDECAR_SUFFIX) && contentTypeOf(name) !== undefined;
}
