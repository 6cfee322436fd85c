import { open, readFile, type FileHandle } from 'node:fs/promises';
import { BulkInputError } from '../errors/bulk-input-error.js';
import type { RunStateStore } from './types.js';

/** The first line of a state file: what it is and the index its documents went to. */
interface StateHeader {
  nimbusBulkState: 1;
  indexId: string;
}

/** Reads a state file: the fingerprint of every id acknowledged (the last line of an id wins); undefined when there is no file. */
async function readState(path: string, indexId: string): Promise<Map<string, string> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BulkInputError(`cannot read the state file ${path}: ${(error as Error).message}`);
  }
  const lines = text.split('\n');
  let header: Partial<StateHeader> | undefined;
  try {
    header = JSON.parse(lines[0] ?? '') as Partial<StateHeader>;
  } catch {
    // Checked below.
  }
  if (header?.nimbusBulkState !== 1) throw new BulkInputError(`${path} is not a nimbus state file (give a new path, or the file of an earlier run)`);
  if (header.indexId !== indexId)
    throw new BulkInputError(`the state file ${path} records documents sent to index ${header.indexId}, not ${indexId}: give another state file`);
  const acknowledged = new Map<string, string>();
  for (const line of lines.slice(1)) {
    if (line === '') continue;
    let record: { id?: unknown; sha256?: unknown };
    try {
      record = JSON.parse(line) as { id?: unknown; sha256?: unknown };
    } catch {
      continue; // A line cut short by a crash: its batch was not recorded as acknowledged.
    }
    if (typeof record.id === 'string' && typeof record.sha256 === 'string') acknowledged.set(record.id, record.sha256);
  }
  return acknowledged;
}

/**
 * The state of a resumable bulk put, kept in a file: a header line, then one JSON line
 * `{"id","sha256"}` for every document the service acknowledged, appended and flushed to disk
 * (fsync) once per acknowledged answer. A run that is stopped any way (Ctrl-C, a crash, a
 * power cut) loses at most the answers not yet flushed, whose documents the next run sends
 * again; a line cut short is ignored. The next run with the same file skips the documents
 * whose id and fingerprint it lists. The file is bound to one index.
 */
export class RunStateFile implements RunStateStore {
  readonly path: string;
  readonly #acknowledged: Map<string, string>;
  readonly #handle: FileHandle;
  #writing: Promise<void> = Promise.resolve();
  #error: Error | undefined;

  private constructor(path: string, acknowledged: Map<string, string>, handle: FileHandle) {
    this.path = path;
    this.#acknowledged = acknowledged;
    this.#handle = handle;
  }

  /**
   * Opens the state file of `indexId`, creating it when there is none.
   * @throws BulkInputError when the file is not a state file, is bound to another index, or cannot be read or written.
   */
  static async open(path: string, indexId: string): Promise<RunStateFile> {
    const acknowledged = await readState(path, indexId);
    let handle: FileHandle;
    try {
      handle = await open(path, 'a');
      if (acknowledged === undefined) {
        const header: StateHeader = { nimbusBulkState: 1, indexId };
        await handle.appendFile(`${JSON.stringify(header)}\n`);
        await handle.sync();
      } else {
        // A crash may have cut the last line short: start the next on a line of its own.
        const { size } = await handle.stat();
        const last = Buffer.alloc(1);
        const reader = await open(path, 'r');
        await reader.read(last, 0, 1, size - 1).finally(() => reader.close());
        if (last[0] !== 0x0a) await handle.appendFile('\n');
      }
    } catch (error) {
      throw new BulkInputError(`cannot write the state file ${path}: ${(error as Error).message}`);
    }
    return new RunStateFile(path, acknowledged ?? new Map(), handle);
  }

  /** Ids the file lists as acknowledged. */
  get size(): number {
    return this.#acknowledged.size;
  }

  unchanged(id: string, fingerprint: string): boolean {
    return this.#acknowledged.get(id) === fingerprint;
  }

  acknowledged(items: readonly { id: string; fingerprint: string }[]): void {
    if (items.length === 0) return;
    const text = items.map((item) => `${JSON.stringify({ id: item.id, sha256: item.fingerprint })}\n`).join('');
    this.#writing = this.#writing.then(async () => {
      if (this.#error) return;
      try {
        await this.#handle.appendFile(text);
        await this.#handle.sync();
      } catch (error) {
        this.#error = error as Error;
      }
    });
  }

  /** Waits for the records queued, and closes the file; rejects when any could not be written. */
  async close(): Promise<void> {
    await this.#writing;
    await this.#handle.close();
    if (this.#error) throw new Error(`cannot write the state file ${this.path}: ${this.#error.message}`, { cause: this.#error });
  }
}
