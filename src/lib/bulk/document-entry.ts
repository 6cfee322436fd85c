import type { Client } from '../client/client.js';
import type { SearchDocument } from '../services/search/types.js';
import { CLIENT_POLICY } from '../validation/client-policy.js';
import { checkValue } from '../validation/shape-validator.js';
import type { SourceItem, SourceRef } from './types.js';

/** The largest document blob the service takes (50 MB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** Checks one document against the model; returns its problems (none when valid). */
export type DocumentCheck = (document: SearchDocument) => string[];

/**
 * The model check of a single `Document`, when the client validates input (its `validate`
 * option): a bad document then fails alone instead of failing its whole batch.
 */
export function documentCheck(client: Client): DocumentCheck | undefined {
  if (client.getConfig('validate') === false) return undefined;
  const shape = client.getApi().shape('Document');
  if (!shape) return undefined;
  return (document) => checkValue(shape, document, CLIENT_POLICY, ['Document']).problems;
}

/** What turning documents into entries needs. */
export interface EntryRules {
  check?: DocumentCheck;
  /** The largest blob accepted, in bytes; {@link MAX_DOCUMENT_BYTES} unless given. */
  maxDocumentBytes?: number;
}

/** The byte length of a document's blob. */
export function blobLength(blob: SearchDocument['Blob']): number {
  if (blob === undefined) return 0;
  return typeof blob === 'string' ? Buffer.byteLength(blob) : blob.byteLength;
}

/**
 * A source item for a document: an entry with its weight in a request (base64 blob plus the
 * JSON of the other members), or a failure (`DocumentTooLarge`, `InvalidDocument`).
 */
export function documentEntry(document: SearchDocument, ref: SourceRef, rules: EntryRules): SourceItem<SearchDocument> {
  const contentBytes = blobLength(document.Blob);
  const limit = rules.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  if (contentBytes > limit) {
    return { kind: 'failure', id: document.Id, code: 'DocumentTooLarge', message: `the document has ${contentBytes} bytes; the limit is ${limit}`, ref };
  }
  const problems = rules.check?.(document) ?? [];
  if (problems.length > 0) {
    const id = typeof document.Id === 'string' ? document.Id : null;
    return { kind: 'failure', id, code: 'InvalidDocument', message: problems.join('; '), ref };
  }
  const { Blob: _blob, ...rest } = document;
  const bytes = Math.ceil(contentBytes / 3) * 4 + JSON.stringify(rest).length + 16;
  return { kind: 'item', id: document.Id, item: document, bytes, contentBytes, ref };
}
