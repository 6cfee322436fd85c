import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';
import { cellWidths, chrome, columnRank, columnWidths, fitCell } from './table-fit.js';

type Data = unknown;

function isObject(value: Data): value is Record<string, Data> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isNested(value: Data): boolean {
  return value !== null && typeof value === 'object';
}

function scalarText(value: Data): string {
  return value === null || value === undefined ? '' : String(value);
}

/** A nested value inside a cell, as indented `Key: value` lines. */
function cellText(value: Data, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.every((item) => !isNested(item))) return value.map(scalarText).join(', ');
    return value.map((item) => `${indent}- ${cellText(item, `${indent}  `).trimStart()}`).join('\n');
  }
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, item]) =>
        isNested(item) && !(Array.isArray(item) && item.every((inner) => !isNested(inner)))
          ? `${indent}${key}:\n${cellText(item, `${indent}  `)}`
          : `${indent}${key}: ${cellText(item)}`,
      )
      .join('\n');
  }
  return scalarText(value);
}

/** How tables are drawn. */
export interface Style {
  chalk: ChalkInstance;
  /** The width tables are fitted to (see `table-fit.ts`). */
  width?: number;
  /** Told the columns a table left out to fit the width, with the table's title. */
  onOmitted?: (title: string, columns: string[]) => void;
}

/** The cells of a table before fitting; a table without `head` (rows of a list of lists) has none. */
interface Grid {
  head: string[];
  rows: string[][];
  /** The member a cell holds, which says whether it may be shortened. */
  member(row: number, column: number): string;
  /** Whether columns may be left out to fit (not the two of a Key/Value table). */
  droppable: boolean;
}

/** The natural width of a table, as drawn. */
function naturalWidth(grid: Grid): number {
  const columns = Math.max(grid.head.length, ...grid.rows.map((row) => row.length));
  let total = chrome(columns);
  for (let column = 0; column < columns; column++) {
    const cells = [grid.head[column] ?? '', ...grid.rows.map((row) => row[column] ?? '')];
    total += Math.max(...cells.map((cell) => Math.max(...cell.split('\n').map((line) => line.length))));
  }
  return total;
}

/**
 * The grid fitted to `width`: cells shortened or wrapped (see `table-fit.ts`), then, while
 * that is not enough, the least important column left out. Returns the fitted grid and the
 * columns left out.
 */
function fitGrid(grid: Grid, width: number): { head: string[]; rows: string[][]; omitted: string[] } {
  const count = Math.max(grid.head.length, ...grid.rows.map((row) => row.length));
  let kept = [...Array(count).keys()];
  const cell = (row: number, column: number) => grid.rows[row]![column] ?? '';
  const measure = (column: number) => {
    const header = (grid.head[column] ?? '').length;
    const sizes = grid.rows.map((_, row) => cellWidths(cell(row, column), grid.member(row, column)));
    return { natural: Math.max(header, ...sizes.map((size) => size.natural)), min: Math.max(header, ...sizes.map((size) => size.min)) };
  };
  const sizes = new Map(kept.map((column) => [column, measure(column)]));
  for (;;) {
    const widths = columnWidths(
      kept.map((column) => sizes.get(column)!.natural),
      kept.map((column) => sizes.get(column)!.min),
      width,
    );
    if (widths || !grid.droppable || kept.length === 1) {
      const fitted = widths ?? kept.map((column) => sizes.get(column)!.min);
      return {
        head: grid.head.length ? kept.map((column) => grid.head[column]!) : [],
        rows: grid.rows.map((_, row) => kept.map((column, index) => fitCell(cell(row, column), grid.member(row, column), fitted[index]!))),
        omitted: [...Array(count).keys()].filter((column) => !kept.includes(column)).map((column) => grid.head[column] ?? String(column + 1)),
      };
    }
    // Leave out the least important column, the rightmost of equals.
    const ranks = kept.map((column) =>
      columnRank(
        grid.head[column] ?? '',
        grid.rows.map((_, row) => cell(row, column)),
      ),
    );
    const lowest = Math.min(...ranks);
    const drop = kept[ranks.lastIndexOf(lowest)]!;
    kept = kept.filter((column) => column !== drop);
  }
}

/** A row of a drawn table: its cells, or one cell across both columns of a Key/Value table. */
type Row = string[] | [{ content: string; colSpan: number }];

/**
 * The rows of a Key/Value table fitted to `width`: a value that cannot be cut (an id) and does
 * not fit beside its key goes under it, across both columns.
 */
function fitKeyValue(grid: Grid, width: number): Row[] {
  const keyWidth = Math.max(3, ...grid.rows.map((row) => row[0]!.length));
  const room = width - chrome(2) - keyWidth;
  const below = grid.rows.map((row, index) => cellWidths(row[1]!, grid.member(index, 1)).min > room);
  const beside = fitGrid(keyValueGrid(grid.rows.filter((_, index) => !below[index]) as [string, string][]), width).rows;
  let next = 0;
  return grid.rows.map((row, index) => {
    if (!below[index]) return beside[next++]!;
    const value = row[1]!.replace(/^/gm, '  ');
    return [{ content: `${row[0]}\n${fitCell(value, grid.member(index, 1), width - chrome(1))}`, colSpan: 2 }];
  });
}

