import { contentTypeOfKey } from '../../core/extract-text.js';

/** The media types of the formats whose text the local service extracts, and their Kendra content types. */
const MEDIA_TYPES: Record<string, string> = {
  'text/html': 'HTML',
  'application/xhtml+xml': 'HTML',
  'text/plain': 'PLAIN_TEXT',
  'text/markdown': 'MD',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'text/xml': 'XML',
  'application/xml': 'XML',
  'application/rtf': 'RTF',
  'text/rtf': 'RTF',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'MS_WORD',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPT',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'MS_EXCEL',
};

/** The content types of pages that are text: decoded from their encoding (see `decodePage`) and stored as UTF-8. */
export const TEXT_TYPES: ReadonlySet<string> = new Set(['HTML', 'PLAIN_TEXT', 'MD', 'CSV', 'JSON', 'XML']);

/**
 * The Kendra content type of a fetched page from its media type; for a generic one
 * (`application/octet-stream` or none), from its URL path's extension when that names a
 * format. Undefined for formats the local service cannot read (images, say): not documents.
 */
export function crawledContentType(mediaType: string, url: URL): string | undefined {
  const known = MEDIA_TYPES[mediaType];
  if (known) return known;
  if (mediaType !== '' && mediaType !== 'application/octet-stream') return undefined;
  const byExtension = contentTypeOfKey(url.pathname);
  // contentTypeOfKey says PLAIN_TEXT for any extension it does not know
  return byExtension !== 'PLAIN_TEXT' || /\.te?xt$/i.test(url.pathname) ? byExtension : undefined;
}
