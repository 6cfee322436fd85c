/** SQLite's answers when a database file's pages or header are not what they should be. */
const DAMAGE_CODES: ReadonlySet<unknown> = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_SEQUENCE',
  'SQLITE_CORRUPT_INDEX',
  'SQLITE_NOTADB',
]);

/** Whether a failure is SQLite finding the database damaged (corrupt pages, a header that is not a database's). */
export function isStoreDamaged(error: unknown): boolean {
  return DAMAGE_CODES.has((error as { code?: unknown } | null)?.code);
}

/** A path as one shell word: as it is when it has no special characters, else single-quoted. */
function shellWord(path: string): string {
  return /^[\w./~-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}

/**
 * A data dir the local service refuses to serve: its database is damaged (corrupt pages, a
 * missing table). The message is one line that names the data dir, what is wrong and how to
 * recover (`nimbus local repair`).
 */
export class DamagedStoreError extends Error {
  override readonly name = 'DamagedStoreError';

  /**
   * @param dataDir - the damaged data dir
   * @param problem - what is wrong, in a few words (the first problem found)
   */
  constructor(
    readonly dataDir: string,
    readonly problem: string,
  ) {
    super(
      `the data dir ${dataDir} is damaged (${problem}); stop every process that uses it and run "nimbus local repair --data-dir ${shellWord(dataDir)}", which keeps a copy of the damaged database`,
    );
  }
}
