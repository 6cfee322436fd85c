/**
 * Fitting a table's cells to the terminal's width. Values a person copies (ids, ARNs, names,
 * timestamps, short words) are never cut; text with spaces is wrapped at word boundaries; long
 * opaque values (tokens, base64, URLs) are shortened with a `…` marker. A table that still does
 * not fit leaves out its least important columns (as `gh` does); `--output json` is complete.
 */

/** The marker at the end of a shortened value. */
export const MARKER = '…';

/** The narrowest a shortened opaque value gets (its head is what tells one from another). */
const MIN_OPAQUE = 12;
/** The narrowest wrapped text gets. */
const MIN_TEXT = 16;
/** Opaque values up to this length stay whole (an enum member, a number, a short code). */
const SHORT = 24;

/** Members whose values a person copies: never shortened. */
const COPIED_KEY = /(Id|Ids|Arn|ARN|Name|Names|Key|Keys|Email|Version|Time|At|Date)$|^(id|arn|name|key|title|version)$/;
/** Values a person copies whatever their member: ARNs, UUIDs, timestamps, e-mail addresses. */
const COPIED_VALUE = /^(arn:\S+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\S*|\d{4}-\d{2}-\d{2}T[\d:.]+Z?|[^\s@]+@[^\s@]+)$/i;

/** How a line of a cell may be fitted into fewer columns. */
type Kind = 'whole' | 'text' | 'opaque';

/** One line of a cell: an optional `Key: ` lead (nested values) and its value. */
interface Line {
  lead: string;
  value: string;
  kind: Kind;
}

/** Splits a nested cell's line `  Key: value` into its lead and value (a plain value has no lead). */
function splitLine(line: string, column: string): Line {
  const nested = /^(\s*(?:- )?)([A-Za-z_][\w.-]*): (.*)$/.exec(line);
  const [lead, key, value] = nested ? [`${nested[1]}${nested[2]}: `, nested[2]!, nested[3]!] : ['', column, line];
  return { lead, value, kind: kindOf(key, value) };
}

function kindOf(key: string, value: string): Kind {
  if (COPIED_KEY.test(key) || COPIED_VALUE.test(value)) return 'whole';
  if (/\s/.test(value.trim())) return 'text';
  return value.length > SHORT ? 'opaque' : 'whole';
}

/** The fewest columns a line can take. */
function minWidth(line: Line): number {
  switch (line.kind) {
    case 'whole':
      return line.lead.length + line.value.length;
    case 'opaque':
      return line.lead.length + Math.min(line.value.length, MIN_OPAQUE);
    default:
      // Wrapped at spaces; a word longer than the column is shortened.
      return line.lead.length + Math.min(line.value.length, MIN_TEXT);
  }
}

/** The columns a cell takes at its natural width, and the fewest it can take. */
export function cellWidths(cell: string, column: string): { natural: number; min: number } {
  const lines = cell.split('\n');
  return {
    natural: Math.max(...lines.map((line) => line.length)),
    min: Math.max(...lines.map((line) => minWidth(splitLine(line, column)))),
  };
}

/** `text` cut to `width` columns, ending in the marker. */
function shorten(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - MARKER.length))}${MARKER}`;
}

/** Text wrapped at spaces to `width` columns, continuation lines indented by `indent`; a word too long is shortened. */
function wrap(text: string, width: number, first: string, indent: string): string[] {
  const lines: string[] = [];
  let current = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const room = width - current.length - (empty ? 0 : 1);
    if (word.length <= room) {
      current += empty ? word : ` ${word}`;
      empty = false;
      continue;
    }
    if (!empty) {
      lines.push(current);
      current = indent;
    }
    current += shorten(word, width - current.length);
    empty = false;
  }
  lines.push(current);
  return lines;
}

/** A cell fitted to `width` columns (a whole value wider than that stays whole). */
export function fitCell(cell: string, column: string, width: number): string {
  return cell
    .split('\n')
    .flatMap((text) => {
      if (text.length <= width) return [text];
      const line = splitLine(text, column);
      if (line.kind === 'whole') return [text];
      if (line.kind === 'opaque') return [`${line.lead}${shorten(line.value, width - line.lead.length)}`];
      const indent = ' '.repeat(line.lead.length);
      return wrap(line.value, width, line.lead, indent);
    })
    .join('\n');
}

/** The columns a table's borders and padding take around cells of `count` columns. */
export function chrome(count: number): number {
  return 1 + 3 * count;
}

/**
 * The width of each column so that the table takes at most `width` columns: the widest columns
 * are narrowed first, none below its fewest. Undefined when even the fewest do not fit.
 */
export function columnWidths(natural: number[], min: number[], width: number): number[] | undefined {
  const room = width - chrome(natural.length);
  const total = (cap: number) => natural.reduce((sum, wide, index) => sum + Math.max(min[index]!, Math.min(wide, cap)), 0);
  if (total(0) > room) return undefined;
  let low = 0;
  let high = Math.max(0, ...natural);
  // The largest cap under which the columns fit.
  while (low < high) {
    const cap = Math.ceil((low + high) / 2);
    if (total(cap) <= room) low = cap;
    else high = cap - 1;
  }
  return natural.map((wide, index) => Math.max(min[index]!, Math.min(wide, low)));
}

/**
 * How much a column matters when some must be left out (the lowest first, the rightmost of
 * equals): empty ones least, then the rest, then statuses and types, then ids, names and titles.
 */
export function columnRank(column: string, cells: string[]): number {
  if (cells.every((cell) => cell === '')) return 0;
  if ((COPIED_KEY.test(column) && !/(Time|At|Date)$/.test(column)) || /Title$/.test(column)) return 3;
  return /(Status|State|Type)$/.test(column) ? 2 : 1;
}
