import { stripVTControlCharacters } from 'node:util';
import type { OutputFormat } from '../../config/output-format.js';
import { formatJson } from './json.js';
import { formatText } from './text.js';

/** How to print a result. */
export interface RenderOptions {
  format: OutputFormat;
  /** Colour table output. */
  color: boolean;
  /** The table's title, e.g. the operation name. */
  title: string;
  /** The terminal width tables are fitted to, when known. */
  width?: number;
}

/**
 * Formats plain data (see `toPlain`) for stdout. The table and YAML formatters (and chalk, whose
 * terminal detection loads node:tty) are loaded only when asked for.
 */
export async function render(data: unknown, options: RenderOptions): Promise<string> {
  switch (options.format) {
    case 'text':
      return formatText(data);
    case 'yaml': {
      const { formatYaml } = await import('./yaml.js');
      return formatYaml(data);
    }
    case 'table': {
      const [{ formatTable }, { Chalk }] = await Promise.all([import('./table.js'), import('chalk')]);
      return formatTable(data, options.title, { chalk: new Chalk({ level: options.color ? 1 : 0 }), width: options.width });
    }
    default:
      return formatJson(data);
  }
}

/**
 * True for a result with nothing in it (`{}`, as a call without output returns): like the AWS
 * CLI, nimbus then prints nothing in any format.
 */
export function isEmptyResult(data: unknown): boolean {
  return data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0;
}

/**
 * What to say on stderr about a printed table: that there was nothing to show, or, in a
 * terminal, that the table is wider than the terminal (tables overflow rather than split values).
 */
export function tableNote(text: string, width: number | undefined): string | undefined {
  if (text === '') return 'nimbus: the result is empty: no table to show';
  if (!width) return undefined;
  const widest = Math.max(...text.split('\n').map((line) => stripVTControlCharacters(line).length));
  if (widest <= width) return undefined;
  return `nimbus: the table is ${widest} columns wide, the terminal ${width}: lines run past its edge (choose columns with --query, or page with "less -S")`;
}
