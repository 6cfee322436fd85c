import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { FailureRecord } from './types.js';

/** Writes failed documents as JSON Lines, one `{"id","code","message"[,"line"][,"path"]}` object a line. */
export class FailuresFile {
  readonly path: string;
  readonly #stream: WriteStream;
  #error: Error | undefined;

  private constructor(path: string, stream: WriteStream) {
    this.path = path;
    this.#stream = stream;
    stream.on('error', (error) => {
      this.#error ??= error;
    });
  }

  /** Creates (or truncates) the file; rejects with a one-line error when it cannot be opened. */
  static async open(path: string): Promise<FailuresFile> {
    const stream = createWriteStream(path, { flags: 'w' });
    try {
      await once(stream, 'open');
    } catch (error) {
      throw new Error(`cannot write the failures file ${path}: ${(error as Error).message}`, { cause: error });
    }
    return new FailuresFile(path, stream);
  }

  /** Appends one record; returns false when the caller should wait for {@link drained}. */
  write(record: FailureRecord): boolean {
    const line: FailureRecord = { id: record.id, code: record.code, message: record.message };
    if (record.line !== undefined) line.line = record.line;
    if (record.path !== undefined) line.path = record.path;
    return this.#stream.write(`${JSON.stringify(line)}\n`);
  }

  /** Resolves when the buffered lines have been handed to the file. */
  async drained(): Promise<void> {
    this.#check();
    if (this.#stream.writableNeedDrain) await once(this.#stream, 'drain');
  }

  /** Flushes and closes the file; rejects if any write failed. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#stream.end(resolve));
    this.#check();
  }

  #check(): void {
    if (this.#error) throw new Error(`cannot write the failures file ${this.path}: ${this.#error.message}`, { cause: this.#error });
  }
}
