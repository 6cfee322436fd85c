import { createHash } from 'node:crypto';

/** The key relevance feedback and result ids use for a document, an FAQ entry or an answer extracted from a document. */
export function resultKey(kind: 'doc' | 'faq' | 'answer', id: string): string {
  return `${kind}:${id}`;
}

/**
 * The id of a result: the query id, a dash, and 36 characters derived from the result's key,
 * so that it is stable within a query and at most 73 characters long.
 */
export function resultId(queryId: string, key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${queryId}-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The opaque feedback token of a result. */
export function feedbackToken(queryId: string, id: string): string {
  return `${Buffer.from(queryId).toString('base64url')}.${Buffer.from(id).toString('base64url')}`;
}

/** The normalized text relevance feedback is remembered under. */
export function queryKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
