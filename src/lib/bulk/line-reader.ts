import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ItemSource, SourceItem, SourcePosition, SourceRef } from './types.js';
import { checkedUtf8, checkUtf8File, InvalidUtf8InputError } from './utf8-guard.js';

/** Where lines come from: a file path, `-` for standard input, or a readable stream. */
export type LineInput = string | NodeJS.ReadableStream;

/** One line, without its line break. */
export interface Line {
  /** 1-based. */
  number: number;
  text: string;
}

/** Lines read one at a time, with how far into the file the reading is (files only). */
export interface LineReader extends AsyncIterable<Line> {
  position(): SourcePosition | undefined;
}

/** A one-line description of a read failure. */
function readError(name: string, error: unknown): Error {
  if (error instanceof InvalidUtf8InputError) return error;
  const cause = error as NodeJS.ErrnoException;
  const reason = cause?.code === 'ENOENT' ? 'no such file' : (cause?.message ?? String(error));
  return new Error(`cannot read ${name}: ${reason}`, { cause: error });
}

/**
 * Reads `input` line by line (LF or CRLF), streaming: only the current line is in memory.
 * Stops when `signal` aborts. A file that cannot be read fails the first iteration with a
 * one-line error naming it.
 */
export function readLines(input: LineInput, signal: AbortSignal): LineReader {
  const name = typeof input === 'string' ? (input === '-' ? 'standard input' : input) : 'the input stream';
  const isFile = typeof input === 'string' && input !== '-';
  let consumed = 0;
  let total: number | undefined;
  return {
    position: () => (total === undefined ? undefined : { done: Math.min(consumed, total), total }),
    async *[Symbol.asyncIterator]() {
      let stream: NodeJS.ReadableStream;
      if (isFile) {
        let stats;
        try {
          stats = statSync(input as string);
        } catch (error) {
          throw readError(name, error);
        }
        if (stats.isDirectory()) throw new Error(`cannot read ${name}: it is a directory`);
        if (stats.isFile()) {
          total = stats.size;
          // A regular file is checked whole first: text that is not UTF-8 refuses the run before anything is sent.
          try {
            await checkUtf8File(input as string, name, signal);
          } catch (error) {
            if (signal.aborted) return;
            throw readError(name, error);
          }
        }
        stream = createReadStream(input as string, { signal });
      } else stream = input === '-' ? process.stdin : (input as NodeJS.ReadableStream);
      const lines = createInterface({ input: checkedUtf8(stream, name), crlfDelay: Infinity });
      const close = (): void => lines.close();
      signal.addEventListener('abort', close, { once: true });
      let number = 0;
      try {
        for await (const text of lines) {
          number++;
          consumed += Buffer.byteLength(text) + 1;
          yield { number, text };
        }
      } catch (error) {
        if (signal.aborted) return;
        throw readError(name, error);
      } finally {
        signal.removeEventListener('abort', close);
        lines.close();
      }
    },
  };
}

/** The items of the non-blank lines of `input`, each made by `parse` (with its line number), with the reading position. */
export function lineSource<T>(input: LineInput, signal: AbortSignal, parse: (text: string, ref: SourceRef) => SourceItem<T>): ItemSource<T> {
  const lines = readLines(input, signal);
  return {
    position: () => lines.position(),
    async *[Symbol.asyncIterator]() {
      for await (const line of lines) {
        if (line.text.trim() === '') continue;
        yield parse(line.text, { line: line.number });
      }
    },
  };
}
