import { opendir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { SearchDocument } from '../services/search/types.js';
import { contentTypeOf, isDocumentFile, SIDECAR_SUFFIX } from './content-types.js';
import { documentEntry, MAX_DOCUMENT_BYTES, type EntryRules } from './document-entry.js';
import { SidecarError } from '../errors/sidecar-error.js';
import { parseSidecar, type Sidecar } from './sidecar.js';
import type { ItemSource, SourceItem } from './types.js';

/** A document file and the directory its id is relative to. */
interface FoundFile {
  path: string;
  root: string;
}

function errorText(error: unknown): string {
  const cause = error as NodeJS.ErrnoException;
  if (cause?.code === 'ENOENT') return 'no such file or directory';
  if (cause?.code === 'EACCES') return 'permission denied';
  return cause?.message ?? String(error);
}

/** The document files under a directory, depth first; hidden entries and directory symlinks are skipped. */
async function* walk(directory: string, root: string, signal: AbortSignal): AsyncGenerator<FoundFile> {
  for await (const entry of await opendir(directory)) {
    if (signal.aborted) return;
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(path, root, signal);
    else if ((entry.isFile() || entry.isSymbolicLink()) && isDocumentFile(entry.name)) yield { path, root };
  }
}

/** Every document file of the given roots (directories recursively); files given directly follow the same rules, so a shell glob that also matches sidecars works. */
async function* findFiles(roots: readonly string[], signal: AbortSignal): AsyncGenerator<FoundFile> {
  const kinds: boolean[] = [];
  for (const root of roots) {
    try {
      kinds.push((await stat(root)).isDirectory());
    } catch (error) {
      throw new Error(`cannot read ${root}: ${errorText(error)}`, { cause: error });
    }
  }
  for (const [index, root] of roots.entries()) {
    if (signal.aborted) return;
    if (kinds[index]) yield* walk(root, root, signal);
    else if (isDocumentFile(basename(root))) yield { path: root, root: dirname(root) };
  }
}

/** The sidecar of a file, if it has one. */
async function readSidecar(path: string): Promise<Sidecar | undefined> {
  let text: string;
  try {
    text = await readFile(path + SIDECAR_SUFFIX, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SidecarError(`cannot read ${basename(path)}${SIDECAR_SUFFIX}: ${errorText(error)}`);
  }
  return parseSidecar(text);
}

/** The document id of a file without a sidecar id: its path relative to its root, with `/`. */
export function fileDocumentId(path: string, root: string): string {
  return relative(root, path).split(sep).join('/');
}

/** Reads one file (and its sidecar) into a source item. */
export async function fileDocument(file: FoundFile, rules: EntryRules): Promise<SourceItem<SearchDocument>> {
  const ref = { path: file.path };
  let id = fileDocumentId(file.path, file.root);
  let sidecar: Sidecar | undefined;
  try {
    sidecar = await readSidecar(file.path);
  } catch (error) {
    return { kind: 'failure', id, code: 'InvalidMetadata', message: `${basename(file.path)}${SIDECAR_SUFFIX}: ${(error as Error).message}`, ref };
  }
  id = sidecar?.id ?? id;
  const limit = rules.maxDocumentBytes ?? MAX_DOCUMENT_BYTES;
  let blob: Buffer;
  try {
    const info = await stat(file.path);
    if (!info.isFile()) return { kind: 'failure', id, code: 'ReadError', message: `${file.path} is not a regular file`, ref };
    if (info.size > limit) return { kind: 'failure', id, code: 'DocumentTooLarge', message: `the file has ${info.size} bytes; the limit is ${limit}`, ref };
    blob = await readFile(file.path);
  } catch (error) {
    return { kind: 'failure', id, code: 'ReadError', message: `cannot read ${file.path}: ${errorText(error)}`, ref };
  }
  const document: SearchDocument = { Id: id, Blob: blob, ContentType: sidecar?.contentType ?? contentTypeOf(file.path) };
  if (sidecar?.title !== undefined) document.Title = sidecar.title;
  if (sidecar?.attributes !== undefined) document.Attributes = sidecar.attributes;
  if (sidecar?.accessControlList !== undefined) document.AccessControlList = sidecar.accessControlList;
  return documentEntry(document, ref, rules);
}

/**
 * Documents from files and directories (recursively): text, Markdown, HTML, JSON, PDF, Office
 * and the other types the service indexes, each with its content type; other files, hidden
 * files and directories, and directory symlinks are skipped (a file given directly too).
 * A `<file>.metadata.json` sidecar gives the id, title, content type, attributes and access
 * control list. One file is in memory at a time. `position()` counts files once a background
 * count of the tree is done.
 */
export function fileSource(roots: readonly string[], rules: EntryRules, signal: AbortSignal): ItemSource<SearchDocument> {
  let done = 0;
  let total: number | undefined;
  const count = async (): Promise<void> => {
    let found = 0;
    for await (const _file of findFiles(roots, signal)) found++;
    if (!signal.aborted) total = found;
  };
  return {
    position: () => (total === undefined ? undefined : { done: Math.min(done, total), total }),
    async *[Symbol.asyncIterator]() {
      let counting: Promise<void> | undefined;
      for await (const file of findFiles(roots, signal)) {
        counting ??= count().catch(() => undefined);
        yield await fileDocument(file, rules);
        done++;
      }
    },
  };
}
