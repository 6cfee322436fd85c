import type { SearchDocument } from '../services/search/types.js';
import { documentEntry, type EntryRules } from './document-entry.js';
import { findIdClashes, refuseIdClashes, type IdOrigin } from './id-clashes.js';
import { lineSource, readLines, type LineInput } from './line-reader.js';
import type { ItemSource, SourceItem, SourceRef } from './types.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function failure(id: string | null, code: string, message: string, ref: SourceRef): SourceItem<SearchDocument> {
  return { kind: 'failure', id, code, message, ref };
}

/**
 * Parses one JSON Lines record: a `Document` in the API's JSON form, with `Blob` in base64, or
 * a plain-text `Text` member instead of `Blob` (sent as UTF-8, `PLAIN_TEXT` unless
 * `ContentType` says otherwise). A bad line is a failure with its line number, never an exception.
 */
export function parseJsonlDocument(text: string, ref: SourceRef, rules: EntryRules): SourceItem<SearchDocument> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure(null, 'InvalidJson', `not valid JSON: ${(error as Error).message}`, ref);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return failure(null, 'InvalidDocument', 'expected a JSON object (a Document)', ref);
  const { Text: plain, ...fields } = value as Record<string, unknown>;
  const id = typeof fields.Id === 'string' && fields.Id !== '' ? fields.Id : null;
  if (id === null) return failure(null, 'InvalidDocument', 'the document has no Id (a non-empty string)', ref);
  const document = fields as unknown as SearchDocument;
  if (plain !== undefined) {
    if (fields.Blob !== undefined) return failure(id, 'InvalidDocument', 'give either Blob or Text, not both', ref);
    if (typeof plain !== 'string') return failure(id, 'InvalidDocument', 'Text must be a string', ref);
    document.Blob = Buffer.from(plain, 'utf8');
    document.ContentType ??= 'PLAIN_TEXT';
  } else if (fields.Blob !== undefined) {
    if (typeof fields.Blob !== 'string' || !BASE64.test(fields.Blob)) return failure(id, 'InvalidDocument', 'Blob must be a base64 string', ref);
    document.Blob = Buffer.from(fields.Blob, 'base64');
  }
  return documentEntry(document, ref, rules);
}

/** Documents from JSON Lines (a file, `-` for standard input, or a stream), read line by line. Blank lines are skipped. */
export function jsonlSource(input: LineInput, rules: EntryRules, signal: AbortSignal): ItemSource<SearchDocument> {
  return lineSource(input, signal, (text, ref) => parseJsonlDocument(text, ref, rules));
}

/** The id of every line that parses as a document with one. */
async function* jsonlIds(path: string, signal: AbortSignal): AsyncGenerator<IdOrigin> {
  for await (const line of readLines(path, signal)) {
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      continue; // It fails when it is read, with no id.
    }
    const id = (value as { Id?: unknown } | null)?.Id;
    if (typeof id === 'string' && id !== '') yield { id, where: `line ${line.number}` };
  }
}

/**
 * Checks a JSON Lines file before anything is sent: no two lines have the same `Id`.
 * @throws BulkInputError listing the ids shared and their lines.
 */
export async function checkJsonlIds(path: string, signal: AbortSignal): Promise<void> {
  refuseIdClashes(await findIdClashes(jsonlIds(path, signal)), 'give each document its own Id');
}
