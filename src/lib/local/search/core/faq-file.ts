import type { AttrMap } from './attributes.js';
import { parseCsv } from './csv.js';
import type { FieldConfig } from './fields.js';
import { typedValue } from './loose-value.js';

/** A question and its answer from an FAQ file. */
export interface FaqEntry {
  question: string;
  answer: string;
  sourceUri: string | null;
  attrs: AttrMap;
}

/** The formats of FAQ files. */
export type FaqFormat = 'CSV' | 'CSV_WITH_HEADER' | 'JSON';

function entry(question: unknown, answer: unknown, sourceUri: unknown, attrs: AttrMap, where: string): FaqEntry {
  if (typeof question !== 'string' || question.trim() === '') throw new Error(`${where}: the question is empty`);
  if (typeof answer !== 'string' || answer.trim() === '') throw new Error(`${where}: the answer is empty`);
  if (sourceUri !== undefined && sourceUri !== null && sourceUri !== '' && typeof sourceUri !== 'string')
    throw new Error(`${where}: the source URI is not text`);
  const uri = typeof sourceUri === 'string' && sourceUri.trim() !== '' ? sourceUri.trim() : null;
  return { question: question.trim(), answer: answer.trim(), sourceUri: uri, attrs: uri ? { ...attrs, _source_uri: { t: 'STRING_VALUE', v: uri } } : attrs };
}

function fromCsv(source: string, header: boolean, fields: ReadonlyMap<string, FieldConfig>): FaqEntry[] {
  const rows = parseCsv(source);
  if (!header) {
    return rows.map((row, index) => {
      if (row.length < 2 || row.length > 3) throw new Error(`row ${index + 1}: a CSV FAQ row has a question, an answer and optionally a URL`);
      return entry(row[0], row[1], row[2], {}, `row ${index + 1}`);
    });
  }
  const [names, ...data] = rows;
  if (!names) throw new Error('the file is empty');
  const columns = names.map((name) => name.trim());
  const question = columns.indexOf('_question');
  const answer = columns.indexOf('_answer');
  if (question < 0 || answer < 0) throw new Error('the header must name the columns _question and _answer');
  return data.map((row, index) => {
    const where = `row ${index + 2}`;
    if (row.length !== columns.length) throw new Error(`${where}: ${row.length} fields for ${columns.length} columns`);
    const attrs: AttrMap = {};
    columns.forEach((name, column) => {
      if (column === question || column === answer || name === '_source_uri' || row[column] === '') return;
      attrs[name] = typedValue(name, row[column], fields, where);
    });
    return entry(row[question], row[answer], row[columns.indexOf('_source_uri')], attrs, where);
  });
}

function fromJson(source: string, fields: ReadonlyMap<string, FieldConfig>): FaqEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw new Error(`the file is not valid JSON: ${(error as Error).message}`);
  }
  const documents = (parsed as { FaqDocuments?: unknown } | null)?.FaqDocuments;
  if (!Array.isArray(documents)) throw new Error('the JSON file needs a FaqDocuments list');
  return (documents as unknown[]).map((document, index) => {
    const where = `FaqDocuments[${index}]`;
    const item = document as { Question?: unknown; Answer?: unknown; Attributes?: unknown } | null | undefined;
    const attrs: AttrMap = {};
    let sourceUri: unknown;
    for (const [key, value] of Object.entries((item?.Attributes ?? {}) as object)) {
      if (key === '_source_uri') sourceUri = value;
      else attrs[key] = typedValue(key, value, fields, where);
    }
    return entry(item?.Question, item?.Answer, sourceUri, attrs, where);
  });
}

/**
 * Reads an FAQ file in one of the service's formats: CSV (question, answer, optional URL; no
 * header), CSV_WITH_HEADER (`_question`, `_answer`, optional `_source_uri`, and columns named
 * after index fields), or JSON (`{"SchemaVersion": 1, "FaqDocuments": [{"Question",
 * "Answer", "Attributes"}]}`). Throws an `Error` naming the first bad row.
 */
export function parseFaqFile(source: string, format: FaqFormat, fields: ReadonlyMap<string, FieldConfig>): FaqEntry[] {
  const entries = format === 'JSON' ? fromJson(source, fields) : fromCsv(source, format === 'CSV_WITH_HEADER', fields);
  if (entries.length === 0) throw new Error('the file has no questions');
  return entries;
}
