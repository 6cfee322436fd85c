import type { ExtractedText } from './extracted-text.js';
import { ExtractionError } from './extraction-error.js';
import { readOfficeParts, partNumber } from './office-zip.js';
import { decodeXml, firstElementText, xmlText } from './xml-text.js';

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

const STRING_RULES = { text: new Set(['t']), lineBreaks: new Set<string>() };

/** The shared strings table: one entry per `<si>`, its runs joined. */
function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  return [...xml.matchAll(/<si\b[^>]*?(?:\/>|>([\s\S]*?)<\/si>)/g)].map((match) => xmlText(match[1] ?? '', STRING_RULES));
}

/** One sheet's cells, row by row, each row's cells separated by tabs. */
function sheetText(xml: string, strings: readonly string[]): string {
  const rows: string[] = [];
  for (const row of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: string[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const type = /\bt="([^"]*)"/.exec(cell[1]!)?.[1];
      const inner = cell[2] ?? '';
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let text: string | undefined;
      if (type === 's') text = value === undefined ? undefined : strings[Number(value)];
      else if (type === 'inlineStr') text = xmlText(inner, STRING_RULES);
      else if (type === 'b') text = value === undefined ? undefined : value === '1' ? 'TRUE' : 'FALSE';
      else text = value === undefined ? undefined : decodeXml(value);
      if (text) cells.push(text);
    }
    if (cells.length > 0) rows.push(cells.join('\t'));
  }
  return rows.join('\n');
}

/**
 * The text of an Excel (.xlsx) workbook: every sheet's cell values (shared and inline strings,
 * numbers, booleans, formula results) row by row; its title from the document properties.
 */
export async function xlsxText(bytes: Buffer): Promise<ExtractedText> {
  const parts = await readOfficeParts(bytes, {
    contentType: 'MS_EXCEL',
    name: 'Excel (.xlsx)',
    keep: (name) => name === SHARED_STRINGS || SHEET.test(name),
  });
  const sheets = [...parts.keys()].filter((name) => SHEET.test(name)).sort((a, b) => partNumber(a) - partNumber(b));
  if (sheets.length === 0) throw new ExtractionError('the MS_EXCEL document has no worksheets (xl/worksheets/sheet1.xml…), so it is not an Excel (.xlsx) file');
  const strings = sharedStrings(parts.get(SHARED_STRINGS));
  const text = sheets.map((name) => sheetText(parts.get(name)!, strings)).join('\n');
  const title = firstElementText(parts.get('docProps/core.xml') ?? '', 'dc:title');
  return { text, ...(title ? { title } : {}) };
}
