/** A cell of a table kept from an HTML document: its text, and whether it is a header (`<th>`, or in `<thead>`). */
export interface TableCellText {
  value: string;
  header: boolean;
}

/** A table of an HTML document, row by row as the document lays it out. */
export interface ExtractedTable {
  rows: TableCellText[][];
}

/** The most tables kept from one document. */
const MAX_TABLES = 100;
/** The most rows kept from one table. */
const MAX_ROWS = 1000;
/** The most cells kept from one row (a `colspan` counts each column it spans). */
const MAX_CELLS = 50;
/** The most characters kept from one cell. */
const MAX_CELL_CHARS = 1000;

const TABLE = /<table\b[^>]*>([\s\S]*?)<\/table\s*>/gi;
const ROW = /<tr\b[^>]*>([\s\S]*?)(?=<tr\b|$)/gi;
const CELL = /<(td|th)\b([^>]*)>([\s\S]*?)(?=<(?:td|th)\b|$)/gi;

function span(attributes: string): number {
  const given = /\bcolspan\s*=\s*["']?(\d+)/i.exec(attributes)?.[1];
  return Math.min(Math.max(given ? Number(given) : 1, 1), MAX_CELLS);
}

function rowsOf(tableHtml: string, cellText: (html: string) => string): TableCellText[][] {
  // the cells of a <thead> are headers whatever their tag
  const html = tableHtml.replace(/<thead\b[^>]*>([\s\S]*?)<\/thead\s*>/gi, (_, inner: string) => inner.replace(/<td\b/gi, '<th'));
  const rows: TableCellText[][] = [];
  for (const [, rowHtml] of html.matchAll(ROW)) {
    if (rows.length >= MAX_ROWS) break;
    const cells: TableCellText[] = [];
    for (const [, tag, attributes, inner] of rowHtml!.matchAll(CELL)) {
      const value = cellText(inner!.replace(/<\/(td|th|tr|tbody|thead|tfoot)\s*>[\s\S]*$/i, '')).slice(0, MAX_CELL_CHARS);
      for (let n = span(attributes!); n > 0 && cells.length < MAX_CELLS; n--) cells.push({ value, header: tag!.toLowerCase() === 'th' });
    }
    if (cells.length > 0) rows.push(cells);
  }
  return rows;
}

/**
 * The tables of an HTML document (`<table>` elements; one inside another ends the outer one), each
 * as rows of cells whose text `cellText` makes from their markup. Tables without a row with two
 * cells are layout, not data, and are left out. Bounded: 100 tables, 1,000 rows, 50 cells a row.
 */
export function htmlTables(markup: string, cellText: (html: string) => string): ExtractedTable[] {
  const tables: ExtractedTable[] = [];
  for (const [, tableHtml] of markup.matchAll(TABLE)) {
    if (tables.length >= MAX_TABLES) break;
    const rows = rowsOf(tableHtml!, cellText);
    if (rows.some((row) => row.length >= 2)) tables.push({ rows });
  }
  return tables;
}
