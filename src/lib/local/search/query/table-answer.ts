import type { QueryResultItem, ScoreConfidence, TableCell } from '../../../services/search/types.js';
import type { ExtractedTable, TableCellText } from '../core/extract/html-tables.js';
import { documentTables } from '../resources/document-tables-store.js';
import { findSpans, tokenize, type Matcher } from './analyzer.js';
import { answerItem } from './answer-extract.js';
import type { CachedDoc } from './doc-cache.js';
import { documentItems, type ItemContext } from './result-items.js';

/** The most columns and rows (the header row included) a table excerpt shows, as Kendra documents. */
const MAX_COLUMNS = 5;
const MAX_ROWS = 3;

/** A cell's confidence from the share of the query's words its row and column hold; below MEDIUM is no answer. */
function confidenceOf(coverage: number): ScoreConfidence | null {
  if (coverage >= 1) return 'VERY_HIGH';
  if (coverage >= 0.75) return 'HIGH';
  if (coverage >= 0.5) return 'MEDIUM';
  return null;
}

/** The query's words (indexes into `wanted`) that a text holds. */
function wordsIn(text: string, wanted: readonly Matcher[]): Set<number> {
  const tokens = tokenize(text);
  const found = new Set<number>();
  wanted.forEach((matcher, at) => {
    if (findSpans(tokens, [matcher]).length > 0) found.add(at);
  });
  return found;
}

interface Scored {
  table: ExtractedTable;
  /** The index of the header row, or -1 when the table has none. */
  headerRow: number;
  row: number;
  column: number;
  coverage: number;
  rowWords: Set<number>[];
  columnWords: Set<number>[];
}

/** The header row of a table: its first row when every cell of it is a header. */
function headerRowOf(table: ExtractedTable): number {
  return table.rows[0]?.every((cell) => cell.header) ? 0 : -1;
}

/**
 * The most relevant cell of a table: the one whose row (its other cells, the row header among
 * them) and column header together hold the largest share of the query's words, with at least one
 * of each; the cell's own words count for its row. Undefined when no cell has both.
 */
function bestCell(table: ExtractedTable, wanted: readonly Matcher[]): Scored | undefined {
  const headerRow = headerRowOf(table);
  const width = Math.max(...table.rows.map((row) => row.length));
  const columnWords = Array.from({ length: width }, (_, column) =>
    headerRow < 0 ? new Set<number>() : wordsIn(table.rows[headerRow]![column]?.value ?? '', wanted),
  );
  const rowWords = table.rows.map((row) => wordsIn(row.map((cell) => cell.value).join(' \n '), wanted));
  let best: Scored | undefined;
  table.rows.forEach((row, rowAt) => {
    if (rowAt === headerRow || rowWords[rowAt]!.size === 0) return;
    row.forEach((cell, column) => {
      if (cell.header || columnWords[column]!.size === 0) return;
      const covered = new Set([...rowWords[rowAt]!, ...columnWords[column]!]);
      const coverage = covered.size / wanted.length;
      if (!best || coverage > best.coverage) best = { table, headerRow, row: rowAt, column, coverage, rowWords, columnWords };
    });
  });
  return best;
}

function excerptCell(cell: TableCellText | undefined, flags: { top: boolean; highlighted: boolean }): TableCell {
  return { Value: cell?.value ?? '', TopAnswer: flags.top, Highlighted: flags.highlighted, Header: cell?.header ?? false };
}

/**
 * The excerpt of a table around its best cell, as Kendra shapes it: at most five columns (the
 * best cell's, the first column that names the rows, then the columns whose headers hold the
 * query's words, in the table's order) and three rows (the header row, the best cell's row, then
 * the rows that hold the most of the query's words). The best cell is the top answer when it
 * answers the whole query (VERY_HIGH) and is highlighted when HIGH or better, as are the other
 * shown cells whose row and column together reach HIGH.
 */
