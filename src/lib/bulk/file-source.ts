import { opendir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { SearchDocument } from '../services/search/types.js';
import { contentTypeOf, fileKind, SIDECAR_SUFFIX, UNTITLED_TYPES } from './content-types.js';
import { documentEntry, MAX_DOCUMENT_BYTES, type EntryRules } from './document-entry.js';
import { BulkInputError } from '../errors/bulk-input-error.js';
import { SidecarError } from '../errors/sidecar-error.js';
import { findIdClashes, refuseIdClashes, type IdOrigin } from './id-clashes.js';
import { parseSidecar, type Sidecar } from './sidecar.js';
import { isTextFile } from './text-sniff.js';
import type { ItemSource, SourceItem } from './types.js';

/** How the files of a load get their ids. */
export interface FileIdRule {
  /**
   * The directory every id is relative to; a file outside it is refused. Without it, an id is
   * relative to the root given (`--from corpus` → `sub/a.txt`), or the file's name for a file given.
   */
  idBase?: string;
}

/** A document file and the directory its id is relative to; `sniff` when it has no extension. */
interface FoundFile {
  kind: 'file';
  path: string;
  root: string;
  sniff: boolean;
}

/** Something found that is not a document to send, and why. */
interface FoundSkip {
  kind: 'skip';
  path: string;
  reason: string;
}

type Found = FoundFile | FoundSkip;

/** Why a file without an extension is skipped. */
const NOT_TEXT = 'no extension, and the content is not text (UTF-8 without NUL bytes)';

function errorText(error: unknown): string {
  const cause = error as NodeJS.ErrnoException;
  if (cause?.code === 'ENOENT') return 'no such file or directory';
  if (cause?.code === 'EACCES') return 'permission denied';
  return cause?.message ?? String(error);
}

/** A file (or a symlink) found under `root`, by its name: a document, or a skip with its reason; nothing for a sidecar. */
async function* classify(path: string, root: string, isFile: boolean): AsyncGenerator<Found> {
  const kind = fileKind(basename(path));
  if (kind.kind === 'sidecar') return;
  if (kind.kind === 'skip') {
    yield { kind: 'skip', path, reason: kind.reason };
    return;
  }
  if (!isFile) {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      yield { kind: 'skip', path, reason: `cannot be read: ${errorText(error)}` };
      return;
    }
    if (info.isDirectory()) {
      yield { kind: 'skip', path, reason: 'a symbolic link to a directory (not followed)' };
      return;
    }
    if (!info.isFile()) {
      yield { kind: 'skip', path, reason: 'not a regular file' };
      return;
    }
  }
  yield { kind: 'file', path, root, sniff: kind.kind === 'sniff' };
}

/** The entries under a directory, depth first; hidden directories are skipped whole. */
async function* walk(directory: string, root: string, signal: AbortSignal): AsyncGenerator<Found> {
  for await (const entry of await opendir(directory)) {
    if (signal.aborted) return;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name.startsWith('.')) yield { kind: 'skip', path, reason: 'a hidden directory' };
      else yield* walk(path, root, signal);
    } else if (entry.isFile() || entry.isSymbolicLink()) yield* classify(path, root, entry.isFile());
    else yield { kind: 'skip', path, reason: 'not a regular file' };
  }
}

