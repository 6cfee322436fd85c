import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { safe } from 'ini';
import { FileRefusal, readBoundedFile } from '../../config/bounded-file.js';
import { configError } from '../errors/cli-error.js';
import { removeLeftovers, resolveLinks, writeFileAtomic } from './atomic-write.js';
import { withFileLock } from './file-lock.js';

const HEADER = /^\s*\[\s*(.*?)\s*\]\s*$/;

function sectionName(line: string): string | undefined {
  const match = HEADER.exec(line);
  return match ? match[1]!.replace(/\s+/g, ' ') : undefined;
}

function isIndented(line: string): boolean {
  return /^\s+\S/.test(line);
}

/** Index after the last line with content in [from, to). */
function afterLastContent(lines: string[], from: number, to: number): number {
  let end = from;
  for (let i = from; i < to; i++) if (lines[i]!.trim() !== '') end = i + 1;
  return end;
}

/**
 * Sets `key = value` in `[section]` of a shared config or credentials file's text, or in a
 * nested sub-section of it (`subsection =` followed by indented `key = value` lines, as the AWS
 * CLI writes `api_versions`), keeping every other line (other profiles, comments) as it was.
 * Values are written with the `ini` package's quoting.
 */
export function setIniValue(text: string, section: string, key: string, value: string, subsection?: string): string {
  const lines = text === '' ? [] : text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const wanted = section.replace(/\s+/g, ' ');
  const setting = `${key} = ${safe(value)}`;
  const header = lines.findIndex((line) => sectionName(line) === wanted);
  if (header < 0) {
    if (lines.length && lines.at(-1)!.trim() !== '') lines.push('');
    lines.push(`[${section}]`, ...(subsection ? [`${subsection} =`, `    ${setting}`] : [setting]));
    return `${lines.join('\n')}\n`;
  }
  let end = lines.findIndex((line, index) => index > header && sectionName(line) !== undefined);
  if (end < 0) end = lines.length;
  const keyLine = (name: string, indented: boolean) => (line: string) =>
    isIndented(line) === indented && new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[=:]`, 'i').test(line);

  if (!subsection) {
    const at = lines.slice(header + 1, end).findIndex(keyLine(key, false));
    if (at >= 0) {
      const index = header + 1 + at;
      let stop = index + 1;
      while (stop < end && isIndented(lines[stop]!)) stop++;
      lines.splice(index, stop - index, setting);
    } else {
      lines.splice(afterLastContent(lines, header + 1, end) || header + 1, 0, setting);
    }
    return `${lines.join('\n')}\n`;
  }
  const at = lines.slice(header + 1, end).findIndex(keyLine(subsection, false));
  if (at < 0) {
    lines.splice(afterLastContent(lines, header + 1, end) || header + 1, 0, `${subsection} =`, `    ${setting}`);
    return `${lines.join('\n')}\n`;
  }
  const start = header + 1 + at;
  let stop = start + 1;
  while (stop < end && isIndented(lines[stop]!)) stop++;
  const inner = lines.slice(start + 1, stop).findIndex(keyLine(key, true));
  if (inner >= 0) lines[start + 1 + inner] = `    ${setting}`;
  else lines.splice(stop, 0, `    ${setting}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Reads an INI file (missing counts as empty), applies `edit`, and writes it back, creating
 * its folder (mode 0700). `mode` (e.g. 0o600 for the credentials file) is applied to the file
 * even when it already existed. Safe against other writers and crashes: the read, edit and
 * write happen under a lock file (so concurrent writers take turns and each one's change
 * survives), and the file is replaced atomically (see `writeFileAtomic`). When `path` is a
 * symbolic link, the file it points to is rewritten and the link kept.
 */
export function updateIniFile(path: string, edit: (text: string) => string, mode = 0o644): void {
  const file = resolveLinks(path);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  withFileLock(file, () => {
    removeLeftovers(file);
    let text = '';
    try {
      text = readBoundedFile(file, undefined, 'a shared config or credentials file').toString('utf8');
    } catch (error) {
      if (!(error instanceof FileRefusal)) throw error;
      if (error.code !== 'ENOENT') throw configError(`Unable to update ${file}${error.reason}`, error);
    }
    writeFileAtomic(file, edit(text), mode);
  });
}
