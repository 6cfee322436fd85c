import { Chalk } from 'chalk';
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
 * Formats plain data (see `toPlain`) for stdout. The table and YAML formatters are loaded only
 * when asked for.
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
      const { formatTable } = await import('./table.js');
      return formatTable(data, options.title, { chalk: new Chalk({ level: options.color ? 1 : 0 }), width: options.width });
    }
    default:
      return formatJson(data);
  }
}
