import { lineSource, type LineInput } from './line-reader.js';
import type { ItemSource, SourceItem, SourceRef } from './types.js';

/** The longest document id the service takes, in characters. */
export const MAX_DOCUMENT_ID_LENGTH = 2048;

/** A source item for one document id to delete (a failure for an id the service would reject). */
export function idEntry(id: string, ref: SourceRef): SourceItem<string> {
  if (id.length > MAX_DOCUMENT_ID_LENGTH) {
    return { kind: 'failure', id, code: 'InvalidDocumentId', message: `the id has ${id.length} characters; the limit is ${MAX_DOCUMENT_ID_LENGTH}`, ref };
  }
  return { kind: 'item', id, item: id, bytes: Buffer.byteLength(id) + 3, contentBytes: 0, ref };
}

/** Document ids given as a list (e.g. `--document-id-list`); empty ids are failures. */
export function idListSource(ids: Iterable<string>): ItemSource<string> {
  return {
    async *[Symbol.asyncIterator]() {
      for (const id of ids) {
        yield id === '' ? { kind: 'failure', id: null, code: 'InvalidDocumentId', message: 'the id is empty', ref: {} } : idEntry(id, {});
      }
    },
  };
}

/** Document ids one a line (a file, `-` for standard input, or a stream); blank lines are skipped. */
export function idLinesSource(input: LineInput, signal: AbortSignal): ItemSource<string> {
  return lineSource(input, signal, idEntry);
}
