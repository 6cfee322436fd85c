import type { AttrValue } from '../core/attributes.js';
import type { CachedDoc } from './doc-cache.js';

/**
 * The value of a field for a document: stored attributes, and the fields the service
 * computes (`_document_id`, `_document_title`, `_view_count`, `_data_source_id`).
 */
export function docValue(doc: CachedDoc, key: string): AttrValue | undefined {
  switch (key) {
    case '_document_id':
      return { t: 'STRING_VALUE', v: doc.docId };
    case '_document_title':
      return doc.title === null ? undefined : { t: 'STRING_VALUE', v: doc.title };
    case '_view_count':
      return { t: 'LONG_VALUE', v: doc.viewCount };
    default:
      return doc.attrs[key];
  }
}