function excerptOf(best: Scored, wanted: readonly Matcher[]): QueryResultItem['TableExcerpt'] {
  const { table, headerRow } = best;
  const width = Math.max(...table.rows.map((row) => row.length));
  const columns = [best.column, 0, ...Array.from({ length: width }, (_, column) => column).filter((column) => best.columnWords[column]!.size > 0)];
  for (let column = 0; column < width; column++) columns.push(column);
  const shownColumns = [...new Set(columns)].slice(0, MAX_COLUMNS).sort((a, b) => a - b);
  const bodyRows = table.rows
    .map((_, rowAt) => rowAt)
    .filter((rowAt) => rowAt !== headerRow && rowAt !== best.row && best.rowWords[rowAt]!.size > 0)
    .sort((a, b) => best.rowWords[b]!.size - best.rowWords[a]!.size || a - b);
  const rows = [...(headerRow >= 0 ? [headerRow] : []), best.row, ...bodyRows].slice(0, MAX_ROWS).sort((a, b) => a - b);
  const topConfidence = confidenceOf(best.coverage);
  return {
    Rows: rows.map((rowAt) => ({
      Cells: shownColumns.map((column) => {
        const cell = table.rows[rowAt]![column];
        if (rowAt === best.row && column === best.column) {
          return excerptCell(cell, { top: topConfidence === 'VERY_HIGH', highlighted: topConfidence !== 'MEDIUM' });
        }
        if (rowAt === headerRow || cell?.header) return excerptCell(cell, { top: false, highlighted: false });
        const coverage = new Set([...best.rowWords[rowAt]!, ...best.columnWords[column]!]).size / wanted.length;
        const confidence = best.columnWords[column]!.size > 0 ? confidenceOf(coverage) : null;
        return excerptCell(cell, { top: false, highlighted: confidence === 'HIGH' || confidence === 'VERY_HIGH' });
      }),
    })),
    TotalNumberOfRows: table.rows.length,
  };
}

/**
 * The TABLE answer of a query from the top document's HTML tables ("Tabular search for HTML"):
 * the table cell whose row and column header hold the most of the query's words, shown in a
 * `TableExcerpt` (see {@link excerptOf}) on an ANSWER item of `Format` TABLE, with the document's
 * title, URI and attributes. `null` when the document has no table whose best cell reaches MEDIUM
 * confidence (half of the query's words).
 */
export function tableAnswerItem(ctx: ItemContext, top: { doc: CachedDoc; key: string }): QueryResultItem | null {
  const wanted = ctx.plan.all.filter((matcher) => matcher.terms.length > 0);
  if (wanted.length === 0) return null;
  let best: Scored | undefined;
  for (const table of documentTables(ctx.db, top.doc.rowid)) {
    const found = bestCell(table, wanted);
    if (found && (!best || found.coverage > best.coverage)) best = found;
  }
  const confidence = best ? confidenceOf(best.coverage) : null;
  if (!best || !confidence) return null;
  const [document] = documentItems(ctx, [{ doc: top.doc, confidence: 'HIGH', key: top.key }]);
  return {
    ...document,
    Type: 'ANSWER',
    Format: 'TABLE',
    AdditionalAttributes: [],
    TableExcerpt: excerptOf(best, wanted),
    ScoreAttributes: { ScoreConfidence: confidence },
  };
}

/**
 * The ANSWER of a query from its top document: its TABLE answer, unless the query is a question
 * (`question`) with a TEXT answer and the table's is only MEDIUM (Kendra prefers a highly
 * relevant paragraph to a slightly relevant table); else its TEXT answer, for a question.
 */
export function assembleAnswer(ctx: ItemContext, top: { doc: CachedDoc; key: string }, question: boolean): QueryResultItem | null {
  const table = tableAnswerItem(ctx, top);
  const strong = table?.ScoreAttributes?.ScoreConfidence === 'VERY_HIGH' || table?.ScoreAttributes?.ScoreConfidence === 'HIGH';
  return (question && !strong ? answerItem(ctx, top) : null) ?? table;
}
