import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ServiceError } from '../protocol/errors.js';
import { badRequest, type MobileError } from './mobile-error.js';

/** The bounds an untrusted zip is read within. */
export interface ZipReadLimits {
  /** The most entries (files and folders). */
  maxEntries: number;
  /** The most bytes all entries may inflate to; counted while inflating, headers are not trusted. */
  maxTotalBytes: number;
  /** The entries whose data is kept (every entry is still inflated, to check the archive). */
  keep(name: string): boolean;
  /** The most bytes one kept entry may hold. */
  maxKeptBytes: number;
}

/**
 * Reads an untrusted zip held in memory and returns the data of the entries `limits.keep`
 * selects. Refuses, with a `BadRequestException`, an archive that is not a zip, entries with
 * absolute paths, `..` segments or backslashes, encrypted entries, more entries than allowed,
 * and archives that inflate past the size bounds (zip bombs), whatever their headers claim.
 */
export async function readZip(buffer: Buffer, limits: ZipReadLimits): Promise<Map<string, Buffer>> {
  const zip = await openZip(buffer);
  if (zip.entryCount > limits.maxEntries) {
    throw badRequest(`contents: the zip has ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed`);
  }
  return new Promise((resolve, reject) => {
    const kept = new Map<string, Buffer>();
    const state = { entries: 0, total: 0, done: false };
    const fail = (error: unknown): void => {
      if (state.done) return;
      state.done = true;
      zip.close();
      reject(error instanceof ServiceError ? error : badRequest(`contents: ${zipMessage(error)}`));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (state.done) return;
      state.done = true;
      resolve(kept);
    });
    zip.on('entry', (entry: Entry) => {
      if (++state.entries > limits.maxEntries) {
        fail(badRequest(`contents: the zip has more than ${limits.maxEntries} entries`));
        return;
      }
      if (entry.fileName.endsWith('/')) {
        zip.readEntry();
        return;
      }
      if (state.total + entry.uncompressedSize > limits.maxTotalBytes) {
        fail(bombError(limits));
        return;
      }
      inflate(zip, entry, limits, state, kept).then(() => {
        if (!state.done) zip.readEntry();
      }, fail);
    });
    zip.readEntry();
  });
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(badRequest(`contents are not a valid zip archive: ${zipMessage(error)}`));
      else resolve(zip);
    });
  });
}

function inflate(zip: ZipFile, entry: Entry, limits: ZipReadLimits, state: { total: number }, kept: Map<string, Buffer>): Promise<void> {
  const keep = limits.keep(entry.fileName);
  if (keep && kept.has(entry.fileName)) {
    return Promise.reject(badRequest(`contents: the zip holds ${entry.fileName} more than once`));
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(badRequest(`contents: cannot read zip entry ${entry.fileName}: ${zipMessage(error)}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        state.total += chunk.length;
        if (state.total > limits.maxTotalBytes) {
          stream.destroy();
          reject(bombError(limits));
        } else if (keep && size > limits.maxKeptBytes) {
          stream.destroy();
          reject(badRequest(`contents: ${entry.fileName} is larger than ${limits.maxKeptBytes} bytes`));
        } else if (keep) {
          chunks.push(chunk);
        }
      });
      stream.on('error', (streamError) => reject(badRequest(`contents: zip entry ${entry.fileName} is corrupt: ${zipMessage(streamError)}`)));
      stream.on('end', () => {
        if (keep) kept.set(entry.fileName, Buffer.concat(chunks));
        resolve();
      });
    });
  });
}

function bombError(limits: ZipReadLimits): MobileError {
  return badRequest(`contents: the zip inflates to more than ${limits.maxTotalBytes} bytes`);
}

function zipMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message)) {
    return `unsafe entry name refused (${message})`;
  }
  return message;
}