/** Draws one table, fitted to the style's width when it has one. */
function makeTable(title: string, grid: Grid, style: Style): string {
  let head = grid.head;
  let rows: Row[] = grid.rows;
  if (style.width && !grid.droppable) {
    rows = fitKeyValue(grid, style.width);
  } else if (style.width) {
    const fitted = fitGrid(grid, style.width);
    ({ head, rows } = fitted);
    if (fitted.omitted.length) style.onOmitted?.(title, fitted.omitted);
  }
  // Rules between rows only when a row spans several lines.
  const multiline = rows.some((row) => row.some((cell) => (typeof cell === 'string' ? cell : cell.content).includes('\n')));
  const table = new Table({
    head: head.map((cell) => style.chalk.cyan(cell)),
    style: { head: [], border: [], compact: !multiline },
  });
  table.push(...rows);
  return table.toString();
}

/** A table with one column per header. */
function columnsGrid(head: string[], rows: string[][]): Grid {
  return { head, rows, member: (_row, column) => head[column] ?? '', droppable: true };
}

/** A Key/Value table of members. */
function keyValueGrid(pairs: [string, string][]): Grid {
  return { head: ['Key', 'Value'], rows: pairs, member: (row, column) => (column === 0 ? 'Key' : pairs[row]![0]), droppable: false };
}

/** Adds the tables of one value; nested sections are titled with their path (`Stats.Faq`). */
function section(title: string, path: string, value: Data, style: Style, out: string[]): void {
  const name = path || title;
  const heading = style.chalk.bold(name);
  const child = (key: string): string => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    if (!value.length) return;
    // A list of lists (`--query 'Items[].[Name,Status]'`): a row of cells each, as the AWS CLI prints it.
    if (value.every((item) => Array.isArray(item))) {
      const rows = value.map((item) => (item as Data[]).map((cell) => cellText(cell)));
      const columns = Math.max(...rows.map((row) => row.length));
      const padded = rows.map((row) => [...row, ...Array<string>(columns - row.length).fill('')]);
      out.push(heading, makeTable(name, { head: [], rows: padded, member: () => '', droppable: true }, style));
      return;
    }
    if (value.every((item) => !isObject(item))) {
      out.push(
        heading,
        makeTable(
          name,
          columnsGrid(
            [title],
            value.map((item) => [cellText(item)]),
          ),
          style,
        ),
      );
      return;
    }
    const columns: string[] = [];
    for (const item of value) if (isObject(item)) for (const key of Object.keys(item)) if (!columns.includes(key)) columns.push(key);
    const rows = value.map((item) => (isObject(item) ? columns.map((key) => cellText(item[key])) : [cellText(item)]));
    const grid = columnsGrid(columns, rows);
    // As the AWS CLI does, a single row too wide for the terminal turns into Key/Value rows; so
    // does each row of a table that would have to leave out most of its columns to fit.
    const tooWide = style.width !== undefined && naturalWidth(grid) > style.width;
    if (tooWide && (rows.length === 1 || fitGrid(grid, style.width!).omitted.length > columns.length / 2)) {
      value.forEach((item, index) => {
        const rowName = value.length === 1 ? name : `${name}[${index}]`;
        const pairs = isObject(item)
          ? Object.entries(item).map(([key, member]): [string, string] => [key, cellText(member)])
          : [['', cellText(item)] as [string, string]];
        out.push(style.chalk.bold(rowName), makeTable(rowName, keyValueGrid(pairs), style));
      });
      return;
    }
    out.push(heading, makeTable(name, grid, style));
    return;
  }
  if (isObject(value)) {
    const scalars = Object.entries(value).filter(([, item]) => !isNested(item));
    if (scalars.length) out.push(heading, makeTable(name, keyValueGrid(scalars.map(([key, item]) => [key, scalarText(item)])), style));
    for (const [key, item] of Object.entries(value)) if (isNested(item)) section(key, child(key), item, style, out);
    return;
  }
  out.push(heading, makeTable(name, columnsGrid([title], [[scalarText(value)]]), style));
}

/**
 * Formats plain data as tables: the scalars of a structure as a Key/Value table, each list of
 * structures as a table with one column per member (nested values as indented lines in their
 * cell), each list of lists as rows of cells, each nested structure as its own titled section.
 * Each table is fitted to `style.width` when given.
 */
export function formatTable(data: Data, title: string, style: Style): string {
  const out: string[] = [];
  section(title, '', data, style, out);
  return out.length ? `${out.join('\n')}\n` : '';
}
