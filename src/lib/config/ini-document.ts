import { unsafe } from 'ini';
import { ConfigurationError } from '../errors/configuration-error.js';

/** One `[section]` of a shared config or credentials file. */
export interface IniSection {
  /** `key = value` settings. Keys are lower case, as the AWS CLI reads them. */
  settings: Record<string, string>;
  /**
   * Nested sub-sections: a `key =` line with no value followed by more-indented `key = value`
   * lines, e.g. `kendra =` / `  endpoint_url = http://…` under `[services local]`.
   */
  subsections: Record<string, Record<string, string>>;
}

/** The sections of one file, by their name exactly as written between the brackets (trimmed). */
export type IniDocument = Record<string, IniSection>;

interface PendingSetting {
  key: string;
  indent: number;
  /** The value on the key's own line, then each continuation line with its 1-based number. */
  first: string;
  continuation: { text: string; line: number }[];
}

/**
 * Parses the text of a shared config or credentials file with the structure rules of the AWS
 * CLI (Python's configparser as botocore uses it): `#` and `;` start whole-line comments, `=` or
 * `:` separates a key from its value, a more-indented line continues the previous setting, and a
 * setting with an empty value followed by indented `key = value` lines is a nested sub-section.
 * Each value is then decoded by the `ini` package (surrounding quotes removed, an unescaped `;`
 * or `#` starts an inline comment). Repeated sections merge; a repeated key keeps its last value.
 *
 * The `ini` package's own `parse` is not used for the structure because it splits section names
 * at dots (`[profile dev.admin]`), reads indented nested lines as keys of the enclosing section
 * and turns `true`/`false` into booleans.
 *
 * @param text - the file's content.
 * @param file - the file's path, named in error messages.
 * @throws ConfigurationError naming the file and line (never the line's content, which may hold
 *   a secret) when a line is neither a comment, a `[section]` header nor a `key = value` setting.
 */
export function parseIniDocument(text: string, file: string): IniDocument {
  const doc: IniDocument = Object.create(null);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  let section: IniSection | undefined;
  let pending: PendingSetting | undefined;
  const flush = (): void => {
    if (section && pending) store(section, pending, file);
    pending = undefined;
  };
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) return;
    const indent = line.length - line.trimStart().length;
    if (pending && indent > pending.indent) {
      pending.continuation.push({ text: trimmed, line: index + 1 });
      return;
    }
    flush();
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) {
      const name = header[1]!.trim();
      section = doc[name] ??= { settings: Object.create(null), subsections: Object.create(null) };
      return;
    }
    if (!section) throw parseError(file, index + 1, 'a setting comes before the first [section] header');
    const at = delimiterIndex(trimmed);
    if (at <= 0) throw parseError(file, index + 1, "expected a [section] header or 'key = value'");
    pending = {
      key: trimmed.slice(0, at).trim().toLowerCase(),
      indent,
      first: trimmed.slice(at + 1).trim(),
      continuation: [],
    };
  });
  flush();
  return doc;
}

/** The position of the first `=` or `:` (configparser's delimiters), or -1. */
function delimiterIndex(line: string): number {
  const eq = line.indexOf('=');
  const colon = line.indexOf(':');
  if (eq < 0) return colon;
  if (colon < 0) return eq;
  return Math.min(eq, colon);
}

function store(section: IniSection, setting: PendingSetting, file: string): void {
  const { key, first, continuation } = setting;
  if (first === '' && continuation.length > 0) {
    const nested: Record<string, string> = Object.create(null);
    for (const { text, line } of continuation) {
      const at = text.indexOf('=');
      if (at <= 0) throw parseError(file, line, "expected 'key = value' in a nested section");
      nested[text.slice(0, at).trim().toLowerCase()] = unsafe(text.slice(at + 1));
    }
    delete section.settings[key];
    section.subsections[key] = nested;
    return;
  }
  delete section.subsections[key];
  section.settings[key] = unsafe([first, ...continuation.map((c) => c.text)].join('\n'));
}

function parseError(file: string, line: number, problem: string): ConfigurationError {
  return new ConfigurationError(`Unable to parse ${file}, line ${line}: ${problem}`);
}
