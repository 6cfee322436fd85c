import type Database from 'better-sqlite3';
import { documentCount, isStoredDocument } from './document-store.js';
import { documentQuota, type IndexRow } from './index-store.js';

/** The extra storage capacity units of an index. */
export function storageUnits(index: IndexRow): number {
  return (JSON.parse(index.settings) as { CapacityUnits?: { StorageCapacityUnits?: number } }).CapacityUnits?.StorageCapacityUnits ?? 0;
}

/**
 * The room an index has for new documents, as Kendra counts it: over its document quota each
 * new document fails with `InvalidRequest` (replacing a stored one always fits). `admit` takes
 * the room of one document, or answers why there is none.
 */
export function documentRoom(db: Database.Database, index: IndexRow): { admit(docId: string): string | null } {
  const quota = documentQuota(index.edition, storageUnits(index));
  let room = quota - documentCount(db, index.rowid);
  return {
    admit(docId) {
      if (isStoredDocument(db, index.rowid, docId)) return null;
      if (room <= 0) return `Index ${index.id} holds its maximum of ${quota} documents (${index.edition}); add storage capacity or delete documents first.`;
      room -= 1;
      return null;
    },
  };
}
