import Table from 'cli-table3';
import type { ChalkInstance } from 'chalk';

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
  /** The terminal's width: a list of one item too wide for it is shown as a Key/Value table. */
  width?: number;
}

/** The width of a drawn table (its first line; every line is as wide). */
function tableWidth(text: string): number {
  return (text.split('\n')[0] ?? '').length;
}

/**
 * Draws one table at the natural width of its cells: a value or an escape sequence is never
 * split over lines, so a table wider than the terminal overflows (as the AWS CLI's does).
 */
function makeTable(head: string[], rows: string[][], style: Style): string {
  // Rules between rows only when a row spans several lines.
  const multiline = rows.some((row) => row.some((cell) => cell.includes('\n')));
  const table = new Table({
    head: head.map((cell) => style.chalk.cyan(cell)),
    style: { head: [], border: [], compact: !multiline },
  });
  table.push(...rows);
  return table.toString();
}

/** Adds the tables of one value; nested sections are titled with their path (`Stats.Faq`). */
function section(title: string, path: string, value: Data, style: Style, out: string[]): void {
  const heading = style.chalk.bold(path || title);
  const child = (key: string): string => (path ? `${path}.${key}` : key);
  if (Array.isArray(value)) {
    if (!value.length) return;
    if (value.every((item) => !isObject(item))) {
      out.push(
        heading,
        makeTable(
          [title],
          value.map((item) => [cellText(item)]),
          style,
        ),
      );
      return;
    }
    const columns: string[] = [];
    for (const item of value) if (isObject(item)) for (const key of Object.keys(item)) if (!columns.includes(key)) columns.push(key);
    const rows = value.map((item) => (isObject(item) ? columns.map((key) => cellText(item[key])) : [cellText(item)]));
    const table = makeTable(columns, rows, style);
    // As the AWS CLI does, a single row too wide for the terminal turns into Key/Value rows.
    if (rows.length === 1 && style.width && tableWidth(table) > style.width && isObject(value[0])) {
      out.push(
        heading,
        makeTable(
          ['Key', 'Value'],
          columns.map((key, index) => [key, rows[0]![index]!]),
          style,
        ),
      );
      return;
    }
    out.push(heading, table);
    return;
  }
  if (isObject(value)) {
    const scalars = Object.entries(value).filter(([, item]) => !isNested(item));
    if (scalars.length)
      out.push(
        heading,
        makeTable(
          ['Key', 'Value'],
          scalars.map(([key, item]) => [key, scalarText(item)]),
          style,
        ),
      );
    for (const [key, item] of Object.entries(value)) if (isNested(item)) section(key, child(key), item, style, out);
    return;
  }
  out.push(heading, makeTable([title], [[scalarText(value)]], style));
}

/**
 * Formats plain data as tables: the scalars of a structure as a Key/Value table, each list of
 * structures as a table with one column per member (nested values as indented lines in their
 * cell), each nested structure as its own titled section.
 */
export function formatTable(data: Data, title: string, style: Style): string {
  const out: string[] = [];
  section(title, '', data, style, out);
  return out.length ? `${out.join('\n')}\n` : '';
}
