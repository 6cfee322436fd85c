import type Database from 'better-sqlite3';
import { sql } from '../core/statements.js';
import { findSpans, tokenize, type Matcher } from './analyzer.js';
import { withoutWordBreaks } from './word-segments.js';

/** A text and the spans of it a query matched. */
export interface MarkedText {
  text: string;
  spans: Array<[number, number]>;
}

/** A highlight in the model's form. */
export interface Highlight {
  BeginOffset: number;
  EndOffset: number;
  TopAnswer: boolean;
  Type: 'STANDARD' | 'THESAURUS_SYNONYM';
}

/** How much of a long text is searched for highlights (the excerpt comes from this part). */
const MAX_HIGHLIGHTED_CHARS = 100_000;

/** The plain text of the column `name` of a full-text table for each of `rowids` (without the word breaks stored in CJK text). */
export function plainTexts(db: Database.Database, table: string, name: string, rowids: readonly number[]): Map<number, string> {
  const statement = sql(db, `SELECT ${name} FROM ${table} WHERE rowid = CAST(? AS INTEGER)`).pluck();
  const out = new Map<number, string>();
  for (const rowid of rowids) {
    const text = statement.get(rowid) as string | undefined;
    if (text !== undefined) out.set(rowid, withoutWordBreaks(text));
  }
  return out;
}

/**
 * The highlights of a text for a query: where `all` (every alternative, synonyms included)
 * matches, typed STANDARD where the user's own words (`original`) match there and
 * THESAURUS_SYNONYM where only a synonym does; only the first 100,000 characters count.
 */
export function markText(text: string, all: readonly Matcher[], original: readonly Matcher[]): MarkedText & { standard: Array<[number, number]> } {
  const tokens = tokenize(text.length > MAX_HIGHLIGHTED_CHARS ? text.slice(0, MAX_HIGHLIGHTED_CHARS) : text);
  return { text, spans: findSpans(tokens, all), standard: findSpans(tokens, original) };
}

/** The highlights of `marked` within the window `[offset, offset + length)`, relative to it. */
export function highlightsOf(marked: ReturnType<typeof markText>, offset = 0, length = Infinity): Highlight[] {
  return marked.spans
    .filter(([begin, end]) => begin >= offset && end <= offset + length)
    .map(([begin, end]) => ({
      BeginOffset: begin - offset,
      EndOffset: end - offset,
      TopAnswer: false,
      Type: marked.standard.some(([a, b]) => a < end && b > begin) ? 'STANDARD' : 'THESAURUS_SYNONYM',
    }));
}

const EXCERPT_LENGTH = 200;

/**
 * The excerpt window of a text: about 200 characters around the densest group of matches
 * (the start of the text when nothing matched), cut at word boundaries.
 */
export function excerptWindow(text: string, spans: ReadonlyArray<[number, number]>): { offset: number; length: number } {
  if (text.length <= EXCERPT_LENGTH) return { offset: 0, length: text.length };
  let bestStart = 0;
  let bestCount = 0;
  for (const [begin] of spans) {
    const count = spans.filter(([a, b]) => a >= begin && b <= begin + EXCERPT_LENGTH).length;
    if (count > bestCount) {
      bestCount = count;
      bestStart = begin;
    }
  }
  let offset = spans.length === 0 ? 0 : Math.max(0, bestStart - 40);
  if (offset > 0) {
    const space = text.lastIndexOf(' ', offset);
    offset = space >= 0 && offset - space < 30 ? space + 1 : offset;
  }
  let end = Math.min(text.length, offset + EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > offset + EXCERPT_LENGTH / 2) end = space;
  }
  return { offset, length: end - offset };
}
