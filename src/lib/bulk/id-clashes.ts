import { BulkInputError } from '../errors/bulk-input-error.js';
import type { SourceItem } from './types.js';

/** A document id and where a document with it comes from (a path, or `line N`). */
export interface IdOrigin {
  id: string;
  where: string;
}

/** An id more than one document of a run would be sent with, and where each comes from. */
export interface IdClash {
  id: string;
  origins: string[];
}

/**
 * The ids that more than one of `origins` has. Ids are compared exactly, as the service
 * compares them: document ids are case-sensitive, in Amazon Kendra and in the local service.
 */
export async function findIdClashes(origins: AsyncIterable<IdOrigin>): Promise<IdClash[]> {
  const seen = new Map<string, string | string[]>();
  for await (const { id, where } of origins) {
    const before = seen.get(id);
    if (before === undefined) seen.set(id, where);
    else if (typeof before === 'string') seen.set(id, [before, where]);
    else before.push(where);
  }
  const clashes: IdClash[] = [];
  for (const [id, origins] of seen) if (Array.isArray(origins)) clashes.push({ id, origins });
  return clashes;
}

/** Throws a {@link BulkInputError} listing the clashes, when there are any. */
export function refuseIdClashes(clashes: readonly IdClash[], hint: string): void {
  if (clashes.length === 0) return;
  const count = clashes.length === 1 ? '1 document id is' : `${clashes.length} document ids are`;
  throw new BulkInputError(
    `${count} given to more than one document, and the later one would replace the earlier: nothing was sent; ${hint}`,
    clashes.map((clash) => `${clash.id}: ${clash.origins.join(', ')}`),
  );
}

/**
 * Passes a source on, failing (code `DuplicateId`, not sent) every document whose id an
 * earlier document of the run had: the guard for inputs that cannot be read twice to look for
 * clashes first, such as standard input.
 */
export async function* refuseRepeatedIds<T>(source: AsyncIterable<SourceItem<T>>): AsyncGenerator<SourceItem<T>> {
  // The line number (or path) of the first document of each id: a number keeps the map small.
  const seen = new Map<string, number | string>();
  for await (const item of source) {
    if (item.kind !== 'item') {
      yield item;
      continue;
    }
    const first = seen.get(item.id);
    if (first === undefined) {
      seen.set(item.id, item.ref.line ?? item.ref.path ?? 'an earlier document');
      yield item;
    } else {
      const where = typeof first === 'number' ? `line ${first}` : first;
      yield { kind: 'failure', id: item.id, code: DUPLICATE_ID, message: `not sent: ${where} has the same id, and it was read first`, ref: item.ref };
    }
  }
}

/** The failure code of a document not sent because an earlier one of the run had its id. */
export const DUPLICATE_ID = 'DuplicateId';
