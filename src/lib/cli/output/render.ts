import { stripVTControlCharacters } from 'node:util';
import type { OutputFormat } from '../../config/output-format.js';
import type { OutputStream } from '../cli-io.js';
import { formatJson } from './json.js';
import { formatText } from './text.js';

/** The width of tables when neither the terminal nor `$COLUMNS` tells. */
const DEFAULT_WIDTH = 80;

/** How to print a result. */
export interface RenderOptions {
  format: OutputFormat;
  /** Colour table output. */
  color: boolean;
  /** The table's title, e.g. the operation name. */
  title: string;
  /** The width tables are fitted to (see `outputWidth`). */
  width?: number;
  /** Told, for a table, what it left out to fit the width. */
  onNote?: (note: string) => void;
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
      return formatTable(data, options.title, {
        chalk: new Chalk({ level: options.color ? 1 : 0 }),
        width: options.width,
        onOmitted: (table, columns) =>
          options.onNote?.(
            `nimbus: to fit ${options.width} columns, the ${table} table leaves out ${columns.join(', ')} (--output json shows every member; choose columns with --query)`,
          ),
      });
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
 * The width tables are fitted to: the terminal's when stdout is one, else `$COLUMNS` (as a
 * shell exports it), else 80.
 */
export function outputWidth(stdout: OutputStream, env: NodeJS.ProcessEnv): number {
  if (stdout.isTTY && stdout.columns) return stdout.columns;
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : DEFAULT_WIDTH;
}

/**
 * What to say on stderr about a printed table: that there was nothing to show, or, in a
 * terminal, that the table is still wider than the terminal (an id wider than it stays whole).
 */
export function tableNote(text: string, width: number | undefined): string | undefined {
  if (text === '') return 'nimbus: the result is empty: no table to show';
  if (!width) return undefined;
  const widest = Math.max(...text.split('\n').map((line) => stripVTControlCharacters(line).length));
  if (widest <= width) return undefined;
  return `nimbus: the table is ${widest} columns wide, the terminal ${width}: lines run past its edge (choose columns with --query, or page with "less -S")`;
}