/** Every entry of the given roots (directories recursively); files given directly follow the same rules, so a shell glob that also matches sidecars works. */
async function* findFiles(roots: readonly string[], signal: AbortSignal): AsyncGenerator<Found> {
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
    else yield* classify(root, dirname(root), true);
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

/**
 * The document id of a file without a sidecar id: its path relative to `idBase` when given,
 * else to its root, with `/`; undefined when the file is outside `idBase`.
 */
export function fileDocumentId(path: string, root: string, idBase?: string): string | undefined {
  const id = relative(idBase === undefined ? root : resolve(idBase), resolve(path));
  if (idBase !== undefined && (id === '' || id === '..' || id.startsWith(`..${sep}`) || isAbsolute(id))) return undefined;
  return id.split(sep).join('/');
}

/** The title of a file whose format carries none: its name without the extension. */
function fileTitle(path: string): string {
  const name = basename(path);
  return name.slice(0, name.length - extname(name).length) || name;
}

/** Reads one file (and its sidecar) into a source item. */
async function fileDocument(file: FoundFile, rules: EntryRules, idRule: FileIdRule): Promise<SourceItem<SearchDocument>> {
  const ref = { path: file.path };
  let id = fileDocumentId(file.path, file.root, idRule.idBase) ?? file.path;
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
    if (info.size > limit) return { kind: 'failure', id, code: 'DocumentTooLarge', message: `the file has ${info.size} bytes; the limit is ${limit}`, ref };
    if (file.sniff && !(await isTextFile(file.path))) return { kind: 'skip', reason: NOT_TEXT, ref };
    blob = await readFile(file.path);
  } catch (error) {
    return { kind: 'failure', id, code: 'ReadError', message: `cannot read ${file.path}: ${errorText(error)}`, ref };
  }
  const contentType = sidecar?.contentType ?? contentTypeOf(file.path) ?? 'PLAIN_TEXT';
  const document: SearchDocument = { Id: id, Blob: blob, ContentType: contentType };
  const title = sidecar?.title ?? (UNTITLED_TYPES.has(contentType) ? fileTitle(file.path) : undefined);
  if (title !== undefined) document.Title = title;
  if (sidecar?.attributes !== undefined) document.Attributes = sidecar.attributes;
  if (sidecar?.accessControlList !== undefined) document.AccessControlList = sidecar.accessControlList;
  return documentEntry(document, ref, rules);
}

/** The id each file to send would go out with, for the checks before a load. */
async function* fileIds(roots: readonly string[], idRule: FileIdRule, outside: string[], signal: AbortSignal): AsyncGenerator<IdOrigin> {
  for await (const found of findFiles(roots, signal)) {
    if (found.kind === 'skip') continue;
    let sidecar: Sidecar | undefined;
    try {
      sidecar = await readSidecar(found.path);
      if (found.sniff && !(await isTextFile(found.path))) continue;
    } catch {
      continue; // The file fails when it is read: it goes out with no id.
    }
    const id = sidecar?.id ?? fileDocumentId(found.path, found.root, idRule.idBase);
    if (id === undefined) outside.push(found.path);
    else yield { id, where: found.path };
  }
}

/**
 * Checks a load before anything is sent: every file is inside the id base (when there is one),
 * and no two files have the same id (their relative paths, or sidecar `DocumentId`s).
 * @throws BulkInputError listing the files outside the id base, or the ids shared and their files.
 */
export async function checkFileIds(roots: readonly string[], idRule: FileIdRule, signal: AbortSignal): Promise<void> {
  const outside: string[] = [];
  const clashes = await findIdClashes(fileIds(roots, idRule, outside, signal));
  if (outside.length > 0) {
    const count = outside.length === 1 ? '1 file is' : `${outside.length} files are`;
    throw new BulkInputError(`${count} outside --id-base ${idRule.idBase}, so it has no id relative to it: nothing was sent`, outside);
  }
  refuseIdClashes(clashes, 'give --id-base DIR to make ids relative to one directory, or a DocumentId in a sidecar');
}

/**
 * Documents from files and directories (recursively): text, Markdown, HTML, JSON, PDF, Office
 * and the other types the service indexes, each with its content type, and files without an
 * extension whose content is text (as plain text). Hidden files and directories, other types,
 * binary files without an extension and directory symlinks are yielded as skips with the reason.
 * A `<file>.metadata.json` sidecar gives the id, title, content type, attributes and access
 * control list; without a title, a plain-text, CSV or JSON file is titled by its name without
 * the extension. One file is in memory at a time. `position()` counts files once a background
 * count of the tree is done.
 */
export function fileSource(roots: readonly string[], rules: EntryRules, signal: AbortSignal, idRule: FileIdRule = {}): ItemSource<SearchDocument> {
  let done = 0;
  let total: number | undefined;
  const count = async (): Promise<void> => {
    let found = 0;
    for await (const file of findFiles(roots, signal)) if (file.kind === 'file') found++;
    if (!signal.aborted) total = found;
  };
  return {
    position: () => (total === undefined ? undefined : { done: Math.min(done, total), total }),
    async *[Symbol.asyncIterator]() {
      let counting: Promise<void> | undefined;
      for await (const found of findFiles(roots, signal)) {
        counting ??= count().catch(() => undefined);
        if (found.kind === 'skip') {
          yield { kind: 'skip', reason: found.reason, ref: { path: found.path } };
          continue;
        }
        yield await fileDocument(found, rules, idRule);
        done++;
      }
    },
  };
}
